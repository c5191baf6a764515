"""Standings: points, tie-breaks, shared places, DSU §16 withdrawals and §24 prizes."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from skak.errors import InputError
from skak.model import Result, Tournament
from skak.standings import (
    Standing,
    dsu_withdrawals,
    final_standings,
    first_place,
    prize_basis,
    share_prizes,
    standings,
    standings_json,
)
from skak.tiebreaks import default_tiebreaks
from tests.dsl import build, game, player

F = Fraction


def four() -> Tournament:
    """A round robin of four: A 2, B 2 (B beat A), C 1, D 1 (C beat D)."""
    return build(
        ["A", "B", "C", "D"],
        game(1, "A", "D", "1-0"),
        game(1, "B", "C", "1-0"),
        game(2, "D", "C", "0-1"),
        game(2, "A", "B", "0-1"),
        game(3, "B", "D", "0-1"),
        game(3, "C", "A", "0-1"),
        system="berger",
    )


def places(rows: tuple[Standing, ...]) -> list[tuple[str, str]]:
    return [(s.place, s.player.name) for s in rows]


def test_points_only_share_places_as_before() -> None:
    rows = standings(four())
    assert places(rows) == [("1–2", "A"), ("1–2", "B"), ("3–4", "C"), ("3–4", "D")]
    assert all(s.tiebreaks == () for s in rows)
    assert [s.shared for s in rows] == [True] * 4


def test_tie_breaks_order_the_tied_players() -> None:
    rows = standings(four(), tiebreaks="DE,SB")
    assert places(rows) == [("1", "B"), ("2", "A"), ("3", "C"), ("4", "D")]
    b = rows[0]
    assert not b.shared
    assert b.tiebreak("DE") == 1
    # B beat A (2) and C (1): SB 3.
    assert b.tiebreak("SB") == 3
    with pytest.raises(KeyError):
        b.tiebreak("BH")


def test_players_equal_on_everything_share_their_place() -> None:
    t = build(
        ["A", "B", "C", "D"],
        game(1, "A", "B", "½-½"),
        game(1, "C", "D", "½-½"),
        system="dutch",
    )
    rows = standings(t, tiebreaks="BH,SB")
    assert places(rows) == [("1–4", n) for n in "ABCD"]


def test_staged_codes_show_each_stage() -> None:
    rows = standings(four(), tiebreaks="almindelig-korrektion")
    assert [code for code, _ in rows[0].tiebreaks] == ["BH/C2", "BH/C1", "BH"]


def test_bad_codes_and_unrated_players_are_refused() -> None:
    with pytest.raises(InputError, match="unknown tie-break code 'XX'"):
        standings(four(), tiebreaks="BH,XX")
    with pytest.raises(InputError, match=r"ARO needs every player's"):
        standings(four(), tiebreaks="ARO")


def test_json_is_exact() -> None:
    t = build(
        [player(1, "A"), player(2, "B"), player(3, "C")],
        game(1, "A", "B", "½-½"),
        game(2, "B", "C", "1-0"),
        game(3, "C", "A", "1-0"),
        system="berger",
    )
    data = standings_json(standings(t, tiebreaks="SB,AOB"))
    json.dumps(data)
    first = data["standings"][0]
    assert set(first) == {"rank", "shared", "start_number", "name", "points", "tiebreaks"}
    assert first == {
        "rank": 1,
        "shared": False,
        "start_number": 2,
        "name": "B",
        "points": "1.5",
        "tiebreaks": {"SB": "1.25", "AOB": "2.25"},
    }


# -- DSU §16 Ikke fuldførelse af turnering ------------------------------------------------------


def _withdrawn(from_round: int, system: str = "berger") -> Tournament:
    """``four()`` with D leaving before ``from_round``: his later games are forfeits, or have
    no result at all."""
    games = [
        game(1, "A", "D", "1-0"),
        game(1, "B", "C", "1-0"),
        game(2, "D", "C", "-+" if from_round <= 2 else "0-1"),
        game(2, "A", "B", "0-1"),
        game(3, "B", "D", None),
        game(3, "C", "A", "0-1"),
    ]
    names = [
        player(1, "A"),
        player(2, "B"),
        player(3, "C"),
        player(4, "D", withdrawn_from=from_round),
    ]
    return build(names, *games, system=system)


def test_round_robin_under_half_played_removes_his_games() -> None:
    """§16: D completed one game of three — points scored by or against him do not count in
    the final standings; he is listed without a place, with the score he made."""
    t = _withdrawn(2)
    w = dsu_withdrawals(t)
    assert w.removed == {4}
    assert all(4 not in g.players for rnd in w.tournament.rounds for g in rnd.pairings)
    rows = standings(t, withdrawals=True)
    # A loses the win over D: A 1, B 2, C 1 (C's forfeit win over D is gone too: C 0).
    assert [(s.player.name, s.points) for s in rows] == [
        ("B", 2), ("A", 1), ("C", 0), ("D", 0)
    ]  # fmt: skip
    d = rows[-1]
    assert d.excluded and d.place == "–"
    assert standings_json(rows)["standings"][-1]["rank"] is None


def test_round_robin_half_played_scores_his_unplayed_games_to_the_opponent() -> None:
    """§16: D completed two games of three — he stays; the unplayed game counts 0 for him,
    1 for his opponent."""
    t = _withdrawn(3)
    w = dsu_withdrawals(t)
    assert w.removed == frozenset()
    assert w.tournament.round(3).board(1).result is Result.WHITE_FORFEIT_WIN
    rows = standings(t, withdrawals=True)
    assert {s.player.name: s.points for s in rows} == {"A": 2, "B": 3, "C": 1, "D": 0}
    assert not any(s.excluded for s in rows)


def test_other_systems_keep_his_score() -> None:
    """§16: not a round robin — he leaves the pairing, his score stays and counts, and a
    player left without an opponent because of him scores 1."""
    from dataclasses import replace

    from skak.pairing import get_system
    from skak.records.tournament.events import ResultEntered, RoundPaired
    from skak.records.tournament.evolve import evolve

    monrad = get_system("monrad")
    t = build(6, game(1, 2, 1, "1-0"), game(1, 4, 3, "1-0"), game(1, 6, 5, "1-0"), system="monrad")
    t = replace(
        t,
        players=tuple(
            replace(p, withdrawn_from=2) if p.start_number == 2 else p for p in t.players
        ),
    )
    rnd = monrad.pair(t)  # five players left: the first to withdraw stays in as the lowest
    t = evolve(t, RoundPaired(rnd))
    for p in rnd.pairings:
        if p.result is None:
            t = evolve(t, ResultEntered(2, p.board, Result.DRAW))
    rows = {s.player.start_number: s for s in standings(t, withdrawals=True)}
    assert rows[2].points == 1  # his win in round 1 stays
    assert not rows[2].excluded
    (ghost,) = [p for p in rnd.pairings if 2 in p.players]
    opponent = ghost.white if ghost.black == 2 else ghost.black
    assert opponent is not None
    assert ghost.result is Result.WHITE_FORFEIT_WIN
    assert rows[opponent].points - (1 if opponent in (4, 6) else 0) == 1


def test_final_standings_use_dsu_defaults_and_section_16() -> None:
    rows = final_standings(_withdrawn(2))
    assert [code for code, _ in rows[0].tiebreaks] == ["SB"]
    assert rows[-1].excluded


@pytest.mark.parametrize(
    ("tournament", "first"),
    [
        pytest.param(four(), {1, 2}, id="4.5.2.5-level-on-points-share-first"),
        pytest.param(_withdrawn(2), {2}, id="4.5.2.5-after-dsu-16"),
        pytest.param(_withdrawn(3), {2}, id="4.5.2.5-dsu-16-forfeits-count"),
    ],
)
def test_first_place_is_shared_by_the_players_level_with_the_leader(
    tournament: Tournament, first: set[int]
) -> None:
    """003 §4.5.2.5: "ved ligestilling på førstepladsen alle de implicerede spillere": SB puts
    B first in ``four()``, A shares first place on points; §16 first (D's games annulled, or
    scored to his opponents), and a player §16 excludes takes no place."""
    assert first_place(tournament) == first
    assert final_standings(tournament)[0].player.start_number in first


# -- DSU §24 Præmiefordeling --------------------------------------------------------------------


def test_shared_places_share_the_prizes_they_cover() -> None:
    rows = standings(four())  # 1–2 A, B; 3–4 C, D
    assert share_prizes(rows, [1000, 600, 300]) == {1: 800, 2: 800, 3: 150, 4: 150}


def test_prizes_are_exact_and_stop_where_the_list_ends() -> None:
    t = build(
        ["A", "B", "C", "D"],
        game(1, "A", "B", "1-0"),
        game(1, "C", "D", "½-½"),
        system="dutch",
    )
    rows = standings(t)  # 1 A; 2–3 C, D; 4 B
    assert share_prizes(rows, ["1000", "500,50"]) == {1: 1000, 3: F(1001, 4), 4: F(1001, 4)}


def test_round_robin_cash_prizes_are_shared_by_points_whatever_the_tie_breaks() -> None:
    """§24: in a round robin cash prizes are shared; only honour prizes follow SB."""
    t = four()
    rows = standings(t, tiebreaks="SB")
    assert places(rows)[:2] == [("1", "B"), ("2", "A")]
    assert prize_basis(t) == "points"
    assert share_prizes(rows, [1000, 600], by=prize_basis(t)) == {2: 800, 1: 800}
    assert share_prizes(rows, [1000, 600], by="place") == {2: 1000, 1: 600}


@pytest.mark.parametrize(
    ("system", "round_robin", "codes", "basis"),
    [
        pytest.param("unknown", True, ["SB"], "points", id="24-round-robin-by-the-arbiter"),
        pytest.param("berger", False, ["AK"], "place", id="24-other-group-by-the-arbiter"),
        pytest.param("berger", None, ["SB"], "points", id="24-round-robin-by-its-system"),
        pytest.param("unknown", None, ["AK"], "place", id="24-other-group-by-its-system"),
    ],
)
def test_one_decision_makes_the_section_24_default(
    system: str, round_robin: bool | None, codes: list[str], basis: str
) -> None:
    """§24 by the arbiter's ``--round-robin``/``--swiss`` (a TRF file that names no system),
    else by the pairing system: the tie-breaks and the prize rule decided alike."""
    t = replace(four(), pairing_system=system)
    assert [str(c) for c in default_tiebreaks(t, round_robin=round_robin)] == codes
    assert prize_basis(t, round_robin=round_robin) == basis
    rows = final_standings(t, round_robin=round_robin)
    assert [code for code, _ in rows[0].tiebreaks] == (["SB"] if codes == ["SB"] else [
        "BH/C2", "BH/C1", "BH"
    ])  # fmt: skip


def test_excluded_players_take_no_place_and_no_prize() -> None:
    rows = standings(_withdrawn(2), withdrawals=True)
    assert share_prizes(rows, [300, 200, 100, 50]) == {2: 300, 1: 200, 3: 100}


@pytest.mark.parametrize(
    ("prizes", "by", "message"),
    [
        (["-5"], "place", "negative"),
        (["lots"], "place", "not an amount"),
        ([1], "rating", "by 'place' or 'points'"),
    ],
)
def test_bad_prizes(prizes: list[object], by: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        share_prizes(standings(four()), prizes, by=by)  # type: ignore[arg-type]


def test_direct_encounter_in_an_unfinished_round_robin_counts_only_games_played() -> None:
    """004 annex 3 2.A.c / C.07 Art. 6: the tied players have not all met yet, so the one who
    beat another is not placed first while the third could still catch up."""
    t = build(
        ["A", "B", "C", "D", "E", "F"],
        game(1, "A", "B", "1-0"),
        game(1, "C", "D", "0-1"),
        game(1, "E", "F", "½-½"),
        game(2, "B", "E", "1-0"),
        game(2, "C", "F", "1-0"),
        game(2, "A", "D", "0-1"),
        system="berger",
        number_of_rounds=5,
    )
    rows = standings(t, tiebreaks="DE")
    places = {s.player.name: s.place for s in rows}
    assert places["D"] == "1"
    assert places["A"] == places["B"] == places["C"] == "2–4"


def test_section_16_looks_at_who_had_left_by_the_round_asked_for() -> None:
    t = build(
        [player(1, "A"), player(2, "B"), player(3, "C"), player(4, "D", withdrawn_from=3)],
        game(1, "A", "D", "1-0"),
        game(1, "B", "C", "1-0"),
        game(2, "D", "C", "-+"),  # D did not come, then left before round 3
        game(2, "A", "B", "0-1"),
        game(3, "B", "D", "+-"),
        game(3, "C", "A", "0-1"),
        number_of_rounds=3,
    )
    last = final_standings(t)  # D played 1 of 3 games: under 50 %, his games are removed
    assert any(s.excluded for s in last)
    early = final_standings(t, after_round=1)  # after round 1 he had not left yet
    assert not any(s.excluded for s in early)
