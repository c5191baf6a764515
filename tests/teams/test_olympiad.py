"""DSU 003 §4.9.9.5: the olympiad tournament's team draft and its all-play-all schedule."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError
from skak.teams import (
    draft_blocks,
    draft_order,
    olympiad,
    olympiad_draft,
    olympiad_schedule,
)

#: §4.9.9.5 as printed: 24 players, 4 teams.
PRINTED = {
    1: (1, 8, 11, 14, 17, 24),
    2: (2, 7, 12, 13, 18, 23),
    3: (3, 6, 9, 16, 19, 22),
    4: (4, 5, 10, 15, 20, 21),
}


@pytest.mark.parametrize("balanced", [True, False], ids=["4.9.9.5-balanced", "4.9.9.5-literal"])
def test_the_printed_example(balanced: bool) -> None:
    teams = olympiad_draft(24, 4, balanced=balanced)
    assert {t.number: t.players for t in teams} == PRINTED


def test_the_texts_first_three_blocks() -> None:
    """1–4 to teams 1, 2, 3, 4; 5→4, 6→3, 7→2, 8→1; 9→3, 10→4, 11→1, 12→2 (§4.9.9.5)."""
    assert draft_order(24, 4)[:12] == (1, 2, 3, 4, 4, 3, 2, 1, 3, 4, 1, 2)


@pytest.mark.parametrize("blocks", range(1, 25))
def test_four_teams_repeat_the_orders_1234_4321_3412_2143(blocks: int) -> None:
    cycle = [(1, 2, 3, 4), (4, 3, 2, 1), (3, 4, 1, 2), (2, 1, 4, 3)]
    expected = tuple(cycle[i % 4] for i in range(blocks))
    assert draft_blocks(4 * blocks, 4, balanced=False) == expected
    if blocks % 2 == 0:
        assert draft_blocks(4 * blocks, 4) == expected


@pytest.mark.parametrize("players", range(8, 97, 8))
def test_four_teams_with_a_multiple_of_eight_players_have_equal_rank_sums(players: int) -> None:
    sums = {t.rank_sum for t in olympiad_draft(players, 4)}
    assert sums == {players // 4 * (players + 1) // 2}


def _spread(players: int, teams: int, *, balanced: bool = True) -> int:
    sums = [t.rank_sum for t in olympiad_draft(players, teams, balanced=balanced)]
    return max(sums) - min(sums)


@pytest.mark.parametrize("teams", range(2, 11))
@pytest.mark.parametrize("per_team", range(1, 10))
def test_rank_sums_are_as_even_as_they_can_be(teams: int, per_team: int) -> None:
    """Equal with an even number per team; with an odd number (3 or more) equal when the
    average ``per_team·(N+1)/2`` is whole (odd T) and one apart when it is not (even T);
    one player per team gives the sums 1…T."""
    spread = _spread(per_team * teams, teams)
    if per_team == 1:
        assert spread == teams - 1
    elif per_team % 2 == 0:
        assert spread == 0
    else:
        assert spread == (0 if teams % 2 else 1)


def _best_spread(players: int, teams: int) -> int:
    """The smallest rank-sum spread over every split of 1…N into equal teams."""
    size = players // teams
    best = players * players

    def split(left: tuple[int, ...], sums: list[int]) -> None:
        nonlocal best
        if not left:
            best = min(best, max(sums) - min(sums))
            return
        first, rest = left[0], left[1:]
        for others in combinations(rest, size - 1):
            chosen = {first, *others}
            split(tuple(x for x in rest if x not in chosen), [*sums, sum(chosen)])

    split(tuple(range(1, players + 1)), [])
    return best


CASES = [(n, t) for n in range(2, 13) for t in range(2, n + 1) if n % t == 0] + [(14, 2), (15, 3)]


@pytest.mark.parametrize(("players", "teams"), CASES, ids=lambda v: str(v))
def test_rank_sum_spread_equals_brute_force(players: int, teams: int) -> None:
    assert _spread(players, teams) == _best_spread(players, teams)


def test_the_literal_cycle_is_worse_with_an_odd_number_of_blocks() -> None:
    # 12 players, 4 teams: 1234, 4321, 3412 gives 20, 21, 18, 19; the balanced draft 20, 20, 19, 19
    assert [t.rank_sum for t in olympiad_draft(12, 4, balanced=False)] == [20, 21, 18, 19]
    assert sorted(t.rank_sum for t in olympiad_draft(12, 4)) == [19, 19, 20, 20]


@pytest.mark.parametrize("teams", range(2, 9))
def test_every_team_takes_every_place_in_a_block_equally_often(teams: int) -> None:
    """Over T blocks (even T) or 2T blocks (odd T) the first pick rotates through all teams."""
    cycle = teams if teams % 2 == 0 else 2 * teams
    blocks = draft_blocks(cycle * teams, teams)
    for team in range(1, teams + 1):
        places = Counter(block.index(team) for block in blocks)
        assert set(places) == set(range(teams))
        assert len(set(places.values())) == 1


@given(st.integers(2, 10).flatmap(lambda t: st.tuples(st.integers(t, 70), st.just(t))))
def test_any_field_is_split_into_teams_of_nearly_equal_size(field: tuple[int, int]) -> None:
    players, teams = field
    drafted = olympiad_draft(players, teams)
    assert [t.number for t in drafted] == list(range(1, teams + 1))
    assert sorted(r for t in drafted for r in t.players) == list(range(1, players + 1))
    assert all(list(t.players) == sorted(t.players) for t in drafted)
    assert [t.players[0] for t in drafted] == list(range(1, teams + 1))  # the team leaders
    sizes = {len(t.players) for t in drafted}
    assert max(sizes) - min(sizes) <= 1
    # the players left over go to the weakest teams so far, one each
    full = players - players % teams
    before = {t.number: sum(r for r in t.players if r <= full) for t in drafted}
    extra = [t.number for t in drafted if len(t.players) > full // teams]
    if extra:
        assert min(before[k] for k in extra) >= max(
            (before[k] for k in before if k not in extra), default=0
        )


@pytest.mark.parametrize(
    ("players", "teams", "message"),
    [(10, 1, "at least 2 teams"), (10, 0, "at least 2 teams"), (3, 4, "holdleder")],
)
def test_too_few_teams_or_players(players: int, teams: int, message: str) -> None:
    with pytest.raises(InputError, match=message):
        olympiad_draft(players, teams)
    with pytest.raises(InputError, match=message):
        olympiad(players, teams)


# --- the schedule -----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "teams"), [(24, 4), (15, 5), (14, 4), (6, 2), (21, 7)])
def test_schedule_is_a_round_robin_of_teams_board_by_board(players: int, teams: int) -> None:
    drafted = olympiad_draft(players, teams)
    rank_team = {r: t.number for t in drafted for r in t.players}
    board_of = {r: t.players.index(r) + 1 for t in drafted for r in t.players}
    schedule = olympiad_schedule(drafted)
    assert len(schedule) == teams - 1 + teams % 2
    met = Counter()
    first_white = Counter()
    for rnd in schedule:
        playing = [k for m in rnd.matches for k in (m.white_team, m.black_team)]
        assert len(playing) == len(set(playing))
        assert sorted([*playing, *([rnd.bye] if rnd.bye else [])]) == list(range(1, teams + 1))
        assert (rnd.bye is not None) == (teams % 2 == 1)
        for m in rnd.matches:
            met[frozenset((m.white_team, m.black_team))] += 1
            first_white[m.white_team] += 1
            assert len(m.boards) == max(len(t.players) for t in drafted)
            for b in m.boards:
                expected = m.white_team if b.board % 2 else m.black_team
                assert b.white_team == expected
                other = m.black_team if expected == m.white_team else m.white_team
                for rank, team in ((b.white, expected), (b.black, other)):
                    if rank is None:  # a team one player short leaves its last board empty
                        assert len(drafted[team - 1].players) < b.board
                    else:
                        assert rank_team[rank] == team and board_of[rank] == b.board
    assert set(met.values()) == {1} and len(met) == teams * (teams - 1) // 2
    assert max(first_white.values()) - min(first_white.values(), default=0) <= 1


def test_double_round_gives_each_team_white_on_board_one_once_against_each() -> None:
    schedule = olympiad_schedule(olympiad_draft(16, 4), cycles=2)
    games = Counter((m.white_team, m.black_team) for r in schedule for m in r.matches)
    assert len(schedule) == 6 and len(games) == 12 and set(games.values()) == {1}


def test_schedule_refuses_odd_team_numbers() -> None:
    teams = olympiad_draft(8, 4)
    with pytest.raises(InputError, match="numbered"):
        olympiad_schedule(teams[:1] + teams[2:])
    with pytest.raises(InputError, match="at least 2 teams"):
        olympiad_schedule(teams[:1])


def test_json_for_the_cli() -> None:
    data = olympiad(24, 4)
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data
    assert [(d["team"], tuple(d["players"]), d["rank_sum"]) for d in data["draft"]] == [  # type: ignore[index, union-attr, attr-defined]
        (k, players, sum(players)) for k, players in PRINTED.items()
    ]
    assert data["rank_sum_spread"] == 0
    first = data["schedule"][0]["matches"][0]  # type: ignore[index]
    assert first["white_team"] == 1 and first["black_team"] == 4
    assert first["boards"][:2] == [
        {"board": 1, "white": 1, "black": 4, "white_team": 1},
        {"board": 2, "white": 5, "black": 8, "white_team": 4},
    ]
    assert any("alle-hold-mod-alle" in line for line in data["explanation"])  # type: ignore[attr-defined]
