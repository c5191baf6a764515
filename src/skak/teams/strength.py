"""Strength lists (styrkelister), DSU 003 §5.1 §9 b 3 and §11.

A club files one list for the season: its players in order of strength, each with the
team he is registered for (spillere der ikke er tilknyttet et hold er reserver), and a mark
for every player who is neither a Danish citizen nor resident in the Danish realm or South
Schleswig (§9 b 3). A later change (§11: a new member placed where the club wishes, players
who slide out of a team moved down to the team below) is an addition to that list
("enhver tilføjelse til den oprindeligt indsendte styrkeliste"): :func:`amend` makes the
club's new list from the list in force and the change, every player the change does not
name kept with his team and his place in the order. The new list counts only 30 days after
the tournament leader received the club chairman's written notice (§10 c, §11): until then
the earlier list holds, for the new players and the changed teams alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta

from skak.errors import InputError
from skak.messages import N_, N_plural, Phrases

__all__ = [
    "NOTICE_DAYS",
    "ListedPlayer",
    "StrengthList",
    "amend",
    "amend_notes",
    "check_list_change",
    "numbered",
]

#: §10 c / §11: "tidligst anvendes 30 dage efter at turneringslederen har modtaget besked".
NOTICE_DAYS = 30


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player on a strength list.

    ``number`` is his place on the list (styrkelistenummer, 1 the strongest); ``team`` the
    club team number he is registered for (1: the club's first team), ``None`` for a
    reserve; ``foreign`` is §9 b 3's mark; ``other_club`` that the club could not confirm
    §10 c (he played in the division or district tournament for another club this season).
    """

    number: int
    id: str
    name: str
    team: int | None = None
    foreign: bool = False
    other_club: bool = False


@dataclass(frozen=True, slots=True)
class StrengthList:
    """A club's strength list; ``notified`` is the day the tournament leader received it
    (``None``: the list filed by the deadline of §9 b, in force from the start)."""

    club: str
    players: tuple[ListedPlayer, ...]
    notified: date | None = None

    def __post_init__(self) -> None:
        numbers = [p.number for p in self.players]
        if len(set(numbers)) != len(numbers):
            n = next(n for n in numbers if numbers.count(n) > 1)
            who = " and ".join(f"{p.name} ({p.id})" for p in self.players if p.number == n)
            raise InputError(f"{self.club}'s strength list gives number {n} to {who}")
        ids = [p.id for p in self.players]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise InputError(f"{self.club}'s strength list holds {', '.join(twice)} twice")

    @property
    def in_force_from(self) -> date | None:
        """The first day the list may be used (§10 c, §11); ``None``: from the start."""
        return None if self.notified is None else self.notified + timedelta(days=NOTICE_DAYS)

    def in_force_on(self, day: date) -> bool:
        start = self.in_force_from
        return start is None or day >= start

    def player(self, ident: str) -> ListedPlayer | None:
        for p in self.players:
            if p.id == ident:
                return p
        return None

    def ordered(self) -> tuple[ListedPlayer, ...]:
        return tuple(sorted(self.players, key=lambda p: p.number))

    def team_players(self, team: int) -> tuple[ListedPlayer, ...]:
        return tuple(p for p in self.ordered() if p.team == team)


def amend(
    previous: StrengthList | None, change: StrengthList, *, replace: bool = False
) -> StrengthList:
    """5.1 §11: the club's list after ``change``, a list filed during the season.

    §11 provides for additions only ("For enhver tilføjelse til den oprindeligt indsendte
    styrkeliste"; "Den indbyrdes rækkefølge på styrkelisten må ikke ændres"): a new member
    placed where the club wishes, and the players who slide out of a team moved down. So
    the change amends the club's newest list: each player it names takes the place it gives
    him (his number on the amended list) with the team and the marks it gives; the players
    it does not name keep their teams, their marks and their order in the places left; the
    whole is numbered 1, 2, … A change that names every player is the club's whole new list,
    as before. ``replace`` (setting): the change *is* the whole new list, and the players it
    leaves out are off the list once it holds (:func:`amend_notes` names them).
    """
    if previous is None or replace:
        return change
    named = {p.id for p in change.players}
    placed = sorted(change.players, key=lambda p: p.number)
    kept = [p for p in previous.ordered() if p.id not in named]
    order: list[ListedPlayer] = []
    i = j = 0
    while i < len(placed) or j < len(kept):
        if i < len(placed) and (j == len(kept) or placed[i].number <= len(order) + 1):
            order.append(placed[i])
            i += 1
        else:
            order.append(kept[j])
            j += 1
    return StrengthList(change.club, numbered(order), change.notified)


