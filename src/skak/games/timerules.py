"""What a time control makes of a game: standard, rapid or blitz, and whether it is ratable.

Each answer names the article that decides it. The laws' boundaries are effective-dated
editions, chosen by the tournament's date like every edition (:mod:`skak.model.editions`):

* ``laws-2001`` (002 §3.4.2 B1, §3.4.3 C1; in force 1 July 2001 – 30 June 2009): rapid is
  "mellem 15 og 60 minutter" (read as 15–60 inclusive), blitz less than 15 minutes;
* ``laws-2009`` (003 §3.4.1 A1, §3.4.2 B1; from 1 July 2009): rapid at least 15 but less
  than 60 minutes, blitz less than 15, each "the allotted time + 60 times the increment".

The seeds quote no later laws (FIDE's 2014 boundary of 10 minutes for blitz is not in them).

Ratable: DSU's standard rating by 4.5.3 and the EMT rules §12 (2 hours for the whole game,
16–23 moves an hour to an intermediate control, or FIDE's control) and §13 (a quick-play
finish of 15–60 minutes); DSU's rapid and blitz ratings (001 §1, §3.1) from November 2014;
FIDE's rating by 4.7.2 and a title norm by 4.7.4 (at least 120 minutes, or 90 minutes plus
30 seconds a move: both the time for a game of 60 moves, increments counted, as the laws
measure a game).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.errors import InputError
from skak.games.timecontrol import TimeControl, parse_time_control
from skak.messages import N_
from skak.model.editions import edition_for

__all__ = [
    "LAWS",
    "Assessment",
    "Finding",
    "LawsEdition",
    "assess",
    "classify",
    "laws_for",
    "settle_kind",
]


@dataclass(frozen=True, slots=True)
class LawsEdition:
    """One edition of the laws' definitions of rapid and blitz (an edition of
    :mod:`skak.model.editions`)."""

    name: str
    effective_from: date
    effective_to: date | None
    rapid_article: str
    blitz_article: str
    #: Rapid from this many minutes (inclusive); below is blitz.
    rapid_from: int
    #: Standard from this many minutes; ``rapid_to_inclusive``: 60 itself is still rapid.
    standard_from: int
    rapid_to_inclusive: bool


LAWS: dict[str, LawsEdition] = {
    e.name: e
    for e in (
        LawsEdition(
            "laws-2001",
            date(2001, 7, 1),
            date(2009, 6, 30),
            "002 §3.4.2 B1 (laws 2001)",
            "002 §3.4.3 C1 (laws 2001)",
            15,
            60,
            rapid_to_inclusive=True,
        ),
        LawsEdition(
            "laws-2009",
            date(2009, 7, 1),
            None,
            "003 §3.4.1 A1 (laws 2009)",
            "003 §3.4.2 B1 (laws 2009)",
            15,
            60,
            rapid_to_inclusive=False,
        ),
    )
}

#: DSU's rapid and blitz ratings exist from this day (SPEC-MAP: since November 2014).
DSU_RAPID_BLITZ_FROM = date(2014, 11, 1)


def laws_for(day: date) -> LawsEdition:
    """The edition in force on ``day``; before 1 July 2001 the 2001 text (the oldest the
    seeds hold), with the caller told by :func:`classify`'s article."""
    return edition_for(day, LAWS.values(), what="edition of the laws", or_oldest=True)


@dataclass(frozen=True, slots=True)
class Finding:
    """One answer: ``holds`` or not, the article that decides, and why in words."""

    question: str
    holds: bool
    article: str
    reason: str


