"""Issue 24: the rating result is computed in whole hundredths (scores in half points, table
1's expected scores in hundredths, §2.1's rounding to 0.05); a Fraction only where a rule
divides. The reference below is the difference method with Fraction points throughout, as
it was written before; on random tournaments both give every player the same expected
score, bonus, K and new rating, and the registry applies the same new ratings."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from math import floor

from hypothesis import given
from hypothesis import strategies as st

from skak.model import Result
from skak.model.results import Colour, Scoring
from skak.rating import RatedGame, RatedPlayer, calculate, get_rule_set
from skak.rating.calc import bonus, limit_correction, round_expected
from skak.rating.registry import (
    PlayerEntered,
    RegistryBuilder,
    TournamentApplied,
    TournamentChange,
    changes_from_result,
)
from skak.rating.rules import RatingSettings
from skak.rating.tables import TABLE_1

RESULTS = (
    Result.WHITE_WIN,
    Result.DRAW,
    Result.BLACK_WIN,
    Result.WHITE_FORFEIT_WIN,
    Result.BLACK_FORFEIT_WIN,
)


def _expected(own: int, opponent: int) -> Fraction:
    high = next((h for upper, h in TABLE_1 if abs(own - opponent) <= upper), 100)
    return Fraction(high if own >= opponent else 100 - high, 100)


def reference(
    ratings: dict[str, int],
    games: list[RatedGame],
    edition: str,
    settings: RatingSettings,
    rapid_or_blitz: bool,
) -> dict[str, tuple[Fraction, Fraction, Fraction, int, int]]:
    """Every player's (score, expected, bonus, K, new rating) with Fraction points: the
    difference method, §2.4–2.6, for players who came to every game."""
    scoring = Scoring()
    standing = {p: Fraction(0) for p in ratings}
    for g in games:
        standing[g.white] += g.result.points(Colour.WHITE, scoring)
        standing[g.black] += g.result.points(Colour.BLACK, scoring)
    top = max(standing.values())
    # §4.5.4.2: a player who came to none of his games, with an unexcused no-show, is not
    # rated, nor are his games for his opponents
    came = {p for g in games for p in _came(g)}
    absent = {g.no_show for g in games if g.counts and g.no_show} - came
    if absent:
        kept = [g for g in games if not absent & {g.white, g.black}]
        return reference_of(ratings, kept, absent, edition, settings, rapid_or_blitz, top, standing)
    return reference_of(ratings, games, set(), edition, settings, rapid_or_blitz, top, standing)


def _came(g: RatedGame) -> tuple[str, ...]:
    if g.result in (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN):
        return (g.white, g.black)
    return (g.white,) if g.result is Result.WHITE_FORFEIT_WIN else (g.black,)


def reference_of(
    ratings: dict[str, int],
    games: list[RatedGame],
    absent: set[str],
    edition: str,
    settings: RatingSettings,
    rapid_or_blitz: bool,
    top: Fraction,
    standing: dict[str, Fraction],
) -> dict[str, tuple[Fraction, Fraction, Fraction, int, int]]:
    rules, scoring = get_rule_set(edition), Scoring()
    score = {p: Fraction(0) for p in ratings}
    met: dict[str, list[str]] = {p: [] for p in ratings}
    for g in games:
        if g.counts:
            score[g.white] += g.result.points(Colour.WHITE, scoring)
            score[g.black] += g.result.points(Colour.BLACK, scoring)
            met[g.white].append(g.black)
            met[g.black].append(g.white)
    out = {}
    for p, own in ratings.items():
        if not met[p]:
            continue
        raw = sum((_expected(own, ratings[o]) for o in met[p]), Fraction(0))
        we = round_expected(raw)
        w = score[p]
        b = bonus(w, we, len(met[p]), rules, settings)
        k = rules.k(own)
        value = own + k * (w - we + b)
        if standing[p] == top and w < we and value < own:
            value = Fraction(own)
        value = limit_correction(own, value, rules, settings)
        lowest = rules.rapid_blitz_floor if rapid_or_blitz else rules.floor
        value = max(value, Fraction(lowest))
        out[p] = (w, we, b, k, floor(value + Fraction(1, 2)))
    return out


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[dict[str, int], list[RatedGame]]:
    n = draw(st.integers(2, 8))
    ratings = {str(i): draw(st.integers(900, 2700)) for i in range(1, n + 1)}
    games = []
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            for _ in range(draw(st.integers(0, 2))):
                result = draw(st.sampled_from(RESULTS))
                games.append(RatedGame(str(i), str(j), result, unexcused_no_show=True))
    return ratings, games


@given(
    tournaments(),
    st.sampled_from(["dsu-2011", "dsu-2015", "dsu-2024"]),
    st.sampled_from(["continue", "none"]),
    st.sampled_from(["piecewise", "first"]),
    st.booleans(),
)
def test_hundredths_give_the_fractions_rating_result(
    tournament: tuple[dict[str, int], list[RatedGame]],
    edition: str,
    beyond_eleven: str,
    several: str,
    rapid_or_blitz: bool,
) -> None:
    ratings, games = tournament
    settings = RatingSettings(bonus_beyond_eleven=beyond_eleven, several_limits=several)
    players = [RatedPlayer(p, r) for p, r in ratings.items()]
    result = calculate(
        players, games, get_rule_set(edition), settings=settings, rapid_or_blitz=rapid_or_blitz
    )
    expected = reference(ratings, games, edition, settings, rapid_or_blitz)
    got = {c.id: (c.score, c.expected, c.bonus, c.k, c.new) for c in result.players if c.games}
    assert got == expected
    # the registry applies the raw change and §2.4 again, in hundredths where it can
    builder = RegistryBuilder(settings)
    day = date(2025, 1, 1)
    for p, r in ratings.items():
        builder.apply(PlayerEntered(int(p), p, (("standard", r),), day, "list"))
    changes = changes_from_result(result, {p: int(p) for p in ratings}, {p: p for p in ratings})
    builder.apply(TournamentApplied("t", "T", day, "standard", edition, changes))
    rules = get_rule_set(edition)
    for ch in changes:
        assert isinstance(ch, TournamentChange)
        value = limit_correction(ch.start, ch.start + ch.raw_change, rules, settings)
        want = max(floor(value + Fraction(1, 2)), rules.floor)
        assert builder.players[ch.dsu_id].rating("standard") == want
