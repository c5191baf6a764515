"""The arbiter's work in the hall before a round: forbidden pairings (``skak players
forbid``) and the check-in (``skak checkin``). Decided purely, like every command
(:func:`skak.records.tournament.commands.decide` hands these here).

A forbidden pairing is kept by the Swiss systems as if the two had met already (FIDE C.04.1
b, the absolute criterion C1 of C.04.3; JaVaFo's and bbpPairings' reading of TRF's ``XXP``
bans): when no pairing keeps it, the round is not paired, and the arbiter lifts the ban. A
round robin's table and a knock-out's draw are fixed, so a ban is refused there.

Closing the check-in marks every player to be paired who is not checked in as absent
(fraværende) from the round, the absence a player announces (0 points, no game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skak.errors import InputError, NotFoundError, StateError
from skak.messages import N_
from skak.model.player import Player
from skak.model.tournament import GroupBan, GroupKey, PairingBan, Tournament
from skak.pairing import PairingSystem
from skak.pairing.engine import honours_bans
from skak.records.tournament._checks import check_not_over, check_rounds_exist
from skak.records.tournament.events import (
    CheckedIn,
    CheckInClosed,
    Event,
    GroupBanDeclared,
    GroupBanLifted,
    PairingAllowed,
    PairingForbidden,
)
from skak.records.tournament.evolve import check_in_open

__all__ = [
    "CheckIn",
    "CloseCheckIn",
    "ForbidGroups",
    "ForbidPairing",
    "HallCommand",
    "decide_hall",
    "find_player",
]


@dataclass(frozen=True, slots=True)
class ForbidPairing:
    """Two players (by start number or name) must not be paired with each other in rounds
    ``first_round``–``last_round`` (all rounds when not given); ``remove`` lifts the ban."""

    players: tuple[int | str, ...]
    first_round: int = 1
    last_round: int | None = None
    remove: bool = False


@dataclass(frozen=True, slots=True)
class ForbidGroups:
    """Players of one club (``by="club"``) or one federation are not paired with each other
    in the rounds given; ``remove`` lifts the rule."""

    by: GroupKey
    first_round: int = 1
    last_round: int | None = None
    remove: bool = False


@dataclass(frozen=True, slots=True)
class CheckIn:
    """Players (by start number or name) check in for the next round; ``out`` takes their
    check-in back."""

    players: tuple[int | str, ...]
    out: bool = False


@dataclass(frozen=True, slots=True)
class CloseCheckIn:
    """Close the next round's check-in: the players not checked in are absent from it."""


HallCommand = ForbidPairing | ForbidGroups | CheckIn | CloseCheckIn


def find_player(t: Tournament, word: int | str) -> Player:
    """The player a start number or a name names: the exact name (letter case aside), else
    the one player whose name holds the word.

    :raises NotFoundError: when nobody, or more than one player, has such a name.
    """
    if isinstance(word, int) or word.strip().isdigit():
        return t.player(int(word))
    wanted = word.strip().casefold()
    exact = [p for p in t.players if p.name.casefold() == wanted]
    if len(exact) == 1:
        return exact[0]
    found = exact or [p for p in t.players if wanted and wanted in p.name.casefold()]
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotFoundError(N_("no player is called {name}", name=word))
    raise NotFoundError(
        N_(
            "{name} names several players: {players}; give the start number",
            name=word,
            players=", ".join(f"{p.name} ({p.start_number})" for p in found),
        )
    )


