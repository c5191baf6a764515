"""FIDE C.06 annex 1: Berger tables, generated and checked against the correct tables."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError, NoValidPairingError
from skak.model import Player, Result, Tournament, round_entries
from skak.pairing import get_system
from skak.pairing.berger import berger_schedule, berger_table, schedule_order
from skak.records.tournament.events import PlayersAdded, ResultEntered, RoundPaired
from skak.records.tournament.evolve import evolve
from tests.conftest import shared_path

# FIDE's correct tables (Handbook C.05/C.06 annex 1), typed from the handbook.
CORRECT = {
    4: "1-4 2-3 | 4-3 1-2 | 2-4 3-1",
    6: "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1",
    8: (
        "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | "
        "3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1"
    ),
    10: (
        "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | "
        "10-7 8-6 9-5 1-4 2-3 | 3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | "
        "4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | 5-10 6-4 7-3 8-2 9-1"
    ),
    12: (
        "1-12 2-11 3-10 4-9 5-8 6-7 | 12-7 8-6 9-5 10-4 11-3 1-2 | "
        "2-12 3-1 4-11 5-10 6-9 7-8 | 12-8 9-7 10-6 11-5 1-4 2-3 | "
        "3-12 4-2 5-1 6-11 7-10 8-9 | 12-9 10-8 11-7 1-6 2-5 3-4 | "
        "4-12 5-3 6-2 7-1 8-11 9-10 | 12-10 11-9 1-8 2-7 3-6 4-5 | "
        "5-12 6-4 7-3 8-2 9-1 10-11 | 12-11 1-10 2-9 3-8 4-7 5-6 | "
        "6-12 7-5 8-4 9-3 10-2 11-1"
    ),
}


def _parse(text: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(
        tuple((int(a), int(b)) for a, b in re.findall(r"(\d+)-(\d+)", rnd))
        for rnd in text.split("|")
    )


@pytest.mark.parametrize("players", sorted(CORRECT), ids=lambda n: f"C.06-annex-1-{n}")
def test_generated_tables_equal_fides_correct_tables(players: int) -> None:
    assert berger_table(players) == _parse(CORRECT[players])


@pytest.mark.parametrize("players", [3, 5, 7, 9, 11, 13, 15])
def test_odd_field_uses_the_next_even_table(players: int) -> None:
    assert berger_table(players) == berger_table(players + 1)


#: The annex as printed in seed 004 differs from the correct tables exactly here
#: (SPEC-MAP's known defects, plus the board order of 15/16 round 10; see
#: docs/interpretations.md).
MISPRINTS = {(6, 3), (12, 3), (16, 6), (16, 10)}


def _printed_tables() -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    seed = shared_path("seeds/004_4b34498040dd824f.txt")
    if not seed.exists():
        pytest.skip(f"the rulebook text is neither in ../shared nor in the sample ({seed})")
    text = seed.read_text(encoding="utf-8")
    section = text[text.index("Anhang 1: Berger Tabellen") : text.index("Bei einem Doppel")]
    parts = re.split(r"(\d+) oder (\d+) Spieler:", section)[1:]
    printed = {}
    for i in range(0, len(parts), 3):
        even = int(parts[i + 1])
        rounds = re.split(r"Rd (\d+):", parts[i + 2])[1:]
        for j in range(0, len(rounds), 2):
            pairs = tuple((int(a), int(b)) for a, b in re.findall(r"(\d+)-(\d+)", rounds[j + 1]))
            printed[(even, int(rounds[j]))] = pairs
    return printed


def test_printed_annex_agrees_except_for_the_known_misprints() -> None:
    printed = _printed_tables()
    assert {n for n, _ in printed} == {4, 6, 8, 10, 12, 14, 16}
    differing = {key for key, pairs in printed.items() if berger_table(key[0])[key[1] - 1] != pairs}
    assert differing == MISPRINTS
    # 15/16 round 10 differs only in board order: same games, same colours.
    assert set(printed[(16, 10)]) == set(berger_table(16)[9])


@pytest.mark.parametrize("players", range(2, 25))
def test_every_pair_meets_once_and_colours_balance(players: int) -> None:
    table = berger_table(players)
    m = players + players % 2
    assert len(table) == m - 1
    met = Counter(frozenset(pair) for rnd in table for pair in rnd)
    assert len(met) == m * (m - 1) // 2 and set(met.values()) == {1}
    for rnd in table:
        assert sorted(n for pair in rnd for n in pair) == list(range(1, m + 1))
    whites = Counter(w for rnd in table for w, _ in rnd)
    for n in range(1, m + 1):
        assert abs(2 * whites[n] - (m - 1)) <= 1


@pytest.mark.parametrize("players", range(3, 17))
def test_double_round_robin_swaps_the_last_two_rounds_of_the_first_cycle(players: int) -> None:
    table = berger_table(players)
    double = berger_schedule(players, cycles=2)
    k = len(table)
    assert double[: k - 2] == table[: k - 2]
    assert double[k - 2] == table[k - 1] and double[k - 1] == table[k - 2]
    assert double[k:] == tuple(tuple((b, w) for w, b in rnd) for rnd in table)
    games = Counter((w, b) for rnd in double for w, b in rnd)
    assert set(games.values()) == {1}  # each pair once with each colour


@pytest.mark.parametrize("players", range(4, 17, 2))
def test_double_round_robin_never_gives_three_same_colours_across_the_cycle_break(
    players: int,
) -> None:
    """The reason the annex gives for the swap."""
    double = berger_schedule(players, cycles=2)
    k = len(double) // 2
    for n in range(1, players + 1):
        colours = [("W" if w == n else "B") for rnd in double for w, b in rnd if n in (w, b)]
        around_break = "".join(colours[k - 3 : k + 3])
        assert "WWW" not in around_break and "BBB" not in around_break, (n, colours)


def test_schedule_order() -> None:
    assert schedule_order(5) == tuple((1, r) for r in range(1, 6))
    assert schedule_order(5, cycles=2, swap_last_two=False)[3:6] == ((1, 4), (1, 5), (2, 1))


# -- the pairing system on a tournament snapshot -------------------------------------------


def _tournament(n: int, **kw: object) -> Tournament:
    players = tuple(Player(i, f"Player, {i}") for i in range(1, n + 1))
    return Tournament("RR", "berger", players=players, **kw)  # type: ignore[arg-type]


def test_system_pairs_by_start_number_order() -> None:
    system = get_system("berger")
    players = tuple(Player(n, f"P, {n}") for n in (3, 10, 20, 40))  # gaps in start numbers
    t = Tournament("RR", "berger", players=players)
    rnd = system.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == [(3, 40), (10, 20)]
    assert any("start-number order" in line for line in rnd.explanation)


def test_odd_field_gives_the_free_round_as_a_bye_board() -> None:
    rnd = get_system("berger").pair(_tournament(5))
    assert [(p.white, p.black) for p in rnd.pairings] == [(2, 5), (3, 4), (1, None)]
    assert rnd.pairings[-1].result is Result.PAIRING_BYE
    assert any("spillefri" in line for line in rnd.explanation)
    assert get_system("berger").default_scoring.pairing_bye == 0


def test_withdrawn_and_absent_players_lose_by_forfeit_in_advance() -> None:
    t = Tournament(
        "RR",
        "berger",
        players=(
            Player(1, "A, A", absent_rounds=frozenset({1})),
            Player(2, "B, B"),
            Player(3, "C, C", absent_rounds=frozenset({1})),
            Player(4, "D, D", absent_rounds=frozenset({1})),
        ),
    )
    rnd = get_system("berger").pair(t)
    assert [p.result for p in rnd.pairings] == [Result.DOUBLE_FORFEIT, Result.WHITE_FORFEIT_WIN]


def test_players_withdrawn_before_the_start_are_left_out_of_the_table() -> None:
    t = Tournament(
        "RR",
        "berger",
        players=tuple(
            Player(i, f"P, {i}", withdrawn_from=1 if i == 2 else None) for i in range(1, 6)
        ),
    )
    system = get_system("berger")
    rnd = system.pair(t)
    assert system.planned_rounds(t) == 3
    assert sorted(n for p in rnd.pairings for n in p.players) == [1, 3, 4, 5]


def test_field_is_fixed_after_round_one() -> None:
    system = get_system("berger")
    t = _tournament(4)
    t = evolve(t, RoundPaired(system.pair(t)))
    t = evolve(t, PlayersAdded((Player(5, "Late, Comer", late_from=2),)))
    with pytest.raises(NoValidPairingError, match="fixed when round 1 is paired") as info:
        system.pair(t)
    assert info.value.players == (5,)


def test_declared_rounds_must_match_the_table() -> None:
    with pytest.raises(NoValidPairingError, match=r"has 5 rounds.*set up with 7"):
        get_system("berger").pair(_tournament(6, number_of_rounds=7))


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"cycles": 3}, "cycles"),
        ({"colour": "x"}, "no setting"),
        ({"cycles": "2"}, "must be a whole number"),
    ],
)
def test_settings_are_checked(settings: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        get_system("berger").check_settings(settings)  # type: ignore[arg-type]


@given(
    n=st.integers(min_value=3, max_value=16),
    cycles=st.sampled_from([1, 2]),
    data=st.data(),
)
def test_whole_round_robin_invariants(n: int, cycles: int, data: st.DataObject) -> None:
    """Each player once per round, no rematch within a cycle, points conserved per round."""
    system = get_system("berger")
    t = _tournament(n, pairing_settings=(("cycles", cycles),), scoring=system.default_scoring)
    results = [r for r in Result if r.is_game and r is not Result.UNFINISHED]
    total = system.planned_rounds(t)
    assert total == cycles * (n + n % 2 - 1)
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(total):
        rnd = system.pair(t)
        t = evolve(t, RoundPaired(rnd))
        listed = [x for p in rnd.pairings for x in p.players]
        assert sorted(listed) == list(range(1, n + 1))
        for p in rnd.pairings:
            if p.black is not None:
                seen[(min(p.players), max(p.players))] += 1
                t = evolve(
                    t, ResultEntered(rnd.number, p.board, data.draw(st.sampled_from(results)))
                )
        points = sum(e.points(t.scoring) for e in round_entries(t, rnd.number).values())
        expected = sum(
            (1 if p.result is not Result.DOUBLE_FORFEIT else 0)
            for p in t.round(rnd.number).pairings
            if p.black is not None
        )
        assert points == expected
    assert set(seen.values()) == {cycles}
    assert len(seen) == n * (n - 1) // 2
    with pytest.raises(NoValidPairingError):
        system.pair(t)
