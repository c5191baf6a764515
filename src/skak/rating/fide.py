"""FIDE rating (Elo) of one tournament, by the handbook's 4.7 and FIDE's rules of its time.

``Rn = Ro + K × (W − We)``: ``We`` is the sum of the expected scores of table 1 (003
§4.5.7, Elo's table, which FIDE uses too), a rating difference of more than 400 points
counted as 400 (350 before 1 July 2009); ``K`` by the player's experience and rating. An
unrated player gets a first rating from his performance (4.7.1: at least 1201 in at least
9 games against rated players, at least 3 of them in each tournament). 4.7.2: only games
played over the board count; games against unrated players do not, except in a round robin
against those who scored at least one point (their performance rating stands for them).

The handbook prints 4.7's conditions but neither the K factors nor the 400-point rule:
those are FIDE's rating regulations of each edition's time (docs/interpretations.md,
"FIDE rating"). The seeds quote no later FIDE rule (the 2014 K factors 40/20/10 are not in
them), so the 2011 edition stays in force for later dates, with a note.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from math import floor

from skak.errors import InputError
from skak.model.editions import edition_for, get_edition
from skak.model.results import Colour, Result, Scoring
from skak.rating.tables import expected_score, rating_difference

__all__ = [
    "FIDE_EDITIONS",
    "FideChange",
    "FideEdition",
    "FideGame",
    "FidePlayer",
    "FideResult",
    "fide_edition_for",
    "fide_rating",
    "get_fide_edition",
]

_PLAYED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)


@dataclass(frozen=True, slots=True)
class FideEdition:
    """One edition of FIDE's rating rules as the handbook and FIDE had them (an edition of
    :mod:`skak.model.editions`; the oldest is in force from ``date.min``, for every day before
    1 July 2009)."""

    name: str
    effective_from: date
    effective_to: date | None
    source: str
    #: A larger rating difference counts as this much (the 400-point rule; 350 before).
    max_difference: int
    #: K for a player new to the list (fewer than ``new_until`` rated games before).
    k_new: int
    #: K for an established player who has never reached ``top`` (2400).
    k_established: int
    #: K once a player's rating has reached ``top``, for good.
    k_top: int = 10
    new_until: int = 30
    top: int = 2400
    #: 4.7.1: a first rating needs this performance, games and rated opponents a tournament.
    first_min_performance: int = 1201
    first_min_games: int = 9
    first_min_rated_opponents: int = 3
    #: 4.7.1: the rating periods the games may be gathered over.
    first_periods: int = 8
    #: 4.7.4's "Mindst 3 nationer skal være repræsenteret", a condition on the opponents
    #: ("denne gruppe"): ``False`` counts the opponents' federations only, as the handbook
    #: prints it for every edition here; ``True`` counts the player's own too (FIDE's title
    #: regulations: two federations other than the applicant's). The setting
    #: ``own_federation`` of ``skak norms`` chooses either.
    norm_own_federation: bool = False

    def k(self, rating: int, games_before: int | None, reached_top: bool | None) -> tuple[int, str]:
        """The development coefficient and why."""
        top = rating >= self.top if reached_top is None else reached_top or rating >= self.top
        if games_before is not None and games_before < self.new_until:
            return self.k_new, f"K {self.k_new}: fewer than {self.new_until} rated games before"
        if top:
            return self.k_top, f"K {self.k_top}: has reached {self.top}"
        return self.k_established, f"K {self.k_established}: established, below {self.top}"


FIDE_EDITIONS: dict[str, FideEdition] = {
    e.name: e
    for e in (
        FideEdition(
            "fide-2008",
            date.min,  # the seeds give no start: every day before the 400-point rule
            date(2009, 6, 30),
            "FIDE rating regulations before 1 July 2009 (the 350-point rule); 4.7.1–4.7.2",
            max_difference=350,
            k_new=25,
            k_established=15,
        ),
        FideEdition(
            "fide-2009",
            date(2009, 7, 1),
            date(2011, 6, 30),
            "FIDE rating regulations from 1 July 2009 (the 400-point rule); 4.7.1–4.7.2",
            max_difference=400,
            k_new=25,
            k_established=15,
        ),
        FideEdition(
            "fide-2011",
            date(2011, 7, 1),
            None,
            "Skakhåndbogen 2011 (003) 4.7.1–4.7.2 with FIDE's rules from 1 July 2011 "
            "(K 30/15/10, the 400-point rule)",
            max_difference=400,
            k_new=30,
            k_established=15,
        ),
    )
}
#: After this day FIDE's K factors changed (not quoted by the seeds): a note says so.
_LATER = date(2014, 6, 30)


def get_fide_edition(name: str) -> FideEdition:
    """The edition called ``name``.

    :raises InputError: naming the editions that exist.
    """
    return get_edition(name, FIDE_EDITIONS.values(), what="FIDE rating edition")


def fide_edition_for(day: date) -> FideEdition:
    """The edition in force on ``day`` (every day has one: the oldest has no start)."""
    return edition_for(day, FIDE_EDITIONS.values(), what="FIDE rating edition")


@dataclass(frozen=True, slots=True)
class FidePlayer:
    """A player with his FIDE rating before the tournament (``None``: unrated).

    ``rated_games_before``: his rated games before (``None``: 30 or more, established);
    ``reached_2400``: whether his published rating has ever been 2400 (``None``: judge by
    the rating). ``earlier`` holds an unrated player's games of earlier rated tournaments
    (opponent's rating, score) that 4.7.1 adds to this one's."""

    id: str
    rating: int | None
    rated_games_before: int | None = None
    reached_2400: bool | None = None
    earlier: tuple[tuple[int, Fraction], ...] = ()


@dataclass(frozen=True, slots=True)
class FideGame:
    """A game; ``rated=False`` for one that does not count (against a computer, 4.7.2)."""

    white: str
    black: str
    result: Result
    rated: bool = True


@dataclass(frozen=True, slots=True)
class FideChange:
    """One player's FIDE rating result. An unrated player has ``old=None`` and, when 4.7.1
    is met, ``new`` = his performance; ``change`` is then 0."""

    id: str
    old: int | None
    games: int
    score: Fraction
    expected: Fraction
    k: int | None
    new: int | None
    performance: int | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def change(self) -> int:
        return 0 if self.old is None or self.new is None else self.new - self.old


@dataclass(frozen=True, slots=True)
class FideResult:
    """Every player's result, and ``notes`` on the whole rating (what skak assumed, why a
    tournament is not rated)."""

    edition: str
    players: tuple[FideChange, ...]
    notes: tuple[str, ...] = ()


def _half_up(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def _performance(opponents: Sequence[int], score: Fraction) -> tuple[int, int]:
    """(Ra, Rp): the opponents' average (rounded, half up) and ``Ra + dp``."""
    ra = _half_up(Fraction(sum(opponents), len(opponents)))
    return ra, ra + rating_difference(score, len(opponents))


