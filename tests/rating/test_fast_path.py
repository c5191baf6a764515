"""Issue 24: :func:`calculate`'s whole-number path (:mod:`skak.rating.hundredths`) gives
exactly the rating result of the general path, :func:`calculate_reference` — every player's
games, score, expected score, bonus, K, new rating and notes — on random tournaments, editions
and settings."""

from __future__ import annotations

import math
from datetime import date
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from skak.model import Result
from skak.rating import RatedGame, RatedPlayer, RatingResult, calculate, get_rule_set
from skak.rating.calc import _in_whole_numbers, calculate_reference
from skak.rating.hundredths import HIGHEST, _past_a_limit, limit_correction, plan_for
from skak.rating.registry import PlayerEntered, RegistryBuilder, TournamentApplied, TournamentChange
from skak.rating.rules import RatingSettings

PLAYED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
OTHERS = (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)
EDITIONS = ("dsu-2011", "dsu-2015", "dsu-2024")
LIMIT_NOTE = "corrected for a crossed coefficient limit (§2.4)"


@st.composite
def tournaments(
    draw: st.DrawFn, *, only_played: bool = True
) -> tuple[list[RatedPlayer], list[RatedGame]]:
    """Up to 9 players (near the coefficient limits and the floors, now and then far from
    them), up to three games a pair (so that some play 12 or more: the bonus beyond 11),
    sometimes a player without games, a note, or (``only_played=False``) an unplayed game,
    an unrated game or a player without a rating."""
    n = draw(st.integers(1, 9))
    near = st.sampled_from([1000, 1200, 1590, 1600, 1610, 1990, 2000, 2010, 2390, 2400, 2410])
    rating = st.one_of(st.integers(900, 2700), near.flatmap(lambda r: st.integers(r - 30, r + 30)))
    if draw(st.integers(0, 9)) == 0:
        rating = st.integers(0, HIGHEST)
    players = []
    for i in range(1, n + 1):
        own: int | None = draw(rating)
        if not only_played and draw(st.integers(0, 9)) == 0:
            own = None
        note = draw(st.sampled_from([None, None, None, "FIDE rating used (§4.5.5.2)"]))
        players.append(RatedPlayer(str(i), own, note))
    games = []
    results = st.sampled_from(PLAYED if only_played else PLAYED + OTHERS)
    for i in range(1, n + 1):
        for j in range(i + 1, n + 1):
            for _ in range(draw(st.integers(0, 3))):
                white, black = (str(i), str(j)) if draw(st.booleans()) else (str(j), str(i))
                rated = only_played or draw(st.integers(0, 9)) > 0
                games.append(
                    RatedGame(white, black, draw(results), rated=rated, unexcused_no_show=True)
                )
    return players, games


settings_ = st.builds(
    RatingSettings,
    bonus_beyond_eleven=st.sampled_from(["continue", "none"]),
    several_limits=st.sampled_from(["piecewise", "first"]),
)


def both(
    players: list[RatedPlayer],
    games: list[RatedGame],
    edition: str,
    settings: RatingSettings,
    rapid_or_blitz: bool,
    round_robin: bool,
    first_place: set[str] | None,
) -> tuple[RatingResult, RatingResult]:
    kwargs = {
        "round_robin": round_robin,
        "rapid_or_blitz": rapid_or_blitz,
        "settings": settings,
        "first_place": first_place,
    }
    rules = get_rule_set(edition)
    return (
        calculate(players, games, rules, **kwargs),  # type: ignore[arg-type]
        calculate_reference(players, games, rules, **kwargs),  # type: ignore[arg-type]
    )


@given(
    tournaments(),
    st.sampled_from(EDITIONS),
    settings_,
    st.booleans(),
    st.booleans(),
    st.data(),
)
def test_the_whole_number_path_gives_the_reference_result(
    tournament: tuple[list[RatedPlayer], list[RatedGame]],
    edition: str,
    settings: RatingSettings,
    rapid_or_blitz: bool,
    round_robin: bool,
    data: st.DataObject,
) -> None:
    players, games = tournament
    first_place = None
    if data.draw(st.booleans()):  # the standings' own first place (§2.5)
        first_place = set(data.draw(st.sets(st.sampled_from([p.id for p in players]))))
    rules = get_rule_set(edition)
    fast = _in_whole_numbers(players, games, rules, round_robin)
    assert (fast is None) == (rules.average_method and round_robin)  # the path was taken
    got, want = both(players, games, edition, settings, rapid_or_blitz, round_robin, first_place)
    assert got == want


