"""DSU 6.5 and 6.6: the classes of the individual championship (K-skak-EMT) and the cup.

6.5: the classes are DM, master (M), qualification (K) and open (Å); a group has 7 players
and 6 games each (the DM class: a double round robin below 7 players).

* 6.5.2.2 / 6.5.2.3: the DM class keeps a player with at least 45 % there (within the last
  3 years); below 45 % he goes down to the master class; a master-class player with at
  least 5 points (within 2 years) goes up.
* 6.5.3.2 a: a player may enter a class where his latest result (within 3 years) was 2 to
  4½ points; the class above with at least 5 points or first place (shared first places
  all count; within 2 years); the class below after relegation (within 3 years).
  6.5.3.3: fewer than 2 points go down one class; nobody goes down from the open class.
* 6.5.3.2 c, d: ICCF results and the over-the-board rating give a class; f: a player
  without an EMT game in the last 3 years is a first-timer (open class unless b–d).
* 6.6: the cup (pokalturneringen): preliminary groups of 7, tapering with groups of 6
  (6.6.1.1); the rights a semifinal and a final give in the EMT (6.6.2).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from dateutil.relativedelta import relativedelta

from skak.errors import InputError

__all__ = [
    "ClassOutcome",
    "CupRight",
    "EmtClass",
    "EmtResult",
    "Entitlement",
    "class_from_iccf",
    "class_from_rating",
    "class_outcome",
    "cup_dm_places",
    "cup_right",
    "entitled_class",
    "preliminary_groups",
]


class EmtClass(Enum):
    """The EMT's classes, lowest first (6.5.1)."""

    OPEN = "Å"
    QUALIFICATION = "K"
    MASTER = "M"
    DM = "DM"

    @property
    def rank(self) -> int:
        return list(EmtClass).index(self)

    def above(self) -> EmtClass | None:
        order = list(EmtClass)
        return order[self.rank + 1] if self.rank + 1 < len(order) else None

    def below(self) -> EmtClass | None:
        return list(EmtClass)[self.rank - 1] if self.rank > 0 else None

    @classmethod
    def parse(cls, text: str) -> EmtClass:
        names = {
            "å": cls.OPEN, "a": cls.OPEN, "open": cls.OPEN, "åben": cls.OPEN,
            "k": cls.QUALIFICATION, "qualification": cls.QUALIFICATION,
            "kvalifikation": cls.QUALIFICATION, "m": cls.MASTER, "master": cls.MASTER,
            "mester": cls.MASTER, "dm": cls.DM,
        }  # fmt: skip
        found = names.get(text.strip().lower())
        if found is None:
            raise InputError(f"unknown EMT class {text!r}: DM, M, K or Å (6.5.1)")
        return found


DM_KEEP = Fraction(45, 100)  # 6.5.2.2 a, 6.5.2.3 a
UP_POINTS = Fraction(5)  # 6.5.2.2 c, 6.5.3.2 a
DOWN_BELOW = Fraction(2)  # 6.5.3.3


@dataclass(frozen=True, slots=True)
class ClassOutcome:
    """What a result in a class leads to: ``up``, ``stays`` or ``down``, the class, the rule."""

    outcome: str
    next_class: EmtClass
    rule: str
    reason: str


def class_outcome(
    cls: EmtClass, points: Fraction, games: int, *, first_place: bool = False
) -> ClassOutcome:
    """6.5.2.2, 6.5.2.3, 6.5.3.2 a, 6.5.3.3: a finished group's result for one player.

    >>> class_outcome(EmtClass.QUALIFICATION, Fraction(5), 6).outcome
    'up'
    """
    if games < 1 or not 0 <= points <= games:
        raise InputError(f"{points} points in {games} games cannot be a result")
    if cls is EmtClass.DM:
        score = points / games
        if score >= DM_KEEP:
            return ClassOutcome(
                "stays", cls, "6.5.2.2 a", f"{_pct(score)} in the DM class, at least 45 %"
            )
        return ClassOutcome(
            "down", EmtClass.MASTER, "6.5.2.3 a", f"{_pct(score)} in the DM class, below 45 %"
        )
    up, down = cls.above(), cls.below()
    assert up is not None
    if points >= UP_POINTS:
        rule = "6.5.2.2 c" if up is EmtClass.DM else "6.5.3.2 a"
        return ClassOutcome("up", up, rule, f"{_pts(points)} points, at least 5")
    if first_place and up is not EmtClass.DM:
        return ClassOutcome("up", up, "6.5.3.2 a", f"first place with {_pts(points)} points")
    if points < DOWN_BELOW and down is not None:
        return ClassOutcome("down", down, "6.5.3.3", f"{_pts(points)} points, fewer than 2")
    if points < DOWN_BELOW:
        return ClassOutcome("stays", cls, "6.5.3.3", "nobody goes down from the open class")
    return ClassOutcome("stays", cls, "6.5.3.2 a", f"{_pts(points)} points, 2 to 4½")


def _pct(score: Fraction) -> str:
    return f"{float(score * 100):.1f} %".replace(".0 %", " %")


