"""Title norms (normer) by 003 §4.7.4 and its table, and 4.7.2's requirements of a rated
tournament; every condition reported with whether it held.

A norm for GM, IM, WGM or WIM needs (4.7.4): at most two games a day; at least 120 minutes
for a game of 60 moves, increments counted (90 plus 30 seconds a move is so); at least 9
games; at most 90 days (team events excepted); no individual match; an International
Arbiter in charge; of the opponents at least 80 % with an Elo of 1601 or more, at least a
third from other federations, at least 3 federations among them ("Mindst 3 nationer skal
være repræsenteret", read as the opponents' federations; setting ``own_federation``: the
player's own counted too, as FIDE's wording has it), at least half title holders (the
table: "9 runder, inkl. 5 titel-holdere (dog ikke CM og WCM), minimum 7 ELO-ratede") and the
table's title holders of the norm's kind; and a performance of at least 2601 / 2451 / 2401 /
2251: the opponents' average (two lowest rated, or unrated, raised to the floor 2250 / 2100
/ 2050 / 1900 where that helps, rounded half up) plus table 2's dp for the score. The table
of 9 rounds is exactly that rule (checked in the tests row by row). What skak cannot know
(the days of the rounds, the arbiter's title) is reported as not known unless given, and a
norm that depends on it is "made if" it held, never "made".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from math import ceil, floor

from skak.games.timerules import assess
from skak.rating.tables import rating_difference

__all__ = [
    "NORMS",
    "Condition",
    "NormKind",
    "NormOpponent",
    "NormReport",
    "NormTournament",
    "norm_reports",
    "rated_tournament_conditions",
    "required_score",
]


@dataclass(frozen=True, slots=True)
class NormKind:
    """One norm of 4.7.4's table."""

    title: str
    performance: int
    floor: int
    #: The table's "øvrige krav": at least ``count`` opponents with one of ``titles``, or
    #: at least ``alt_count`` with one of ``alt_titles``.
    titles: frozenset[str]
    count: int
    alt_titles: frozenset[str] = frozenset()
    alt_count: int = 0
    women_only: bool = False
    requirement: str = ""


