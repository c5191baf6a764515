"""DSU 6.7: the team championship in correspondence chess (Danmarksturneringen for hold).

Teams of 4 on boards 1–4 (6.7.2.1); every player plays one game against each player on the
same board of the other teams in the group (6.7.2.3).

* 6.7.4.5: the club with the most points wins. Equal points: the games between the clubs
  equal decide; then, over all games, 4 points for a win on board 1, 3 on board 2, 2 on
  board 3 and 1 on board 4; then the same for the games between them only; then lots.
* 6.7.5.1: a division team's "score" (its percentage in the finished and reported games
  on the closing day of entries) decides where it may play next year.
* 6.7.6.2: a team's average rating is the sum of its four players' ratings divided by 4.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.correspondence.groups import RESULTS
from skak.errors import InputError

__all__ = [
    "BOARD_WEIGHTS",
    "Division",
    "TeamGame",
    "TeamRow",
    "average_rating",
    "division_for",
    "team_standings",
]

#: 6.7.4.5: points for a win on boards 1–4.
BOARD_WEIGHTS = {1: 4, 2: 3, 3: 2, 4: 1}


@dataclass(frozen=True, slots=True)
class TeamGame:
    """One game: the board, the clubs with White and Black, the result (``None``: being
    played)."""

    board: int
    white: str
    black: str
    result: str | None = None

    def __post_init__(self) -> None:
        if self.board not in BOARD_WEIGHTS:
            raise InputError(f"board {self.board}: a team has boards 1–4 (6.7.2.1)")
        if self.result is not None and self.result not in RESULTS:
            raise InputError(
                f"board {self.board} {self.white} – {self.black}: result {self.result!r} is "
                "not 1-0, 0-1 or 1/2-1/2"
            )
        if self.white == self.black:
            raise InputError(f"board {self.board}: {self.white} cannot meet itself")

    def points(self, club: str) -> Fraction:
        if self.result is None or club not in (self.white, self.black):
            return Fraction(0)
        w, b = RESULTS[self.result]
        return w if club == self.white else b

    def between(self, clubs: set[str]) -> bool:
        return self.white in clubs and self.black in clubs


@dataclass(frozen=True, slots=True)
class TeamRow:
    """A club's line: rank, points, and each tie-break as far as it was needed (``None``
    where not); ``lots`` when only a drawing of lots can part it from the clubs it shares
    its rank with."""

    rank: int
    club: str
    points: Fraction
    mutual: Fraction | None
    weighted: Fraction | None
    mutual_weighted: Fraction | None
    lots: bool


def _weighted(club: str, games: Sequence[TeamGame], draws: bool) -> Fraction:
    total = Fraction(0)
    for g in games:
        got = g.points(club)
        if got == 1 or (draws and got):
            total += got * BOARD_WEIGHTS[g.board]
    return total


def team_standings(
    clubs: Sequence[str], games: Sequence[TeamGame], *, draws_count: bool = True
) -> tuple[TeamRow, ...]:
    """6.7.4.5's order of the clubs of a division or group.

    ``draws_count``: a draw gives half the board's points in the weighted count (the text
    names wins only; see docs/interpretations.md), else nothing.

    :raises InputError: for a game of a club not in the group.
    """
    known = set(clubs)
    for g in games:
        for c in (g.white, g.black):
            if c not in known:
                raise InputError(f"board {g.board} {g.white} – {g.black}: {c} is not in the group")
    points = {c: sum((g.points(c) for g in games), Fraction(0)) for c in clubs}
    values: dict[str, dict[str, Fraction]] = {c: {} for c in clubs}

    def mutual(group: set[str]) -> Callable[[str], Fraction]:
        inside = [g for g in games if g.between(group)]
        return lambda c: sum((g.points(c) for g in inside), Fraction(0))

    def weighted(_group: set[str]) -> Callable[[str], Fraction]:
        return lambda c: _weighted(c, games, draws_count)

    def mutual_weighted(group: set[str]) -> Callable[[str], Fraction]:
        inside = [g for g in games if g.between(group)]
        return lambda c: _weighted(c, inside, draws_count)

    steps = [("mutual", mutual), ("weighted", weighted), ("mutual_weighted", mutual_weighted)]

    def split(group: list[str], step: int) -> list[list[str]]:
        if len(group) == 1 or step == len(steps):
            return [group]
        name, make = steps[step]
        value = make(set(group))
        for c in group:
            values[c][name] = value(c)
        out: list[list[str]] = []
        for v in sorted({values[c][name] for c in group}, reverse=True):
            out += split(sorted(c for c in group if values[c][name] == v), step + 1)
        return out

    order: list[list[str]] = []
    for p in sorted(set(points.values()), reverse=True):
        order += split(sorted(c for c in clubs if points[c] == p), 0)
    rows = []
    rank = 1
    for tied in order:
        for c in tied:
            v = values[c]
            rows.append(
                TeamRow(
                    rank, c, points[c], v.get("mutual"), v.get("weighted"),
                    v.get("mutual_weighted"), len(tied) > 1,
                )
            )  # fmt: skip
        rank += len(tied)
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class Division:
    """Where a team may play next (1, 2 or 3) and why (6.7.5.1)."""

    division: int
    reason: str


def division_for(
    division: int, points: Fraction, finished: int, *, group_winner: bool = False
) -> Division:
    """6.7.5.1: the division a team's score entitles it to.

    1st division: at least 40 % stays, below goes to the 2nd. 2nd division: at least 75 %
    goes up, at least 40 % stays, below goes to the 3rd. 3rd division: a group's winner may
    go up (one from each group, 6.7.5.1 2nd division), the others stay. The TL composes a
    division of more or fewer than 7 qualified teams (6.7.5.1); that is not decided here.
    """
    if division not in (1, 2, 3):
        raise InputError(f"division {division}: the divisions are 1, 2 and 3 (6.7.1.1)")
    if division == 3:
        if group_winner:
            return Division(2, "winner of its 3rd-division group (6.7.5.1)")
        return Division(3, "the 3rd division needs no qualification (6.7.5.1)")
    if finished < 1 or not 0 <= points <= finished:
        raise InputError(f"{points} points in {finished} finished games cannot be a score")
    score = points / finished
    pct = f"{float(score * 100):.1f} %".replace(".0 %", " %")
    if division == 1:
        if score >= Fraction(40, 100):
            return Division(1, f"{pct} in the 1st division, at least 40 % (6.7.5.1 a)")
        return Division(2, f"{pct} in the 1st division, below 40 % (6.7.5.1)")
    if score >= Fraction(75, 100):
        return Division(1, f"{pct} in the 2nd division, at least 75 % (6.7.5.1 b)")
    if score >= Fraction(40, 100):
        return Division(2, f"{pct} in the 2nd division, 40 % to below 75 % (6.7.5.1)")
    return Division(3, f"{pct} in the 2nd division, below 40 % (6.7.5.1)")


def average_rating(ratings: Sequence[int]) -> Fraction:
    """6.7.6.2: the sum of the four players' (final or provisional) ratings divided by 4."""
    if len(ratings) != 4:
        raise InputError(f"a team has 4 players; {len(ratings)} ratings given (6.7.6.2)")
    return Fraction(sum(ratings), 4)
