"""Issue 24: a season applied in one call (:func:`apply_season`) gives the events and the
registry that rating each tournament with :func:`calculate` from the registered ratings and
applying it with :meth:`RegistryBuilder.apply` give, tournament by tournament."""

from __future__ import annotations

import gc
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError, StateError
from skak.faces.collector import collector_paused
from skak.model import Result
from skak.rating import RatedGame, RatedPlayer, calculate, get_rule_set, rule_set_for
from skak.rating.registry import (
    PlayerEntered,
    RatingsCompressed,
    RegistryBuilder,
    TournamentApplied,
    changes_from_result,
)
from skak.rating.rules import RatingSettings
from skak.rating.season import SeasonTournament, apply_season, tournament_result

PLAYED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
FORFEITS = (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN)
DAYS = (date(2014, 5, 1), date(2020, 5, 1), date(2025, 5, 1))  # 2011, 2015, 2024 editions


def registered(ratings: dict[int, tuple[int, int | None]]) -> RegistryBuilder:
    """Players with a standard and (or not) a rapid rating."""
    builder = RegistryBuilder()
    for pid, (standard, rapid) in ratings.items():
        kinds = (("standard", standard),) + ((("rapid", rapid),) if rapid is not None else ())
        builder.apply(PlayerEntered(pid, f"P{pid}", kinds, date(2010, 1, 1), "list"))
    return builder


def one_by_one(builder: RegistryBuilder, season: list[SeasonTournament]) -> list[TournamentApplied]:
    """Each tournament rated by ``calculate`` from the registered ratings, then applied."""
    events = []
    for t in season:
        ids = sorted({pid for w, b, _ in t.games for pid in (w, b)})
        players = builder.players
        rules = get_rule_set(t.edition) if t.edition else rule_set_for(t.day)
        result = calculate(
            [RatedPlayer(str(i), players[i].rating(t.rating_kind)) for i in ids],
            [RatedGame(str(w), str(b), r, unexcused_no_show=True) for w, b, r in t.games],
            rules,
            round_robin=t.round_robin,
            rapid_or_blitz=t.rating_kind != "standard",
            team_event=t.team_event,
            settings=builder.settings,
            first_place=None if t.first_place is None else {str(i) for i in t.first_place},
        )
        event = TournamentApplied(
            t.key,
            t.name,
            t.day,
            t.rating_kind,
            result.edition,
            changes_from_result(
                result, {str(i): i for i in ids}, {str(i): players[i].name for i in ids}
            ),
        )
        builder.apply(event)
        events.append(event)
    return events


@st.composite
def seasons(draw: st.DrawFn) -> tuple[dict[int, tuple[int, int | None]], list[SeasonTournament]]:
    n = draw(st.integers(2, 14))
    ratings = {
        pid: (draw(st.integers(950, 2600)), draw(st.none() | st.integers(950, 2600)))
        for pid in range(1, n + 1)
    }
    with_rapid = [pid for pid, (_, rapid) in ratings.items() if rapid is not None]
    season = []
    for key in range(draw(st.integers(1, 8))):
        kind = "rapid" if len(with_rapid) >= 2 and draw(st.booleans()) else "standard"
        pool = with_rapid if kind == "rapid" else list(ratings)
        field = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=8, unique=True))
        results = st.sampled_from(PLAYED + FORFEITS if draw(st.integers(0, 4)) == 0 else PLAYED)
        games = [
            (white, black, draw(results))
            for i, white in enumerate(field)
            for black in field[i + 1 :]
            for _ in range(draw(st.integers(0, 2)))
        ]
        playing = sorted({pid for w, b, _ in games for pid in (w, b)})
        first = st.sets(st.sampled_from(playing), max_size=2) if playing else st.just(set())
        season.append(
            SeasonTournament(
                f"t{key}",
                f"T{key}",
                draw(st.sampled_from(DAYS)),
                games,
                draw(st.sampled_from([None, "dsu-2011", "dsu-2015", "dsu-2024"])),
                kind,
                round_robin=draw(st.booleans()),
                team_event=draw(st.booleans()),
                first_place=draw(st.none() | first),
            )
        )
    return ratings, season


@given(
    seasons(),
    st.builds(
        RatingSettings,
        bonus_beyond_eleven=st.sampled_from(["continue", "none"]),
        several_limits=st.sampled_from(["piecewise", "first"]),
    ),
)
def test_the_season_in_one_call_is_the_tournaments_one_by_one(
    season: tuple[dict[int, tuple[int, int | None]], list[SeasonTournament]],
    settings: RatingSettings,
) -> None:
    ratings, tournaments = season
    reference = registered(ratings)
    reference.settings = settings
    want = one_by_one(reference, tournaments)
    builder = registered(ratings)
    builder.settings = settings
    assert apply_season(builder, tournaments) == want
    assert builder.state == reference.state
    for kind in ("standard", "rapid"):  # the live table of ratings is kept up to date
        assert builder.ratings_of(kind) == {
            pid: value
            for pid, p in builder.players.items()
            if (value := p.rating(kind)) is not None
        }


@given(seasons())
def test_every_change_of_a_season_is_explained(
    season: tuple[dict[int, tuple[int, int | None]], list[SeasonTournament]],
) -> None:
    """``tournament_result`` from the ratings a tournament was rated with gives its event's
    changes, and each player's new rating in the registry, with the notes behind them."""
    ratings, tournaments = season
    builder = registered(ratings)
    for t in tournaments:
        before = dict(builder.ratings_of(t.rating_kind))
        (event,) = apply_season(builder, [t])
        result = tournament_result(t, before)
        ids = {c.id: int(c.id) for c in result.players}
        names = {c.id: f"P{c.id}" for c in result.players}
        assert changes_from_result(result, ids, names) == event.changes
        for c in result.players:
            if c.games:
                entry = builder.players[int(c.id)].history[-1]
                # rated from the registered rating: §2.4 redone from there is the result's own
                assert (entry.reason, entry.old, entry.new) == (t.name, c.old, c.new)