def _expected(own: int, opponent: int, cap: int) -> Fraction:
    """Table 1 with the difference capped (the 400- or 350-point rule)."""
    if opponent - own > cap:
        opponent = own + cap
    elif own - opponent > cap:
        opponent = own - cap
    return expected_score(own, opponent)


def fide_rating(
    players: Sequence[FidePlayer],
    games: Sequence[FideGame],
    edition: FideEdition,
    *,
    round_robin: bool = False,
    day: date | None = None,
) -> FideResult:
    """The FIDE rating result of every player of one tournament.

    :raises InputError: naming a game's unknown player or a player listed twice.
    """
    by_id = {p.id: p for p in players}
    if len(by_id) != len(players):
        raise InputError("a player id is listed twice")
    for g in games:
        for who in (g.white, g.black):
            if who not in by_id:
                raise InputError(f"a game names player {who!r}, who is not listed")
    scoring = Scoring()
    played = [g for g in games if g.rated and g.result in _PLAYED]
    results: dict[str, list[tuple[str, Fraction]]] = {p.id: [] for p in players}
    for g in played:
        results[g.white].append((g.black, g.result.points(Colour.WHITE, scoring)))
        results[g.black].append((g.white, g.result.points(Colour.BLACK, scoring)))
    rated = {p.id: p.rating for p in players if p.rating is not None}
    # 4.7.2: in a round robin an unrated player with at least one point counts, at his
    # performance against the rated players
    stand_in: dict[str, int] = {}
    if round_robin:
        for p in players:
            against = [(rated[o], s) for o, s in results[p.id] if o in rated]
            if p.rating is None and against and sum(s for _, s in results[p.id]) >= 1:
                score = sum((s for _, s in against), Fraction(0))
                stand_in[p.id] = _performance([r for r, _ in against], score)[1]
    later = day is not None and day > _LATER
    caveat = (
        f"rated by {edition.name} (K {edition.k_new}/{edition.k_established}/{edition.k_top}, "
        f"the {edition.max_difference}-point rule), the latest rules the handbook's texts hold: "
        "FIDE's K factors changed on 1 July 2014 (not in the handbook's texts)"
    )
    out: list[FideChange] = []
    for p in players:
        notes: list[str] = []  # the rating's own (the caveat) are said once, below
        if p.rating is None:
            out.append(_first_rating(p, results[p.id], rated, edition, notes, stand_in))
            continue
        counted = [(rated.get(o, stand_in.get(o)), s) for o, s in results[p.id]]
        skipped = sum(1 for r, _ in counted if r is None)
        if skipped:
            notes.append(
                f"{skipped} game(s) against unrated players not counted (4.7.2)"
                + (" — in a round robin only those who scored a point count" if round_robin else "")
            )
        valid = [(r, s) for r, s in counted if r is not None]
        k, why = edition.k(p.rating, p.rated_games_before, p.reached_2400)
        w = sum((s for _, s in valid), Fraction(0))
        we = sum((_expected(p.rating, r, edition.max_difference) for r, _ in valid), Fraction(0))
        capped = sum(1 for r, _ in valid if abs(r - p.rating) > edition.max_difference)
        if capped:
            notes.append(
                f"{capped} rating difference(s) over {edition.max_difference} counted as "
                f"{edition.max_difference}"
            )
        notes.append(why)
        new = p.rating + _half_up(k * (w - we)) if valid else p.rating
        if not valid:
            notes.append("no rated games")
        out.append(FideChange(p.id, p.rating, len(valid), w, we, k, new, None, tuple(notes)))
    return FideResult(edition.name, tuple(out), (caveat,) if later else ())