@given(tournaments(only_played=False), st.sampled_from(EDITIONS), settings_, st.booleans())
def test_any_tournament_gets_the_reference_result(
    tournament: tuple[list[RatedPlayer], list[RatedGame]],
    edition: str,
    settings: RatingSettings,
    rapid_or_blitz: bool,
) -> None:
    """Whichever path a tournament takes (unplayed and unrated games, players without a
    rating: the general one), the result is the reference's."""
    players, games = tournament
    try:
        want = calculate_reference(
            players, games, get_rule_set(edition), settings=settings, rapid_or_blitz=rapid_or_blitz
        )
    except ValueError as err:  # no rating to compute a performance rating from
        with pytest.raises(type(err), match=str(err)):
            calculate(
                players,
                games,
                get_rule_set(edition),
                settings=settings,
                rapid_or_blitz=rapid_or_blitz,
            )
        return
    got = calculate(
        players, games, get_rule_set(edition), settings=settings, rapid_or_blitz=rapid_or_blitz
    )
    assert got == want


@given(
    st.integers(0, HIGHEST),
    st.integers(-400_000, 400_000),
    st.sampled_from(EDITIONS),
    settings_,
    st.booleans(),
)
# Review cases: two limits crossed (piecewise 2133.33 against first 2200); a start exactly
# on a limit with a change past the next (2450); §2.4 landing exactly on the floor.
@example(1500, 100_000, "dsu-2015", RatingSettings(several_limits="piecewise"), False)
@example(1500, 100_000, "dsu-2015", RatingSettings(several_limits="first"), False)
@example(2000, 250_000, "dsu-2015", RatingSettings(several_limits="piecewise"), False)
@example(1600, 90_000, "dsu-2024", RatingSettings(several_limits="piecewise"), False)
@example(2400, -90_000, "dsu-2024", RatingSettings(several_limits="piecewise"), False)
@example(1650, -45_000, "dsu-2015", RatingSettings(), False)
def test_the_limit_correction_in_whole_numbers_is_the_fractions(
    old: int, change: int, edition: str, settings: RatingSettings, rapid_or_blitz: bool
) -> None:
    """§2.4 on a numerator and a denominator, then §2.6 and the rounding, against
    :func:`limit_correction` on Fractions — for any change, crossing a limit or not."""
    rules = get_rule_set(edition)
    plan = plan_for(rules, settings, rapid_or_blitz)
    raw = Fraction(100 * old + change, 100)
    value = limit_correction(old, raw, rules, settings)
    new, notes = _past_a_limit(old, 100 * old + change, plan, ())
    lowest = rules.rapid_blitz_floor if rapid_or_blitz else rules.floor
    assert new == (lowest if value < lowest else math.floor(value + Fraction(1, 2)))
    assert (LIMIT_NOTE in notes) == (value != raw)
    assert (f"raised to the floor {lowest} (§2.6)" in notes) == (value < lowest)


def test_a_plain_tournament_takes_the_whole_number_path() -> None:
    """Rated players, played games, the difference method: a player rated 1850 scoring 3
    of 5 against 1700, 1750, 1900, 2000 and 1800."""
    opponents = (1700, 1750, 1900, 2000, 1800)
    players = [RatedPlayer("me", 1850)] + [RatedPlayer(str(r), r) for r in opponents]
    results = (Result.WHITE_WIN, Result.WHITE_WIN, Result.DRAW, Result.DRAW, Result.BLACK_WIN)
    games = [RatedGame("me", str(r), res) for r, res in zip(opponents, results, strict=True)]
    rules = get_rule_set("dsu-2024")
    assert _in_whole_numbers(players, games, rules, False) is not None
    got = calculate(players, games, rules)
    assert got == calculate_reference(players, games, rules)
    me = got.players[0]
    # We = .70 + .64 + .43 + .30 + .57 = 2.64 → 2.65; W − We = 0.35; B = 0.35 − 1 < 0
    assert (me.score, me.expected, me.bonus, me.k, me.new) == (3, Fraction(265, 100), 0, 30, 1861)