def test_ratings_follow_the_registry_between_seasons() -> None:
    """Events applied between two seasons (here the 2024 compression) are seen by the next."""
    builder = registered({1: (1400, None), 2: (2100, None)})
    game = [(1, 2, Result.DRAW)]
    apply_season(builder, [SeasonTournament("a", "A", date(2024, 5, 1), game)])
    builder.apply(RatingsCompressed(date(2024, 6, 1)))
    reference = registered({1: (1400, None), 2: (2100, None)})
    one_by_one(reference, [SeasonTournament("a", "A", date(2024, 5, 1), game)])
    reference.apply(RatingsCompressed(date(2024, 6, 1)))
    later = [SeasonTournament("b", "B", date(2024, 7, 1), game)]
    assert apply_season(builder, later) == one_by_one(reference, later)
    assert builder.state == reference.state
    assert builder.ratings_of("standard") == {
        pid: p.rating("standard") for pid, p in builder.players.items()
    }


@pytest.mark.parametrize("result", [Result.DRAW, Result.WHITE_FORFEIT_WIN])
def test_a_player_not_in_the_registry_is_named(result: Result) -> None:
    builder = registered({1: (1800, None), 2: (1700, None)})
    first = SeasonTournament("a", "Forårsturnering", date(2025, 3, 1), [(1, 2, Result.DRAW)])
    second = SeasonTournament("b", "Efterårsturnering", date(2025, 9, 1), [(1, 7, result)])
    with pytest.raises(InputError, match="Efterårsturnering: DSU member 7 has no standard"):
        apply_season(builder, [first, second])
    assert builder.state.applied == {"a"}  # the tournaments before it stay applied
    rapid = SeasonTournament("c", "Lyn", date(2025, 9, 1), [(1, 2, result)], rating_kind="rapid")
    with pytest.raises(InputError, match="Lyn: DSU member 1 has no rapid rating"):
        apply_season(builder, [rapid])


def test_first_place_names_players_of_the_tournament() -> None:
    builder = registered({1: (1800, None), 2: (1700, None), 3: (1600, None)})
    t = SeasonTournament("a", "A", date(2025, 3, 1), [(1, 2, Result.DRAW)], first_place={3})
    with pytest.raises(InputError, match="A: first place names DSU member 3, who played no"):
        apply_season(builder, [t])


def test_a_tournament_is_applied_once() -> None:
    builder = registered({1: (1800, None), 2: (1700, None)})
    t = SeasonTournament("a", "Forårsturnering", date(2025, 3, 1), [(1, 2, Result.DRAW)])
    apply_season(builder, [t])
    with pytest.raises(StateError, match="Forårsturnering has been applied"):
        apply_season(builder, [t])


def test_progress_is_told_and_the_collector_left_alone() -> None:
    builder = registered({1: (1800, None), 2: (1700, None)})
    season = [
        SeasonTournament(f"t{i}", f"T{i}", date(2025, 3, 1), [(1, 2, Result.DRAW)])
        for i in range(150)
    ]
    told: list[tuple[int, int]] = []
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    apply_season(builder, season[:50])
    assert (gc.isenabled(), gc.get_threshold()) == (enabled, thresholds)
    apply_season(builder, season[50:], lambda done, total: told.append((done, total)))
    assert told == [(0, 100), (100, 100)]
    assert len(builder.players[1].history) == 151
    with pytest.raises(StateError):
        apply_season(builder, season[:1])
    assert (gc.isenabled(), gc.get_threshold()) == (enabled, thresholds)


def test_overlapping_pauses_restore_the_collector_when_the_last_ends() -> None:
    """Two builds in two threads of one server overlap: the first to end leaves the full
    collections paused for the other, and the last to end restores what was there."""
    before = gc.get_threshold()
    first, second = collector_paused(), collector_paused()
    first.__enter__()
    paused = gc.get_threshold()
    assert paused[:2] == before[:2] and paused[2] > before[2]
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold() == paused
    second.__exit__(None, None, None)
    assert gc.get_threshold() == before


def test_a_tournament_is_explained_from_every_players_start_rating() -> None:
    """Review case: in a team event a forfeit counts for nobody, so the forfeit's two
    players are not in the event's changes; the explanation takes their start ratings
    from the registry, and without one it names the player."""
    builder = registered({1: (1800, None), 2: (1700, None), 3: (1650, None), 4: (1600, None)})
    t = SeasonTournament(
        "h",
        "Holdturnering",
        date(2025, 3, 1),
        [(1, 2, Result.DRAW), (3, 4, Result.WHITE_FORFEIT_WIN)],
        team_event=True,
    )
    start = dict(builder.ratings_of("standard"))
    (event,) = apply_season(builder, [t])
    assert {c.dsu_id for c in event.changes} == {1, 2}
    explained = tournament_result(t, start)
    assert {c.id: (c.old, c.k * (c.score - c.expected + c.bonus)) for c in explained.players} == {
        "1": (1800, event.changes[0].raw_change),
        "2": (1700, event.changes[1].raw_change),
        "3": (1650, 0),
        "4": (1600, 0),
    }
    with pytest.raises(InputError, match="no start rating given for DSU member 3"):
        tournament_result(t, {c.dsu_id: c.start for c in event.changes})