NORMS: tuple[NormKind, ...] = (
    NormKind("GM", 2601, 2250, frozenset({"GM"}), 3, requirement="at least 3 GMs"),
    NormKind(
        "IM",
        2451,
        2100,
        frozenset({"IM", "GM"}),
        3,
        frozenset({"GM"}),
        2,
        requirement="at least 3 IMs, or 2 GMs",
    ),
    NormKind(
        "WGM",
        2401,
        2050,
        frozenset({"GM", "IM", "WGM"}),
        3,
        women_only=True,
        requirement="at least 3 GM/IM/WGM",
    ),
    NormKind(
        "WIM",
        2251,
        1900,
        frozenset({"WIM", "WGM", "IM", "GM"}),
        3,
        frozenset({"GM", "IM", "WGM", "FM"}),
        2,
        women_only=True,
        requirement="at least 3 WIMs, or 2 GM/IM/WGM/FM",
    ),
)
#: Titles that make a title holder for 4.7.4 (not CM and WCM).
TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "FM", "WIM", "WFM"})
#: A title that makes a norm pointless: who holds the key holds (or outranks) the norm.
_HELD = {
    "GM": {"GM"},
    "IM": {"GM", "IM"},
    "WGM": {"GM", "WGM"},
    "WIM": {"GM", "IM", "WGM", "WIM"},
}


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition: ``holds`` is ``None`` when skak cannot know (not given)."""

    name: str
    holds: bool | None
    detail: str
    article: str = "4.7.4"


@dataclass(frozen=True, slots=True)
class NormOpponent:
    """An opponent met over the board in a game that counts for a norm, and the score
    against him."""

    name: str
    rating: int | None
    title: str | None
    federation: str | None
    score: Fraction


@dataclass(frozen=True, slots=True)
class NormTournament:
    """What the tournament says about itself; ``None`` where skak does not know."""

    start: date | None = None
    end: date | None = None
    time_control: str | None = None
    players: int = 0
    team_event: bool = False
    international_arbiter: bool | None = None
    most_games_a_day: int | None = None


@dataclass(frozen=True, slots=True)
class NormReport:
    """One norm for one player and every condition: ``made`` when every condition held;
    ``unknown`` names the conditions skak could not know — with none failed, the norm is
    made *if* those hold (:attr:`status`)."""

    norm: str
    made: bool
    games: int
    score: Fraction
    average: int | None
    performance: int | None
    required: Fraction | None
    conditions: tuple[Condition, ...]
    unknown: tuple[str, ...] = ()

    @property
    def status(self) -> str:
        """``made``, ``made if`` (every known condition held; ``unknown`` decides) or
        ``not made``."""
        if self.made:
            return "made"
        failed = any(c.holds is False for c in self.conditions)
        return "made if" if self.unknown and not failed else "not made"


def _points(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


def _half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def required_score(average: int, games: int, performance: int) -> Fraction | None:
    """The least score (in half points) whose performance ``average + dp`` reaches
    ``performance``; ``None`` when not even a full score does."""
    for halves in range(2 * games + 1):
        s = Fraction(halves, 2)
        if average + rating_difference(s, games) >= performance:
            return s
    return None


def _average(opponents: Sequence[NormOpponent], kind: NormKind) -> tuple[int | None, str]:
    """The opponents' average, the two lowest (unrated first) raised to the floor where
    that raises them; ``None`` when an unrated opponent is not among those two."""
    order = sorted(range(len(opponents)), key=lambda i: (opponents[i].rating or 0, i))
    ratings: list[int | None] = [o.rating for o in opponents]
    raised = []
    for i in order[:2]:
        r = ratings[i]
        if r is None or r < kind.floor:
            raised.append(f"{opponents[i].name} {r or 'unrated'} → {kind.floor}")
            ratings[i] = kind.floor
    if any(r is None for r in ratings):
        return None, "more than two unrated opponents"
    total = sum(r for r in ratings if r is not None)
    average = _half_up(Fraction(total, len(ratings)))
    return average, ("; raised to the floor: " + ", ".join(raised)) if raised else ""


def rated_tournament_conditions(
    t: NormTournament, rated_players: int, round_robin: bool, day: date
) -> tuple[Condition, ...]:
    """4.7.2's requirements a FIDE-rated tournament can be checked for."""
    out = []
    if round_robin:
        need = max(4, ceil(Fraction(t.players, 3)))
        out.append(
            Condition(
                "rated players in a closed tournament",
                rated_players >= need,
                f"{rated_players} of {t.players} rated; at least a third and at least 4 ({need})",
                "4.7.2",
            )
        )
    out.append(_days(t, "4.7.2"))
    if t.most_games_a_day is not None:
        out.append(
            Condition(
                "rounds a day",
                t.most_games_a_day <= 3,
                f"at most {t.most_games_a_day} a day; at most 3",
                "4.7.2",
            )
        )
    out.append(_time(t, day, "FIDE-ratable", "4.7.2"))
    return tuple(out)


def _days(t: NormTournament, article: str) -> Condition:
    if t.team_event:
        return Condition("at most 90 days", True, "a team event: no limit", article)
    if t.start is None or t.end is None:
        return Condition("at most 90 days", None, "the first and last day are not known", article)
    days = (t.end - t.start).days + 1
    return Condition("at most 90 days", days <= 90, f"{days} days", article)


def _time(t: NormTournament, day: date, question: str, article: str) -> Condition:
    name = "time control"
    if not t.time_control:
        return Condition(name, None, "the time control is not known", article)
    try:
        a = assess(t.time_control, day)
    except ValueError as err:
        return Condition(name, None, f"cannot read {t.time_control!r}: {err}", article)
    finding = a.fide_ratable if question == "FIDE-ratable" else a.norm_valid
    return Condition(name, finding.holds, f"{a.control}: {finding.reason}", article)


def norm_reports(
    title: str | None,
    female: bool | None,
    federation: str | None,
    opponents: Sequence[NormOpponent],
    t: NormTournament,
    day: date,
    *,
    own_federation: bool = False,
) -> tuple[NormReport, ...]:
    """The norms a player of this title and sex can make, each with its conditions: the
    women's norms (WGM, WIM) only for a player known to be a woman. ``own_federation``
    counts the player's federation among 4.7.4's "at least 3" (FIDE's wording); by default
    only the opponents' federations count (the handbook's: a condition on "denne gruppe")."""
    out = []
    for kind in NORMS:
        if title in _HELD[kind.title] or (kind.women_only and female is not True):
            continue
        out.append(_report(kind, federation, opponents, t, day, own_federation))
    return tuple(out)