@given(
    st.integers(0, 5000),
    st.integers(0, 5000),
    st.one_of(
        st.integers(-60_000, 60_000).map(lambda h: Fraction(h, 100)),
        st.fractions(min_value=-600, max_value=600),
    ),
    st.sampled_from(EDITIONS),
    settings_,
    st.sampled_from(["standard", "rapid"]),
)
def test_the_registry_applies_a_change_as_the_fractions_do(
    registered: int,
    start: int,
    raw: Fraction,
    edition: str,
    settings: RatingSettings,
    kind: str,
) -> None:
    """§4.5.4.1: the change added to the registered rating, §2.4 redone from there, the
    floor: in whole numbers where the change is in hundredths and the rating in the tables,
    the same as on Fractions."""
    builder = RegistryBuilder(settings)
    day = date(2025, 1, 1)
    builder.apply(PlayerEntered(1, "P1", ((kind, registered),), day, "list"))
    change = TournamentChange(1, "P1", start, raw)
    builder.apply(TournamentApplied("t", "T", day, kind, edition, (change,)))
    rules = get_rule_set(edition)
    value = limit_correction(registered, registered + raw, rules, settings)
    lowest = rules.floor if kind == "standard" else rules.rapid_blitz_floor
    assert builder.players[1].rating(kind) == max(math.floor(value + Fraction(1, 2)), lowest)


def test_an_unrated_game_is_left_out_on_either_path() -> None:
    """Review case: two players rated 1800, an unrated win and a rated draw — only the draw
    counts (1800 each), whichever path takes the tournament."""
    players = [RatedPlayer("a", 1800), RatedPlayer("b", 1800)]
    games = [
        RatedGame("a", "b", Result.WHITE_WIN, rated=False),
        RatedGame("a", "b", Result.DRAW),
    ]
    rules = get_rule_set("dsu-2024")
    got = calculate(players, games, rules)
    assert got == calculate_reference(players, games, rules)
    assert [(p.games, p.new) for p in got.players] == [(1, 1800), (1, 1800)]


@pytest.mark.parametrize("games", [12, 14])
@pytest.mark.parametrize("beyond", ["continue", "none"])
def test_the_bonus_beyond_eleven_games_on_either_path(games: int, beyond: str) -> None:
    """Review case: a player rated 1500 wins 12 or 14 games against players rated 1700 —
    the bonus beyond eleven games (or none, as the setting says), on the whole-number path
    as on the reference."""
    players = [RatedPlayer("me", 1500)] + [RatedPlayer(str(i), 1700) for i in range(games)]
    played = [RatedGame("me", str(i), Result.WHITE_WIN) for i in range(games)]
    rules = get_rule_set("dsu-2024")
    settings = RatingSettings(bonus_beyond_eleven=beyond)
    assert _in_whole_numbers(players, played, rules, False) is not None
    got = calculate(players, played, rules, settings=settings)
    assert got == calculate_reference(players, played, rules, settings=settings)
    assert (got.players[0].bonus > 0) == (beyond == "continue")  # "none": no bonus past 11


@pytest.mark.parametrize("rating", [4001, 4500])
def test_a_rating_beyond_the_tables_takes_the_general_path(rating: int) -> None:
    """Review case: the whole-number tables hold ratings 0–4000; a rating beyond them is
    worked out by the general path, with the same result."""
    players = [RatedPlayer("a", rating), RatedPlayer("b", 2400)]
    games = [RatedGame("a", "b", Result.DRAW)]
    rules = get_rule_set("dsu-2024")
    assert _in_whole_numbers(players, games, rules, False) is None
    assert calculate(players, games, rules) == calculate_reference(players, games, rules)