def _minutes(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def classify(tc: TimeControl, day: date) -> Finding:
    """Standard, rapid or blitz (``question`` holds the kind)."""
    laws = laws_for(day)
    t = tc.minutes_for(60)
    measure = (
        f"{_minutes(tc.base_minutes)} min + 60 × {tc.increment} s = {_minutes(t)} min"
        if tc.increment
        else f"{_minutes(t)} min"
    )
    low, high = laws.rapid_from, laws.standard_from
    if t < low:
        why = N_("{measure} a player: less than {low}", measure=measure, low=low)
        return Finding("blitz", True, laws.blitz_article, why)
    rapid = t <= high if laws.rapid_to_inclusive else t < high
    if rapid:
        why = (
            N_("{measure} a player: at least {low}, at most {high}", measure=measure, low=low,
               high=high)
            if laws.rapid_to_inclusive
            else N_("{measure} a player: at least {low}, less than {high}", measure=measure,
                    low=low, high=high)
        )  # fmt: skip
        return Finding("rapid", True, laws.rapid_article, why)
    why = (
        N_("{measure} a player: more than {high}, longer than rapid", measure=measure, high=high)
        if laws.rapid_to_inclusive
        else N_(
            "{measure} a player: at least {high}, longer than rapid", measure=measure, high=high
        )
    )
    return Finding("standard", True, laws.rapid_article, why)


def _fide_time(tc: TimeControl, what: str, article: str) -> Finding:
    """4.7.2 / 4.7.4: "min. 120 minutter pr. parti (eller min. 90 minutter plus 30 sekunder
    pr. træk)", read as a player's time for a game of 60 moves — the periods it reaches plus
    60 times the increment, from the move it starts (:meth:`TimeControl.time_for_game`, the
    laws' count of increments): 90 min + 30 s a move is 120 minutes so counted, which is why
    the text can give it as the alternative, and FIDE counts the same way
    (docs/interpretations.md, "Time controls")."""
    t = tc.time_for_game(60)
    reached = tc.periods_by(60)
    base = _minutes(sum((p.minutes for p in reached), Fraction(0)))
    if tc.increment:
        moves = max(0, 60 - tc.increment_from + 1)
        start = "" if tc.increment_from == 1 else f" from move {tc.increment_from}"
        measure = f"{base} min + {moves} × {tc.increment} s{start} = {_minutes(t)} min"
    else:
        measure = f"{base} min"
    measure += " a player for a game of 60 moves"
    if len(reached) < len(tc.periods):
        measure += " (a period after move 60 not counted)"
    if t >= 120:
        return Finding(what, True, article, f"{measure}: at least 120")
    return Finding(
        what,
        False,
        article,
        f"{measure}: less than 120 (e.g. 120 min, or 90 min + 30 s a move from move 1)",
    )


def _moves_per_hour(tc: TimeControl) -> Fraction | None:
    """The average moves an hour up to the last intermediate control, increments counted."""
    moves = 0
    minutes = Fraction(0)
    for p in tc.periods:
        if p.moves is None:
            break
        start = moves + 1
        moves += p.moves
        counted = max(0, moves - max(start, tc.increment_from) + 1)
        minutes += p.minutes + Fraction(tc.increment * counted, 60)
    return None if moves == 0 else Fraction(moves * 60) / minutes


def _dsu_standard(tc: TimeControl) -> Finding:
    what = "DSU-ratable"
    base = tc.base_minutes
    fide = "4.5.3, EMT §12 (FIDE betænkningstid)"
    if base >= 90 and tc.increment >= 30 and tc.increment_from == 1:
        return Finding(
            what,
            True,
            fide,
            f"{_minutes(base)} min + {tc.increment} s a move from move 1: FIDE's control "
            "(75 min/40 + 15 min, or 90 min, with 30 s a move from move 1) or more",
        )
    if base < 120:
        return Finding(
            what,
            False,
            "4.5.3, EMT §12",
            f"{_minutes(base)} min a player for the whole game: less than 2 hours, and not "
            "FIDE's control (at least 90 min + 30 s a move from move 1)",
        )
    rate = _moves_per_hour(tc)
    if rate is not None and not 16 <= rate <= 23:
        return Finding(
            what,
            False,
            "4.5.3, EMT §12",
            f"{float(rate):.1f} moves an hour to the intermediate control: outside 16–23",
        )
    last = tc.periods[-1]
    if tc.has_moves and last.moves is None:
        if not 15 <= last.minutes <= 60:
            return Finding(
                what,
                False,
                "4.5.3, EMT §13",
                f"a quick-play finish of {_minutes(last.minutes)} min: outside 15–60 min",
            )
        return Finding(
            what,
            True,
            "4.5.3, EMT §12–13",
            f"{_minutes(base)} min a player (at least 2 hours), {float(rate or 0):.1f} moves "
            f"an hour, a quick-play finish of {_minutes(last.minutes)} min (15–60)",
        )
    moves = f", {float(rate):.1f} moves an hour (16–23)" if rate is not None else ""
    return Finding(
        what,
        True,
        "4.5.3, EMT §12",
        f"{_minutes(base)} min a player for the whole game (at least 2 hours){moves}",
    )


@dataclass(frozen=True, slots=True)
class Assessment:
    """A time control's kind and its consequences, each with the article that decides."""

    control: TimeControl
    text: str
    day: date
    kind: Finding
    dsu_ratable: Finding
    fide_ratable: Finding
    norm_valid: Finding

    @property
    def findings(self) -> tuple[Finding, ...]:
        return (self.kind, self.dsu_ratable, self.fide_ratable, self.norm_valid)


def assess(control: TimeControl | str, day: date) -> Assessment:
    """Classify ``control`` by the laws in force on ``day`` and say what it allows."""
    tc = parse_time_control(control) if isinstance(control, str) else control
    text = control if isinstance(control, str) else str(control)
    kind = classify(tc, day)
    if kind.question == "standard":
        dsu = _dsu_standard(tc)
        fide = _fide_time(tc, "FIDE-ratable", "4.7.2")
        norm = _fide_time(tc, "valid for a norm", "4.7.4")
    else:
        if day >= DSU_RAPID_BLITZ_FROM:
            dsu = Finding(
                "DSU-ratable",
                True,
                "001 §1, §3.1",
                f"a {kind.question} game: DSU's {kind.question} rating (from November 2014)",
            )
        else:
            dsu = Finding(
                "DSU-ratable",
                False,
                "4.5.3, EMT §12",
                f"a {kind.question} game, before DSU's rapid and blitz ratings (November 2014)",
            )
        fide = Finding(
            "FIDE-ratable",
            False,
            "4.7.2",
            f"a {kind.question} game: 4.7.2 rates games of at least 120 min for 60 moves (or "
            "90 min + 30 s a move); FIDE's rapid and blitz lists are not in the handbook",
        )
        norm = Finding(
            "valid for a norm",
            False,
            "4.7.4",
            f"a {kind.question} game: a norm needs at least 120 min for 60 moves (or 90 min "
            "+ 30 s a move)",
        )
    return Assessment(tc, text, day, kind, dsu, fide, norm)


def settle_kind(control: str, kind: str | None, day: date) -> str:
    """The tournament kind (``standard``, ``rapid``, ``blitz``) for a new tournament with
    the time control ``control``: the control's own, and ``kind`` only when it agrees.

    :raises InputError: when the control cannot be read or contradicts ``kind``.
    """
    found = classify(parse_time_control(control), day)
    if kind is not None and kind != found.question:
        refusal = N_(
            "the time control {control} makes the games {kind} ({reason}; {article}), not "
            "{wanted}: leave --kind out or correct it",
            control=repr(control),
            kind=_KIND_NAMES.get(found.question, found.question),
            reason=found.reason,
            article=found.article,
            wanted=_KIND_NAMES.get(kind, kind),
        )
        raise InputError(refusal)
    return found.question


#: The kinds in the words a face translates (Danish: normal betænkningstid, hurtigskak,
#: lynskak), as ``--kind`` names them in English.
_KIND_NAMES = {"standard": N_("standard"), "rapid": N_("rapid"), "blitz": N_("blitz")}