def _federations(
    opponents: Sequence[NormOpponent], federation: str | None, own_federation: bool
) -> Condition:
    """4.7.4: "Mindst 3 nationer skal være repræsenteret", among the conditions on the
    opponents: their federations (a federation of the player's own counts when an opponent
    is from it); ``own_federation``: the player's own counted too, met or not (FIDE's
    "two federations other than the applicant's")."""
    feds = {o.federation for o in opponents if o.federation}
    if own_federation:
        feds |= {federation} if federation else set()
        how = "the player's own counted (setting own_federation)"
    else:
        how = "the opponents' federations"
    return Condition(
        "at least 3 federations",
        len(feds) >= 3,
        f"{len(feds)}: {', '.join(sorted(feds)) or 'none known'} ({how})",
    )


def _share(count: int, of: int, numerator: int, denominator: int) -> bool:
    return count * denominator >= of * numerator


def _report(
    kind: NormKind,
    federation: str | None,
    opponents: Sequence[NormOpponent],
    t: NormTournament,
    day: date,
    own_federation: bool,
) -> NormReport:
    n = len(opponents)
    score = sum((o.score for o in opponents), Fraction(0))
    c: list[Condition] = []
    c.append(_time(t, day, "norm", "4.7.4"))
    if t.most_games_a_day is not None:
        c.append(
            Condition("at most two games a day", t.most_games_a_day <= 2, f"{t.most_games_a_day}")
        )
    else:
        c.append(Condition("at most two games a day", None, "the rounds' days are not known"))
    c.append(Condition("at least 9 games", n >= 9, f"{n} games that count"))
    c.append(_days(t, "4.7.4"))
    c.append(Condition("not an individual match", t.players > 2, f"{t.players} players"))
    c.append(
        Condition(
            "an International Arbiter in charge",
            t.international_arbiter,
            "not known" if t.international_arbiter is None else "given",
        )
    )
    strong = sum(1 for o in opponents if o.rating is not None and o.rating >= 1601)
    c.append(
        Condition(
            "at least 80 % of the opponents rated 1601 or more",
            n > 0 and _share(strong, n, 4, 5),
            f"{strong} of {n}",
        )
    )
    foreign = sum(1 for o in opponents if o.federation is not None and o.federation != federation)
    c.append(
        Condition(
            "at least a third of the opponents foreign",
            n > 0 and _share(foreign, n, 1, 3) and federation is not None,
            f"{foreign} of {n} from other federations than {federation or '(not known)'}",
        )
    )
    c.append(_federations(opponents, federation, own_federation))
    holders = sum(1 for o in opponents if o.title in TITLE_HOLDERS)
    c.append(
        Condition(
            "at least half the opponents title holders (not CM, WCM)",
            n > 0 and _share(holders, n, 1, 2),
            f"{holders} of {n}",
        )
    )
    main = sum(1 for o in opponents if o.title in kind.titles)
    alt = sum(1 for o in opponents if o.title in kind.alt_titles)
    c.append(
        Condition(
            kind.requirement,
            main >= kind.count or (kind.alt_count > 0 and alt >= kind.alt_count),
            f"{main} of {', '.join(sorted(kind.titles))}"
            + (f"; {alt} of {', '.join(sorted(kind.alt_titles))}" if kind.alt_count else ""),
        )
    )
    average, how = _average(opponents, kind) if n else (None, "no games")
    performance = required = None
    if average is None:
        c.append(Condition(f"performance of at least {kind.performance}", False, how))
    else:
        performance = average + rating_difference(score, n)
        required = required_score(average, n, kind.performance)
        c.append(
            Condition(
                f"performance of at least {kind.performance}",
                performance >= kind.performance,
                f"opponents' average {average}{how} + dp {performance - average} for "
                f"{_points(score)}/{n} = {performance}; "
                f"{_points(required) if required is not None else 'no score reaches it:'} "
                "points needed",
            )
        )
    made = all(x.holds is True for x in c)
    unknown = tuple(x.name for x in c if x.holds is None)
    return NormReport(kind.title, made, n, score, average, performance, required, tuple(c), unknown)