def _first_rating(
    p: FidePlayer,
    results: list[tuple[str, Fraction]],
    rated: dict[str, int],
    edition: FideEdition,
    notes: list[str],
    stand_in: dict[str, int],
) -> FideChange:
    """4.7.1: a performance of at least 1201 over at least 9 games against rated players,
    with at least 3 rated opponents in this tournament."""
    here = [(rated[o], s) for o, s in results if o in rated]
    games = here + list(p.earlier)
    w = sum((s for _, s in games), Fraction(0))
    if not games:
        notes.append("unrated, no games against rated players: no rating yet (4.7.1)")
        return FideChange(p.id, None, 0, w, Fraction(0), None, None, None, tuple(notes))
    ra, rp = _performance([r for r, _ in games], w)
    notes.append(
        f"performance {rp} = opponents' average {ra} + dp {rp - ra} over {len(games)} games"
        + (f" ({len(p.earlier)} from earlier tournaments)" if p.earlier else "")
    )
    if p.id in stand_in:
        notes.append(f"counts for the rated players at {stand_in[p.id]} (round robin, 4.7.2)")
    missing = []
    if len(here) < edition.first_min_rated_opponents:
        missing.append(
            f"met {len(here)} rated players here, at least {edition.first_min_rated_opponents} "
            "are needed"
        )
    if len(games) < edition.first_min_games:
        missing.append(
            f"{len(games)} games against rated players, at least {edition.first_min_games} are "
            f"needed (gathered within {edition.first_periods} rating periods)"
        )
    if rp < edition.first_min_performance:
        missing.append(f"a performance of {rp}, at least {edition.first_min_performance} is needed")
    if missing:
        notes.append("no first rating yet (4.7.1): " + "; ".join(missing))
        return FideChange(p.id, None, len(here), w, Fraction(0), None, None, rp, tuple(notes))
    notes.append("first rating from the performance (4.7.1)")
    return FideChange(p.id, None, len(here), w, Fraction(0), None, rp, rp, tuple(notes))
