"""Who must not be paired with whom: bans pair by pair (:class:`PairingBan`, TRF's ``XXP``
and ``260`` lines) and by club or federation (:class:`GroupBan`), a tournament's
:attr:`~skak.model.tournament.Tournament.bans` and
:attr:`~skak.model.tournament.Tournament.group_bans`.

Kept apart from :mod:`skak.model.tournament` (which names them, and gives them by their old
names too) so that a run that reads a file and pairs or ranks it, which has no bans, does not
make their classes on every start.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from skak.errors import InputError

if TYPE_CHECKING:
    from skak.model.player import Player

__all__ = ["GroupBan", "GroupKey", "PairingBan"]


def _check_rounds(first: int, last: int | None) -> None:
    """:raises InputError: when a ban's rounds ``first``–``last`` are no range."""
    if first < 1 or (last is not None and last < first):
        raise InputError(f"a pairing ban's rounds {first}–{last} are no range")


def _within(round_number: int, first: int, last: int | None) -> bool:
    """Whether a ban of rounds ``first``–``last`` (to the end: ``None``) holds in
    ``round_number``."""
    return first <= round_number and (last is None or round_number <= last)


@dataclass(frozen=True, slots=True)
class PairingBan:
    """Players who must not be paired with each other (e.g. from one club or family), in
    rounds ``first_round``–``last_round`` (all rounds when not given).

    TRF's ``XXP`` (JaVaFo) and ``260`` (TRF-2026) lines.
    """

    players: frozenset[int]
    first_round: int = 1
    last_round: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.players, frozenset):
            object.__setattr__(self, "players", frozenset(self.players))
        if len(self.players) < 2:
            raise InputError("a pairing ban needs at least two players")
        _check_rounds(self.first_round, self.last_round)

    def applies(self, round_number: int) -> bool:
        return _within(round_number, self.first_round, self.last_round)


#: What a :class:`GroupBan` groups players by: their club, or their federation.
GroupKey = Literal["club", "federation"]


@dataclass(frozen=True, slots=True)
class GroupBan:
    """No two players of one club (``by="club"``) or one federation are paired with each
    other in rounds ``first_round``–``last_round`` (all rounds when not given): a club
    championship's early rounds, say (``skak players forbid --same-club --rounds 1-3``).

    Players without a club (federation) belong to no group. The rule is kept as declared and
    read as :class:`PairingBan` groups when a round is paired
    (:meth:`~skak.model.tournament.Tournament.pairing_bans`),
    so a player who changes club is grouped by his club at that time.
    """

    by: GroupKey
    first_round: int = 1
    last_round: int | None = None

    def __post_init__(self) -> None:
        if self.by not in ("club", "federation"):
            raise InputError(f"players are grouped by club or federation, not {self.by!r}")
        _check_rounds(self.first_round, self.last_round)

    def applies(self, round_number: int) -> bool:
        return _within(round_number, self.first_round, self.last_round)

    def groups(self, players: tuple[Player, ...]) -> dict[str, frozenset[int]]:
        """The players of each club (federation) with two or more, by its name as written
        first (letter case and spaces around it do not tell two clubs apart)."""
        found: dict[str, tuple[str, set[int]]] = {}
        for p in players:
            name = p.club if self.by == "club" else p.federation
            if name and name.strip():
                key = name.strip().casefold()
                found.setdefault(key, (name.strip(), set()))[1].add(p.start_number)
        return {name: frozenset(ns) for name, ns in found.values() if len(ns) >= 2}
