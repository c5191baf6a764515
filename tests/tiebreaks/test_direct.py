"""Direct encounter (C.07 Art. 6; 004 annex 3 2.A.c), with partial meetings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skak.model import Tournament
from skak.tiebreaks import crosstable, rank
from tests.dsl import build, game


def tied(names: list[str], *games: tuple[str, str, str], system: str = "dutch") -> Tournament:
    """``games`` among ``names`` (one per round), then wins over fresh outsiders until every
    named player has the same score, so all of them are tied on points."""
    items = [game(r, w, b, res) for r, (w, b, res) in enumerate(games, start=1)]
    t = build(names, *items, system=system)
    ct = crosstable(t)
    score = {name: ct.score[i] for i, name in enumerate(names, start=1)}
    top = max(score.values())
    outsiders: list[str] = []
    r = len(games)
    for name in names:
        while score[name] < top:
            r += 1
            outsiders.append(f"Out, {len(outsiders)}")
            items.append(game(r, name, outsiders[-1], "1-0" if top - score[name] >= 1 else "½-½"))
            score[name] += 1 if top - score[name] >= 1 else Fraction(1, 2)
    return build([*names, *outsiders], *items, system=system)


def de_order(t: Tournament, names: list[str], code: str = "DE") -> list[list[str]]:
    ranking = rank(crosstable(t), code, players=range(1, len(names) + 1))
    return [[names[p - 1] for p in tier] for tier in ranking.tiers]


def test_all_met_ranks_by_the_games_among_them() -> None:
    """Art. 6.2: everyone met everyone — the mini-table decides."""
    t = tied(["A", "B", "C"], ("A", "B", "1-0"), ("B", "C", "1-0"), ("C", "A", "½-½"))
    assert de_order(t, ["A", "B", "C"]) == [["A"], ["B"], ["C"]]


def test_players_still_level_are_looked_at_again_among_themselves() -> None:
    """Art. 6.2: A and B both score 2 of 3 in the group of four, C and D 1; between A and B
    A won, between C and D C won."""
    names = ["A", "B", "C", "D"]
    t = tied(
        names,
        ("A", "B", "1-0"),
        ("A", "C", "1-0"),
        ("D", "A", "1-0"),
        ("B", "C", "1-0"),
        ("B", "D", "1-0"),
        ("C", "D", "1-0"),
    )
    assert de_order(t, names) == [["A"], ["B"], ["C"], ["D"]]


def test_a_cycle_stays_level() -> None:
    t = tied(["A", "B", "C"], ("A", "B", "1-0"), ("B", "C", "1-0"), ("C", "A", "1-0"))
    assert de_order(t, ["A", "B", "C"]) == [["A", "B", "C"]]


def test_partial_meetings_rank_only_a_player_no_one_could_reach() -> None:
    """Art. 6.3: A beat B and C, who did not meet: B and C could reach 1 point at most, A has
    2 — A is first; B and C stay level (they never met)."""
    t = tied(["A", "B", "C"], ("A", "B", "1-0"), ("A", "C", "1-0"))
    assert de_order(t, ["A", "B", "C"]) == [["A"], ["B", "C"]]


def test_partial_meetings_rank_no_one_when_an_unplayed_game_could_change_it() -> None:
    """Art. 6.3: A beat B, but C met neither: C could still reach 2 points — nobody is
    ranked by direct encounter, although A beat B."""
    t = tied(["A", "B", "C"], ("A", "B", "1-0"))
    assert de_order(t, ["A", "B", "C"]) == [["A", "B", "C"]]


def test_a_forfeit_is_no_encounter_in_a_swiss_unless_p() -> None:
    """Art. 6.1.1 (and ``/P``): a forfeit between tied players is not a game between them."""
    t = tied(["A", "B"], ("A", "B", "+-"))
    assert de_order(t, ["A", "B"]) == [["A", "B"]]
    assert de_order(t, ["A", "B"], "DE/P") == [["A"], ["B"]]


def test_a_forfeit_is_a_game_in_a_round_robin() -> None:
    """Art. 15.2: in a round robin a forfeit is a regular game."""
    t = tied(["A", "B"], ("A", "B", "+-"), system="berger")
    assert de_order(t, ["A", "B"]) == [["A"], ["B"]]


def test_players_who_met_twice_count_the_average() -> None:
    """Art. 6.1.2: A and B met twice (1 and ½ for A: 0.75) and C once each; the averages
    decide."""
    t = tied(
        ["A", "B", "C"],
        ("A", "B", "1-0"),
        ("B", "A", "½-½"),
        ("A", "C", "0-1"),
        ("B", "C", "1-0"),
    )
    # A: ¾ + 0 = ¾; B: ¼ + 1 = 1¼; C: 1 + 0 = 1.
    assert de_order(t, ["A", "B", "C"]) == [["B"], ["C"], ["A"]]


def test_only_for_first_place_with_top() -> None:
    """DSU 4.9.5 F10: direct encounter "where it concerns first place" — ``DE/TOP`` leaves a
    tie further down alone."""
    names = ["A", "B", "C", "D"]
    t = tied(names, ("A", "B", "1-0"), ("C", "D", "1-0"))
    # Everyone gets equal points first; then give A and B one more win each.
    items = [game(10, "A", "X1", "1-0"), game(10, "B", "X2", "1-0")]
    players = [p.name for p in t.players] + ["X1", "X2"]
    t2 = build(players, *_games(t), *items, system="dutch")
    ranking = rank(crosstable(t2), "DE/TOP", players=range(1, 5))
    assert [list(x) for x in ranking.tiers] == [[1], [2], [3, 4]]
    ranking = rank(crosstable(t2), "DE", players=range(1, 5))
    assert [list(x) for x in ranking.tiers] == [[1], [2], [3], [4]]


def _games(t: Tournament) -> list[object]:
    names = {p.start_number: p.name for p in t.players}
    return [
        game(rnd.number, names[p.white], names[p.black], p.result.value if p.result else None)
        for rnd in t.rounds
        for p in rnd.pairings
        if p.black is not None
    ]


@pytest.mark.parametrize("code", ["DE", "DE/P"])
def test_de_reports_the_place_within_the_group_it_ordered(code: str) -> None:
    t = tied(["A", "B", "C"], ("A", "B", "1-0"), ("B", "C", "1-0"), ("C", "A", "½-½"))
    ranking = rank(crosstable(t), code, players=range(1, 4))
    (step,) = ranking.steps
    assert [ranking.values[step][p] for p in (1, 2, 3)] == [1, 2, 3]