def amend_notes(
    previous: StrengthList | None,
    change: StrengthList,
    new: StrengthList,
    *,
    replace: bool = False,
) -> list[str]:
    """What the leader should know of how a change made the club's new list ``new``
    (:func:`amend`): the players a change adds and where, with how many it leaves as they
    were; with ``replace``, the players the new list drops."""
    if previous is None:
        return []
    start = new.in_force_from
    named = {p.id for p in change.players}
    if replace:
        dropped = [p for p in previous.ordered() if new.player(p.id) is None]
        if not dropped:
            return []
        return [
            N_plural(
                "{club}: the new list replaces the club's whole list and leaves out {names}: "
                "from {start} he is not on the strength list and may not play (5.1 §10 c, §11)",
                "{club}: the new list replaces the club's whole list and leaves out {names}: "
                "from {start} they are not on the strength list and may not play "
                "(5.1 §10 c, §11)",
                len(dropped),
                club=new.club,
                names=", ".join(f"{p.name} ({p.id})" for p in dropped),
                start=start,
            )
        ]
    kept = sum(1 for p in previous.players if p.id not in named)
    if not kept:
        return []
    added = [p for p in new.ordered() if previous.player(p.id) is None]
    if not added:
        return [
            N_plural(
                "{club}: the change amends the club's strength list (5.1 §11); the player it "
                "does not name keeps his team and his place",
                "{club}: the change amends the club's strength list (5.1 §11); the {n} "
                "players it does not name keep their teams and their order",
                kept,
                club=new.club,
            )
        ]
    placed = Phrases(
        ", ", [N_("{name} as no. {number}", name=p.name, number=p.number) for p in added]
    )
    return [
        N_plural(
            "{club}: the change adds {placed} to the club's strength list (5.1 §11); the "
            "player it does not name keeps his team and his place",
            "{club}: the change adds {placed} to the club's strength list (5.1 §11); the {n} "
            "players it does not name keep their teams and their order",
            kept,
            club=new.club,
            placed=placed,
        )
    ]


def check_list_change(previous: StrengthList | None, new: StrengthList) -> list[str]:
    """Check a list against the club's previous one; :returns: notes for the leader.

    A player moved up to a higher team is noted, not refused: §11 writes only of players
    sliding down when a new player pushes them out, but forbids nothing else, and the order
    (which is checked) is what §10 b protects.

    :raises InputError: §11 refuses a later list that changes the order of the players who
        stay (den indbyrdes rækkefølge må ikke ændres), or adds a player who is neither a
        Danish citizen nor resident; a later list needs the day the leader received it.
    """
    if previous is None:
        return []
    if new.notified is None:
        raise InputError(
            f"{new.club}: a change of the strength list counts from the day the tournament "
            "leader received the chairman's written notice (5.1 §11); give that day"
        )
    if previous.notified is not None and new.notified < previous.notified:
        raise InputError(
            f"{new.club}: the change was received {new.notified}, before the previous one "
            f"({previous.notified})"
        )
    old = {p.id: p for p in previous.players}
    stay_old = [p.id for p in previous.ordered() if new.player(p.id) is not None]
    stay_new = [p.id for p in new.ordered() if p.id in old]
    if stay_old != stay_new:
        moved = next(a for a, b in zip(stay_old, stay_new, strict=True) if a != b)
        raise InputError(
            f"{new.club}: the new list changes the order of the players already on it "
            f"(first at {moved}); 5.1 §11: 'Den indbyrdes rækkefølge på styrkelisten må "
            "ikke ændres'"
        )
    problems = []
    notes = []
    start = new.in_force_from
    for p in new.ordered():
        before = old.get(p.id)
        if before is None:
            if p.foreign:
                problems.append(
                    f"{p.name} ({p.id}) is neither a Danish citizen nor resident: only such "
                    "players can be added during the season (5.1 §11)"
                )
            continue
        if _up(before.team, p.team):
            notes.append(
                f"{new.club}: {p.name} ({p.id}) moves up from team {_team(before.team)} to "
                f"team {_team(p.team)}; §11 writes only of players moving down when a new "
                "player pushes them out, so the tournament leader may want to look at it "
                "(5.1 §11, §17)"
            )
    if problems:
        raise InputError(f"{new.club}'s new strength list is refused", problems=problems)
    added = [p.name for p in new.ordered() if p.id not in old]
    if added:
        notes.append(f"{new.club}: {', '.join(added)} may play from {start} (5.1 §10 c, §11)")
    changed = [p.name for p in new.ordered() if p.id in old and old[p.id].team != p.team]
    if changed:
        notes.append(
            f"{new.club}: the new teams of {', '.join(changed)} hold from {start} (5.1 §11)"
        )
    return notes


def _up(before: int | None, after: int | None) -> bool:
    """A move to a higher team: a smaller team number (a reserve has no team to move from)."""
    return before is not None and after is not None and after < before


def _team(team: int | None) -> str:
    return "reserve" if team is None else str(team)


def numbered(players: Sequence[ListedPlayer]) -> tuple[ListedPlayer, ...]:
    """The players as given, numbered 1, 2, … in that order."""
    return tuple(replace(p, number=i) for i, p in enumerate(players, start=1))