def _pts(points: Fraction) -> str:
    whole, half = divmod(points * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


@dataclass(frozen=True, slots=True)
class EmtResult:
    """A player's finished EMT group: the class, the day it ended, points and games, and
    whether he was first (equal first places all count, 6.5.3.2 a)."""

    cls: EmtClass
    finished: dt.date
    points: Fraction
    games: int
    first_place: bool = False

    def outcome(self) -> ClassOutcome:
        return class_outcome(self.cls, self.points, self.games, first_place=self.first_place)


@dataclass(frozen=True, slots=True)
class Entitlement:
    """The highest class a player may enter, and why (every class he may enter, highest
    first, each with its reason)."""

    cls: EmtClass
    reasons: tuple[tuple[EmtClass, str], ...]


def _within(day: dt.date, on: dt.date, years: int) -> bool:
    return on - relativedelta(years=years) <= day <= on


def class_from_rating(rating: int) -> EmtClass:
    """6.5.3.2 d: over-the-board rating 2100 and above: M; 1900–2099: K; below: Å."""
    if rating >= 2100:
        return EmtClass.MASTER
    return EmtClass.QUALIFICATION if rating >= 1900 else EmtClass.OPEN


def entitled_class(
    results: Sequence[EmtResult], on: dt.date, *, rating: int | None = None
) -> Entitlement:
    """6.5.2.2, 6.5.2.3 and 6.5.3.2 a, d, f: the classes a player may enter on ``on``.

    From his EMT results: the DM class with at least 45 % in his latest DM group within 3
    years, or 5 points in the master class within 2 years and no DM result since; any
    other class with 2–4½ points at his latest participation in it within 3 years, 5
    points or first place at his latest in the class below within 2 years, or when his
    latest result within 3 years was a relegation from the class above. Without an EMT
    result in 3 years he is a first-timer: the open class, or by ``rating`` (d).
    """
    recent = sorted((r for r in results if _within(r.finished, on, 3)), key=lambda r: r.finished)
    found: list[tuple[EmtClass, str]] = []
    if recent:

        def latest_in(cls: EmtClass, years: int) -> EmtResult | None:
            of = [r for r in recent if r.cls is cls and _within(r.finished, on, years)]
            return of[-1] if of else None

        dm = latest_in(EmtClass.DM, 3)
        if dm is not None and dm.outcome().outcome == "stays":
            found.append((EmtClass.DM, f"DM class {dm.finished.isoformat()}: 45 % (6.5.2.2 a)"))
        m = latest_in(EmtClass.MASTER, 2)
        if m is not None and m.points >= UP_POINTS and (dm is None or dm.finished < m.finished):
            found.append(
                (EmtClass.DM, f"master class {m.finished.isoformat()}: 5 points (6.5.2.2 c)")
            )
        last = recent[-1]
        for cls in (EmtClass.MASTER, EmtClass.QUALIFICATION):
            own = latest_in(cls, 3)
            if own is not None and DOWN_BELOW <= own.points < UP_POINTS:
                found.append((cls, f"{_pts(own.points)} points in it {own.finished.isoformat()}"
                              " (6.5.3.2 a)"))  # fmt: skip
            below = cls.below()
            lower = latest_in(below, 2) if below is not None else None
            if lower is not None and (lower.points >= UP_POINTS or lower.first_place):
                found.append((cls, f"up from {lower.cls.value} {lower.finished.isoformat()}"
                              " (6.5.3.2 a)"))  # fmt: skip
            if last.cls is cls.above() and last.outcome().outcome == "down":
                found.append((cls, f"down from {last.cls.value} {last.finished.isoformat()}"
                              " (6.5.3.2 a, 6.5.3.3)"))  # fmt: skip
    elif rating is not None:
        by_rating = class_from_rating(rating)
        found.append((by_rating, f"rating {rating}, no EMT result in 3 years (6.5.3.2 d, f)"))
    found.append((EmtClass.OPEN, "open to every player (6.5.3.2 f)"))
    found.sort(key=lambda f: -f[0].rank)
    return Entitlement(found[0][0], tuple(found))


#: 6.5.3.2 c: ICCF results as an EMT class: (event, lowest score in %, class); "place"
#: events (the cup final) by place instead.
_ICCF = {
    "world-final": [(0, EmtClass.DM)],
    "candidates": [(0, EmtClass.DM)],
    "european-final": [(67, EmtClass.DM), (33, EmtClass.MASTER), (0, EmtClass.QUALIFICATION)],
    "world-semifinal": [(67, EmtClass.DM), (33, EmtClass.MASTER), (0, EmtClass.QUALIFICATION)],
    "m-class": [(75, EmtClass.DM), (33, EmtClass.MASTER), (0, EmtClass.QUALIFICATION)],
    "h-class": [(75, EmtClass.MASTER), (33, EmtClass.QUALIFICATION), (0, EmtClass.OPEN)],
    "o-class": [(0, EmtClass.OPEN)],
}


def class_from_iccf(
    event: str, score: Fraction | None = None, *, place: int | None = None,
    group_winner: bool = False,
) -> EmtClass:  # fmt: skip
    """6.5.3.2 c's table: an ICCF result (within 2 years) as a class of the EMT.

    ``event``: ``world-final``, ``candidates``, ``european-final``, ``world-semifinal``,
    ``m-class``, ``h-class``, ``o-class`` (``score`` a fraction of the points) or
    ``cup-final`` (``place``). The table's bands are whole per cent (33–66, 67): a score is
    compared in per cent, rounded down.
    """
    if event == "cup-final":
        if place is None:
            raise InputError("an ICCF cup final gives a class by place (6.5.3.2 c)")
        if place <= 3:
            return EmtClass.DM
        return EmtClass.MASTER if place <= 8 else EmtClass.OPEN
    if event == "o-class":
        return EmtClass.QUALIFICATION if group_winner else EmtClass.OPEN
    bands = _ICCF.get(event)
    if bands is None:
        raise InputError(
            f"unknown ICCF event {event!r}: {', '.join([*_ICCF, 'cup-final'])} (6.5.3.2 c)"
        )
    if score is None and len(bands) > 1:
        raise InputError(f"an ICCF {event} gives a class by score (6.5.3.2 c)")
    pct = math.floor((score or Fraction(0)) * 100)
    return next(cls for least, cls in bands if pct >= least)


# -- the cup (6.6) ----------------------------------------------------------------------------


def preliminary_groups(players: int) -> tuple[int, ...]:
    """6.6.1.1: the preliminary round in as many groups of 7 as possible, tapering with
    groups of 6.

    >>> preliminary_groups(20), preliminary_groups(24)
    ((7, 7, 6), (6, 6, 6, 6))

    :raises InputError: when the players cannot be split so (the TL decides).
    """
    for sevens in range(players // 7, -1, -1):
        rest = players - 7 * sevens
        if rest % 6 == 0:
            return (7,) * sevens + (6,) * (rest // 6)
    raise InputError(
        f"{players} players cannot be divided into groups of 7 and 6 (6.6.1.1): the TL decides"
    )


def cup_dm_places(preliminary_players: int) -> int:
    """6.6.2.2: the final's places in the DM class: the winner up to 100 players in the
    preliminary round, and one more for every 50 begun beyond 100.

    >>> [cup_dm_places(n) for n in (100, 101, 150, 151)]
    [1, 2, 2, 3]
    """
    return 1 + math.ceil(max(0, preliminary_players - 100) / 50)


@dataclass(frozen=True, slots=True)
class CupRight:
    """The EMT class a cup result gives the right to (``None``: none), why, and when it
    lapses (6.6.2.3: 2 years; it never sends a player down in the EMT)."""

    cls: EmtClass | None
    reason: str


def cup_right(
    stage: str,
    points: Fraction,
    games: int,
    *,
    place: int | None = None,
    preliminary_players: int = 0,
    semifinal_held: bool = True,
) -> CupRight:
    """6.6.2.1–6.6.2.2: the EMT right of a semifinal or final result.

    Semifinal: 80 % the master class, 60 % the qualification class. Final (reached through a
    semifinal): the winner, and as many more as :func:`cup_dm_places` allows with at least
    75 %, the DM class; 60 % the master class; 40 % the qualification class. Without a
    semifinal the final gives the semifinal's rights.
    """
    if games < 1 or not 0 <= points <= games:
        raise InputError(f"{points} points in {games} games cannot be a result")
    score = points / games
    if stage == "final" and not semifinal_held:
        stage, note = "semifinal", " (no semifinal was held: the semifinal's rights, 6.6.2.1)"
    else:
        note = ""
    if stage == "semifinal":
        if score >= Fraction(80, 100):
            return CupRight(EmtClass.MASTER, f"{_pct(score)}, at least 80 % (6.6.2.1){note}")
        if score >= Fraction(60, 100):
            return CupRight(EmtClass.QUALIFICATION, f"{_pct(score)}, at least 60 % (6.6.2.1){note}")
        return CupRight(None, f"{_pct(score)}, below 60 % (6.6.2.1){note}")
    if stage != "final":
        raise InputError(f"unknown cup stage {stage!r}: semifinal or final")
    if place == 1:
        return CupRight(EmtClass.DM, "the cup winner (6.6.2.2)")
    places = cup_dm_places(preliminary_players)
    if place is not None and place <= places and score >= Fraction(75, 100):
        return CupRight(
            EmtClass.DM,
            f"place {place} of {places} DM places for {preliminary_players} players in the "
            f"preliminary round, {_pct(score)}, at least 75 % (6.6.2.2)",
        )
    if score >= Fraction(60, 100):
        return CupRight(EmtClass.MASTER, f"{_pct(score)}, at least 60 % (6.6.2.2)")
    if score >= Fraction(40, 100):
        return CupRight(EmtClass.QUALIFICATION, f"{_pct(score)}, at least 40 % (6.6.2.2)")
    return CupRight(None, f"{_pct(score)}, below 40 % (6.6.2.2)")