def decide_hall(t: Tournament, system: PairingSystem, command: HallCommand) -> list[Event]:
    """:raises SkakError: when a rule refuses the command (nothing is to be written)."""
    match command:
        case ForbidPairing():
            return _forbid_pairing(t, system, command)
        case ForbidGroups(by=by, first_round=first, last_round=last, remove=remove):
            _check_honoured(system)
            if remove:
                if not any(r.by == by for r in t.group_bans):
                    raise StateError(
                        N_("no rule keeps players of one club apart")
                        if by == "club"
                        else N_("no rule keeps players of one federation apart")
                    )
                return [GroupBanLifted(by)]
            rule = GroupBan(by, first, last)
            check_rounds_exist(t, system, [first] + ([last] if last is not None else []))
            return [] if rule in t.group_bans else [GroupBanDeclared(rule)]
        case CheckIn(players=words, out=out):
            return _check_in(t, system, words, out)
        case CloseCheckIn():
            return _close(t, system)
    raise TypeError(command)  # pragma: no cover - the union is closed


def _check_honoured(system: PairingSystem) -> None:
    if not honours_bans(system):
        raise StateError(
            N_(
                "{system} pairs by a fixed table or draw, so a forbidden pairing cannot be "
                "kept; it applies to the Swiss systems only",
                system=system.title,
            )
        )


def _forbid_pairing(t: Tournament, system: PairingSystem, command: ForbidPairing) -> list[Event]:
    _check_honoured(system)
    players = [find_player(t, w) for w in command.players]
    numbers = frozenset(p.start_number for p in players)
    if len(players) != 2 or len(numbers) != 2:
        raise InputError(N_("a forbidden pairing names two different players"))
    names = ", ".join(f"{p.name} ({p.start_number})" for p in players)
    if command.remove:
        lifted = [b for b in t.bans if b.players == numbers]
        if not lifted:
            wider = [b for b in t.bans if numbers <= b.players]
            if wider:
                raise StateError(
                    N_(
                        "{players} are kept apart as part of a larger group ({group}); "
                        "lift that group's players pair by pair",
                        players=names,
                        group=", ".join(map(str, sorted(wider[0].players))),
                    )
                )
            raise StateError(N_("no forbidden pairing of {players} to lift", players=names))
        return [PairingAllowed(b) for b in lifted]
    last = command.last_round
    check_rounds_exist(t, system, [command.first_round] + ([last] if last is not None else []))
    ban = PairingBan(numbers, command.first_round, last)
    return [] if ban in t.bans else [PairingForbidden(ban)]


def _check_in(
    t: Tournament, system: PairingSystem, words: Sequence[int | str], out: bool
) -> list[Event]:
    check_not_over(t, system, N_("there is no round left to check in for"))
    if not words:
        raise InputError(N_("name at least one player to check in"))
    number = t.next_round
    check_in_open(t, number)
    players = [find_player(t, w) for w in words]
    if out:
        missing = [p for p in players if p.start_number not in t.checked_in]
        if missing:
            raise StateError(
                N_(
                    "not checked in for round {round}: {players}",
                    round=number,
                    players=", ".join(f"{p.name} ({p.start_number})" for p in missing),
                )
            )
    else:
        away = [p for p in players if not p.is_available(number)]
        if away:
            raise StateError(
                N_(
                    "not to be paired in round {round} (withdrawn, a late entry or an announced "
                    "absence or bye): {players}",
                    round=number,
                    players=", ".join(f"{p.name} ({p.start_number})" for p in away),
                )
            )
    numbers = tuple(sorted({p.start_number for p in players}))
    if not out and set(numbers) <= t.checked_in:
        return []
    return [CheckedIn(number, numbers, out)]


def _close(t: Tournament, system: PairingSystem) -> list[Event]:
    check_not_over(t, system, N_("there is no round left to check in for"))
    number = t.next_round
    if t.checkin_closed:
        raise StateError(N_("the check-in for round {round} is closed already", round=number))
    if not t.checked_in:
        raise StateError(
            N_(
                "nobody is checked in for round {round}; check the players in first "
                "(skak checkin N …)",
                round=number,
            )
        )
    absent = tuple(
        p.start_number
        for p in t.players
        if p.is_available(number) and p.start_number not in t.checked_in
    )
    return [CheckInClosed(number, absent)]
