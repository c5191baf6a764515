"""The arbiter's lists before a round: the forbidden pairings (``skak players forbid``) and
the check-in (``skak checkin``), as every face shows them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skak.model.tournament import Tournament

__all__ = [
    "BanGroup",
    "BanRow",
    "BannedPlayer",
    "BansView",
    "CheckinRow",
    "CheckinView",
    "GroupBanRow",
    "bans_view",
    "checkin_view",
]

#: A player's place on the check-in list: checked in, not (yet) checked in, absent (marked
#: at the close or announced), or not to be paired (withdrawn, a late entry, a bye).
CheckinStatus = Literal["in", "waiting", "absent", "away"]


@dataclass(frozen=True, slots=True)
class BannedPlayer:
    start_number: int
    name: str


@dataclass(frozen=True, slots=True)
class BanRow:
    """One forbidden pairing: the players by start number and name, and its rounds."""

    players: tuple[BannedPlayer, ...]
    first_round: int
    last_round: int | None


@dataclass(frozen=True, slots=True)
class BanGroup:
    """The players of one club (federation), by start number."""

    name: str
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GroupBanRow:
    """The rule keeping clubmates (``by="club"``) or compatriots apart, with the groups it
    makes now."""

    by: str
    first_round: int
    last_round: int | None
    groups: tuple[BanGroup, ...]


@dataclass(frozen=True, slots=True)
class BansView:
    """The forbidden pairings; ``applies``: whether the tournament's pairing system keeps
    them (a Swiss system; not a round robin's table or a knock-out's draw)."""

    bans: tuple[BanRow, ...]
    groups: tuple[GroupBanRow, ...]
    applies: bool = True


def bans_view(t: Tournament) -> BansView:
    """The tournament's forbidden pairings, as declared (the pairs, then the group rules)."""
    names = {p.start_number: p.name for p in t.players}
    bans = tuple(
        BanRow(
            tuple(BannedPlayer(n, names.get(n, "?")) for n in sorted(b.players)),
            b.first_round,
            b.last_round,
        )
        for b in t.bans
    )
    groups = tuple(
        GroupBanRow(
            r.by,
            r.first_round,
            r.last_round,
            tuple(
                BanGroup(name, tuple(sorted(ns)))
                for name, ns in sorted(r.groups(t.players).items())
            ),
        )
        for r in t.group_bans
    )
    return BansView(bans, groups, _applies(t))


def _applies(t: Tournament) -> bool:
    from skak.errors import SkakError
    from skak.pairing import get_system
    from skak.pairing.engine import honours_bans

    try:
        return honours_bans(get_system(t.pairing_system))
    except SkakError:  # a system this skak does not know pairs nothing here
        return False


@dataclass(frozen=True, slots=True)
class CheckinRow:
    start_number: int
    name: str
    club: str | None
    status: CheckinStatus


@dataclass(frozen=True, slots=True)
class CheckinView:
    """The check-in for round ``round``: every player with his status, the counts, and
    whether it is closed."""

    round: int
    closed: bool
    players: tuple[CheckinRow, ...]
    checked_in: int
    waiting: int


def checkin_view(t: Tournament) -> CheckinView:
    number = t.next_round
    rows = []
    for p in t.players:
        status: CheckinStatus
        if p.start_number in t.checked_in:
            status = "in"
        elif p.is_available(number):
            status = "waiting"
        elif number in p.absent_rounds:
            status = "absent"
        else:
            status = "away"
        rows.append(CheckinRow(p.start_number, p.name, p.club, status))
    return CheckinView(
        number,
        t.checkin_closed,
        tuple(rows),
        sum(1 for r in rows if r.status == "in"),
        sum(1 for r in rows if r.status == "waiting"),
    )
