"""Monrad, DSU 003 §4.9.1–4.9.2: order, nearest unmet opponent, exchanges, colours,
withdrawals, the free round, and the look-ahead."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from skak.errors import NoValidPairingError
from skak.faces.cli import app
from skak.io.trf import write_trf
from skak.model import Colour, PairingBan, Result, Round, Tournament
from skak.model.games import colour_history
from skak.pairing import get_system
from skak.pairing.monrad import (
    lex_first_matching,
    lex_matchings,
    lot_order,
    placements,
    rounds_pairable,
)
from skak.records.tournament.events import ResultEntered, RoundPaired
from skak.records.tournament.evolve import evolve
from skak.standings import standings
from tests.dsl import build, game, player

MONRAD = get_system("monrad")


def pairs(t: Tournament) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in MONRAD.pair(t).pairings]


def test_round_one_is_two_against_one_four_against_three() -> None:
    """4.9.2: "I 1. runde spiller nr. 2 hvid mod nr. 1, nr. 4 hvid mod nr. 3 osv." """
    assert pairs(build(8, system="monrad")) == [(2, 1), (4, 3), (6, 5), (8, 7)]


def test_round_one_follows_a_seeded_lot() -> None:
    t = build(10, system="monrad", pairing_settings=(("lot-seed", 7),))
    lot = lot_order(t)
    assert sorted(lot) == list(range(1, 11))
    assert lot != tuple(range(1, 11))
    assert lot == lot_order(build(10, system="monrad", pairing_settings=(("lot-seed", 7),)))
    assert pairs(t) == [(lot[i + 1], lot[i]) for i in range(0, 10, 2)]


#: A hand-built situation after two rounds: placements 1–6 in number order, and 5 and 6 have
#: met, so the greedy pairing (1–2, 3–4) leaves 5 and 6 together.
EXCHANGE_CASE = (
    game(1, 1, 3, "1-0"),
    game(1, 2, 4, "½-½"),
    game(1, 5, 6, "½-½"),
    game(2, 4, 1, "0-1"),
    game(2, 5, 2, "0-1"),
    game(2, 3, 6, "1-0"),
)


def test_reordering_by_points_then_previous_placement() -> None:
    """4.9.2: sort by points, then within a score group by the placement at the previous
    pairing (after round 1: the lot number)."""
    t = build(6, *EXCHANGE_CASE, system="monrad")
    order = placements(t)
    assert order[0] == (1, 2, 3, 4, 5, 6)
    assert order[1] == (1, 2, 4, 5, 6, 3)  # 1: 1; 2, 4, 5, 6: ½ in lot order; 3: 0
    assert order[2] == (1, 2, 3, 4, 5, 6)  # 2, 1½, 1, then ½ in round-2 order 4, 5, 6


def test_exchange_with_the_last_pair() -> None:
    """4.9.2: when the last players have met, the remaining players and the last pair made
    are re-paired; the players keep their placement; colours by fewer whites, else the lower
    placed has white."""
    t = build(6, *EXCHANGE_CASE, system="monrad")
    rnd = MONRAD.pair(t)
    assert [(p.white, p.black) for p in rnd.pairings] == [(2, 1), (3, 5), (6, 4)]
    text = "\n".join(rnd.explanation)
    assert "ombytning" in text
    assert "the last pair and the players left over were re-paired" in text


def test_exchange_reaches_back_to_the_second_last_pair() -> None:
    """4.9.2: "Er det ikke … muligt …, medtages det næstsidst sammensatte par osv." """
    forbidden = {frozenset(p) for p in [(5, 6), (3, 5), (3, 6)]}

    def allowed(a: int, b: int) -> bool:
        return frozenset((a, b)) not in forbidden

    found = lex_first_matching([1, 2, 3, 4, 5, 6], allowed)
    assert found == ([(1, 3), (2, 5), (4, 6)], 2)


def test_lexicographic_order_is_the_rules_order() -> None:
    """The best placed player's nearest opponent first; alternatives in the rule's order."""
    got = list(lex_matchings([1, 2, 3, 4, 5, 6], lambda a, b: True))
    assert len(got) == 15
    assert got[0] == [(1, 2), (3, 4), (5, 6)]
    assert got[1] == [(1, 2), (3, 5), (4, 6)]
    assert got == sorted(got)


def test_no_pairing_names_the_stuck_players() -> None:
    def allowed(a: int, b: int) -> bool:
        return 4 not in (a, b)

    assert lex_first_matching([1, 2, 3, 4], allowed) == (None, [3, 4])


def test_unfinished_games_count_as_draws_for_the_order() -> None:
    """4.9.1: "Uafgjorte partier regnes, indtil partierne er færdigspillede, for remis." """
    t = build(
        4,
        game(1, 2, 1, "1-0"),
        game(1, 4, 3, None),
        system="monrad",
    )
    t = replace(t, rounds=(t.rounds[0].with_result(2, Result.UNFINISHED),))
    # 2: 1 point; 3 and 4: ½ each (in lot order 3, 4); 1: 0.
    assert placements(t)[1] == (2, 3, 4, 1)


def test_odd_field_gives_the_lowest_placed_a_free_round_once() -> None:
    t = build(5, system="monrad", number_of_rounds=5)
    seen: list[int] = []
    for r in range(1, 6):
        rnd = MONRAD.pair(t)
        byes = [p.white for p in rnd.pairings if p.black is None]
        assert len(byes) == 1
        seen += byes
        t = evolve(t, RoundPaired(rnd))
        for p in rnd.pairings:
            if p.result is None:
                t = evolve(t, ResultEntered(r, p.board, Result.DRAW))
    assert sorted(seen) == [1, 2, 3, 4, 5]
    assert seen[0] == 5  # round 1: the last lot number sits out


def test_an_odd_number_withdrawn_keeps_the_first_in_as_lowest_placed() -> None:
    """4.9.1: "Udgår et ulige antal spillere, indgår den først udtrådte i rundelægningen som
    den lavest placerede, medens de øvrige udtrådte matches i resten af turneringen." """
    t = build(6, game(1, 2, 1, "1-0"), game(1, 4, 3, "1-0"), game(1, 6, 5, "1-0"), system="monrad")
    t = replace(t, players=tuple(replace(p, withdrawn_from=2) if p.start_number == 2 else p
                                 for p in t.players))  # fmt: skip
    rnd = MONRAD.pair(t)
    ghost = [p for p in rnd.pairings if 2 in p.players]
    assert len(ghost) == 1
    assert ghost[0].result is Result.WHITE_FORFEIT_WIN
    assert ghost[0].black == 2
    assert len(rnd.pairings) == 3
    # A second withdrawal makes the number even: both leave the pairing of the others, and
    # are paired with each other (4.9.1, "matches disse i resten af turneringen").
    t = evolve(t, RoundPaired(rnd))
    t = replace(t, players=tuple(replace(p, withdrawn_from=3) if p.start_number == 5 else p
                                 for p in t.players))  # fmt: skip
    for p in t.round(2).pairings:
        if p.result is None:
            t = evolve(t, ResultEntered(2, p.board, Result.DRAW))
    rnd = MONRAD.pair(t)
    played = {n for p in rnd.pairings if p.result is None for n in p.players}
    assert played == {1, 3, 4, 6}
    (listed,) = [p for p in rnd.pairings if p.result is not None]
    assert set(listed.players) == {2, 5}
    assert listed.result is Result.DOUBLE_FORFEIT


def _withdraw(t: Tournament, rounds: dict[int, int]) -> Tournament:
    return replace(
        t,
        players=tuple(
            replace(p, withdrawn_from=rounds[p.start_number]) if p.start_number in rounds else p
            for p in t.players
        ),
    )


def _played_rounds(players: int, rounds: int, seed: int) -> Tournament:
    t = build(players, system="monrad", number_of_rounds=rounds + 3)
    rng = random.Random(seed)
    for r in range(1, rounds + 1):
        t = evolve(t, RoundPaired(MONRAD.pair(t)))
        for p in t.round(r).pairings:
            if p.result is None:
                t = evolve(t, ResultEntered(r, p.board, rng.choice([Result.WHITE_WIN, Result.DRAW,
                                                                  Result.BLACK_WIN])))  # fmt: skip
    return t


@pytest.mark.parametrize(
    ("players", "gone"),
    [
        pytest.param(8, {3: 3, 6: 3}, id="4.9.1-withdrawn-even"),
        pytest.param(10, {2: 3, 5: 3, 7: 3, 9: 3}, id="4.9.1-withdrawn-even-four"),
        pytest.param(10, {4: 2, 8: 3, 1: 3}, id="4.9.1-withdrawn-odd-others-matched"),
    ],
)
def test_withdrawn_players_are_matched_among_themselves(players: int, gone: dict[int, int]) -> None:
    """4.9.1: "Udgår et lige antal spillere af turneringen matches disse i resten af
    turneringen. Udgår et ulige antal spillere, indgår den først udtrådte i rundelægningen som
    den lavest placerede, medens de øvrige udtrådte matches i resten af turneringen." The games
    the withdrawn players would play among themselves are listed on the round's boards, entered
    in advance as lost by both, and named in the explanation."""
    t = _withdraw(_played_rounds(players, 2, seed=players), gone)
    first = min(gone, key=lambda n: (gone[n], n)) if len(gone) % 2 else None
    for r in (3, 4):
        rnd = MONRAD.pair(t)
        listed = [p for p in rnd.pairings if p.result is Result.DOUBLE_FORFEIT]
        matched = set(gone) - {first} if first is not None else set(gone)
        assert {n for p in listed for n in p.players} == matched
        assert len(listed) == len(matched) // 2
        for p in rnd.pairings:
            if p.result is None:
                assert not set(gone) & set(p.players)  # the others play among themselves
        if first is not None:
            (kept,) = [p for p in rnd.pairings if first in p.players]
            assert kept.result is Result.WHITE_FORFEIT_WIN  # kept in as the lowest placed
        assert any("4.9.1" in line and "among themselves" in line for line in rnd.explanation)
        for p in listed:
            assert any(f"{p.white}–{p.black}, both withdrawn" in line for line in rnd.explanation)
        t = evolve(t, RoundPaired(rnd))
        for p in t.round(r).pairings:
            if p.result is None:
                t = evolve(t, ResultEntered(r, p.board, Result.DRAW))


@pytest.mark.parametrize("edition", [pytest.param("c07-2024", id="4.9.1-listed-C.07-16.1.1")])
def test_listed_games_of_withdrawn_players_change_no_tiebreak(edition: str) -> None:
    """The listed games are rounds after a withdrawal: for the tie-breaks a zero-point bye, as
    C.07 Art. 16.1.1 says and as when nothing was listed."""
    t = _withdraw(_played_rounds(8, 2, seed=3), {3: 3, 6: 3})
    rnd = MONRAD.pair(t)
    assert [p.players for p in rnd.pairings if p.result is Result.DOUBLE_FORFEIT] == [(6, 3)]
    t = evolve(t, RoundPaired(rnd))
    for p in t.round(3).pairings:
        if p.result is None:
            t = evolve(t, ResultEntered(3, p.board, Result.DRAW))
    unlisted = replace(
        t,
        rounds=(
            *t.rounds[:2],
            replace(
                t.round(3),
                pairings=tuple(
                    p for p in t.round(3).pairings if p.result is not Result.DOUBLE_FORFEIT
                ),
            ),
        ),
    )
    spec = "BH/C1,BH,SB,AK"
    with_games = standings(t, tiebreaks=spec, edition=edition)
    without = standings(unlisted, tiebreaks=spec, edition=edition)
    assert [(s.player.start_number, s.points, s.tiebreaks) for s in with_games] == [
        (s.player.start_number, s.points, s.tiebreaks) for s in without
    ]


def _play(t: Tournament, rnd_number: int, rng: random.Random) -> Tournament:
    for p in t.round(rnd_number).pairings:
        if p.result is None:
            result = rng.choice(
                [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.WHITE_FORFEIT_WIN]
            )
            t = evolve(t, ResultEntered(rnd_number, p.board, result))
    return t


def _look_ahead_case() -> tuple[Tournament, Round]:
    """The first small tournament (by seed) where the rule's own pairing would leave a later
    round unpairable."""
    for players in (6, 8):
        for seed in range(200):
            rng = random.Random(seed)
            t = build(players, system="monrad", number_of_rounds=players - 1)
            for r in range(1, players):
                rnd = MONRAD.pair(t)
                if any("look-ahead" in line for line in rnd.explanation):
                    return t, rnd
                t = _play(evolve(t, RoundPaired(rnd)), r, rng)
    raise AssertionError("no look-ahead case found")


def test_look_ahead_keeps_the_remaining_rounds_pairable() -> None:
    """4.9.2 tells the arbiter to check a later round before starting one; skak checks all
    the remaining rounds and says when it had to deviate from the rule's first pairing."""
    t, rnd = _look_ahead_case()
    plain = MONRAD.pair(replace(t, pairing_settings=(("look-ahead", False),)))
    assert plain.pairings != rnd.pairings  # the rule's first pairing differs
    # With the rule's first pairing the tournament gets stuck before its last round …
    stuck = evolve(t, RoundPaired(plain))
    with pytest.raises(NoValidPairingError):
        _finish(stuck, plain=True)
    # … while skak's choice pairs every round to the end.
    done = _finish(evolve(t, RoundPaired(rnd)), plain=False)
    assert done.current_round == t.number_of_rounds


def _finish(t: Tournament, *, plain: bool) -> Tournament:
    """Play the rest of ``t`` with or without the look-ahead."""
    rounds = t.number_of_rounds or 0
    setting = (("look-ahead", not plain),)
    for r in range(t.current_round, rounds + 1):
        t = _play(t, r, random.Random(r))
        if r < rounds:
            t = evolve(t, RoundPaired(MONRAD.pair(replace(t, pairing_settings=setting))))
    return t


# --------------------------------------------------------------------------- properties


@st.composite
def monrad_runs(draw: st.DrawFn) -> tuple[int, int, int, dict[int, int], int]:
    if draw(st.integers(0, 9)) == 0:  # now and then a large field, fewer rounds
        players = draw(st.integers(17, 200))
        rounds = draw(st.integers(1, 9))
    else:
        players = draw(st.integers(4, 16))
        rounds = draw(st.integers(1, players - 1 + players % 2))
    seed = draw(st.integers(0, 10_000))
    withdrawals: dict[int, int] = {}
    if draw(st.booleans()):
        for n in draw(st.lists(st.integers(1, players), max_size=3, unique=True)):
            withdrawals[n] = draw(st.integers(2, max(2, rounds)))
    lot = draw(st.integers(0, 3))
    return players, rounds, seed, withdrawals, lot


def _run(
    players: int, rounds: int, seed: int, withdrawals: dict[int, int], lot: int
) -> tuple[Tournament, NoValidPairingError | None]:
    """Play a random Monrad tournament; returns it, and the error if a round got stuck."""
    rng = random.Random(seed)
    t = build(
        players, system="monrad", number_of_rounds=rounds, pairing_settings=(("lot-seed", lot),)
    )
    t = replace(
        t,
        players=tuple(
            replace(p, withdrawn_from=withdrawals.get(p.start_number)) for p in t.players
        ),
    )
    for r in range(1, rounds + 1):
        order = placements(t)[r - 1]
        try:
            rnd = MONRAD.pair(t)
        except NoValidPairingError as error:
            return t, error
        if r == rounds // 2 + 1:
            assert MONRAD.pair(t) == rnd  # identical input, identical output
        _check_round(t, rnd, order)
        t = _play(evolve(t, RoundPaired(rnd)), r, rng)
    return t, None


def _check_round(t: Tournament, rnd: Round, order: tuple[int, ...]) -> None:
    rank = {n: i for i, n in enumerate(order)}
    seen = Counter(n for p in rnd.pairings for n in p.players)
    assert all(c == 1 for c in seen.values())
    present = {p.start_number for p in t.players if p.is_available(rnd.number)}
    assert present <= set(seen)
    for p in rnd.pairings:
        if p.black is None or p.result is not None:
            continue
        assert p.black not in _met_over_the_board(t, p.white), (
            f"rematch {p.white}–{p.black} in round {rnd.number}"
        )
        w = colour_history(t, p.white).count(Colour.WHITE)
        b = colour_history(t, p.black).count(Colour.WHITE)
        assert w < b or (w == b and rank[p.white] > rank[p.black])


def _met_over_the_board(t: Tournament, n: int) -> set[int]:
    out: set[int] = set()
    for rnd in t.rounds:
        for p in rnd.pairings:
            if n in p.players and p.black is not None and not (p.result and p.result.is_forfeit):
                out.add(p.black if p.white == n else p.white)
    return out


def _unavoidable(t: Tournament) -> bool:
    """Whether *no* pairing of the last round played would have left the stuck round
    pairable (checked by brute force over every pairing the rules allowed)."""
    before = replace(t, rounds=t.rounds[:-1])
    number = before.next_round
    field = MONRAD._field(before, number, placements(before)[number - 1])  # type: ignore[attr-defined]
    for candidate in lex_matchings(field.order, field.allowed):
        if rounds_pairable(field.order, field.constraints.without(candidate), 1, [10**9]):
            return False
    return True


@given(monrad_runs())
@settings(max_examples=40)
def test_random_monrad_tournaments(run: tuple[int, int, int, dict[int, int], int]) -> None:
    """No rematch, everyone present paired once, the colour rule, the same input gives the
    same pairing — and a round gets stuck only when no pairing of the round before could
    have avoided it (the look-ahead of 4.9.2 never misses a way out)."""
    players, rounds, seed, withdrawals, lot = run
    t, stuck = _run(players, rounds, seed, withdrawals, lot)
    again, _ = _run(players, rounds, seed, withdrawals, lot)
    assert again.rounds == t.rounds  # the same seed gives the same tournament
    if stuck is None:
        assert t.current_round == rounds
    elif not withdrawals:
        assert t.rounds, "round 1 can always be paired"
        assert _unavoidable(t), f"round {t.next_round} was stuck but could have been avoided"


@pytest.mark.parametrize("players", [50, 200])
def test_large_fields_pair_without_rematches(players: int) -> None:
    t, stuck = _run(players, 9, seed=players, withdrawals={3: 4, 17: 6}, lot=1)
    assert stuck is None
    assert t.current_round == 9


def test_engine_checks_a_monrad_tournament_it_paired(tmp_path: Path, runner: CliRunner) -> None:
    """``skak engine --monrad --check`` finds no difference on a file skak paired itself, and
    names the round of a hand edit."""
    t, stuck = _run(12, 7, seed=5, withdrawals={}, lot=0)
    assert stuck is None
    path = tmp_path / "monrad.trf"
    path.write_text(write_trf(t, extensions=False), encoding="utf-8")
    done = runner.invoke(app, ["engine", "--monrad", "--check", str(path)])
    assert done.exit_code == 0, done.output + done.stderr
    assert done.stdout.count("same pairing") == 7
    first, second = t.round(4).pairings[:2]
    swapped = replace(
        t.round(4),
        pairings=(
            replace(first, black=second.black),
            replace(second, black=first.black),
            *t.round(4).pairings[2:],
        ),
    )
    edited = replace(t, rounds=(*t.rounds[:3], swapped, *t.rounds[4:]))
    path.write_text(write_trf(edited, extensions=False), encoding="utf-8")
    done = runner.invoke(app, ["engine", "--monrad", "--check", str(path)])
    assert done.exit_code == 1
    assert "round 4 differs" in done.stdout
    path.write_text(write_trf(replace(t, number_of_rounds=8), extensions=False), encoding="utf-8")
    nxt = runner.invoke(app, ["engine", "--monrad", str(path), "-p"])
    assert nxt.exit_code == 0, nxt.stderr
    expected = MONRAD.pair(replace(t, number_of_rounds=8))
    assert nxt.stdout.splitlines() == [
        "6",
        *(f"{p.white} {p.black}" for p in expected.pairings),
    ]


def _banned(players: int, allowed_among_first_six: list[tuple[int, int]]) -> Tournament:
    """A field where players 1–6 may meet only the listed pairs among themselves and nobody
    else (as pairing bans, TRF XXP/260, would say)."""
    tight = {frozenset(p) for p in allowed_among_first_six}
    bans = []
    for a in range(1, players + 1):
        for b in range(a + 1, players + 1):
            inside = (a <= 6) + (b <= 6)
            if inside == 1 or (inside == 2 and frozenset((a, b)) not in tight):
                bans.append(PairingBan(frozenset((a, b))))
    return replace(build(players, system="monrad", number_of_rounds=2), bans=tuple(bans))


@pytest.mark.parametrize("players", [24, 60])
def test_look_ahead_changes_the_top_pairs_when_that_is_what_it_takes(players: int) -> None:
    """The rule's pairing 1–5, 2–4, 3–6 leaves players 1–6 unpairable in round 2; only a
    change among the top pairs helps (a review case), and the field is large."""
    edges = [(1, 5), (1, 6), (2, 4), (2, 6), (3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6)]
    t = _banned(players, edges)
    plain = MONRAD.pair(replace(t, pairing_settings=(("look-ahead", False),)))
    assert {frozenset(p.players) for p in plain.pairings[:3]} == {
        frozenset(p) for p in [(1, 5), (2, 4), (3, 6)]
    }
    rnd = MONRAD.pair(t)
    assert any("look-ahead (4.9.2)" in line for line in rnd.explanation)
    t = _play(evolve(t, RoundPaired(rnd)), 1, random.Random(1))
    MONRAD.pair(t)  # round 2 goes up


def test_look_ahead_keeps_the_rules_pairing_when_it_cannot_decide() -> None:
    """Deviating needs proof: an undecided search keeps the rule's pairing and says so."""
    t = build(14, system="monrad", number_of_rounds=13)
    t = _play(evolve(t, RoundPaired(MONRAD.pair(t))), 1, random.Random(3))
    plain = MONRAD.pair(replace(t, pairing_settings=(("look-ahead", False),)))
    rnd = MONRAD.pair(t)
    assert any("could not decide" in line for line in rnd.explanation)
    assert rnd.pairings == plain.pairings
    assert not any("took the next pairing" in line for line in rnd.explanation)


def test_a_late_entry_does_not_change_the_seeded_lot() -> None:
    settings = (("lot-seed", 5),)
    field = [player(i) for i in range(1, 9)] + [player(9, late_from=2)]
    t = build(field, system="monrad", pairing_settings=settings)
    before = lot_order(t)
    t = _play(evolve(t, RoundPaired(MONRAD.pair(t))), 1, random.Random(1))
    assert lot_order(t) == before
    assert before[-1] == 9  # the late entry comes after the field of round 1


def test_the_withdrawn_player_kept_in_is_not_met_twice() -> None:
    """A review case: 3 met 2 in round 2; when 2 withdraws and stays in as the lowest placed,
    3 must not be paired against him again."""
    t = build(
        6,
        game(1, 2, 1, "1-0"),
        game(1, 4, 3, "1-0"),
        game(1, 6, 5, "1-0"),
        game(2, 3, 2, "0-1"),
        game(2, 5, 4, "1-0"),
        game(2, 1, 6, "1-0"),
        system="monrad",
    )
    t = replace(
        t,
        players=tuple(
            replace(p, withdrawn_from=3) if p.start_number == 2 else p for p in t.players
        ),
    )
    rnd = MONRAD.pair(t)
    ghost = next(p for p in rnd.pairings if 2 in p.players)
    assert not {1, 3} & set(ghost.players)  # 2 met 1 and 3 over the board
    assert ghost.result is Result.WHITE_FORFEIT_WIN


def test_a_player_withdrawn_before_the_start_is_not_kept_in() -> None:
    field = [player(i) for i in range(1, 8)] + [player(8, withdrawn_from=1)]
    rnd = MONRAD.pair(build(field, system="monrad"))
    assert 8 not in {n for p in rnd.pairings for n in p.players}
    assert rnd.pairings[-1].result is Result.PAIRING_BYE


def test_the_error_names_the_stuck_players_and_whom_they_could_meet() -> None:
    bans = [PairingBan(frozenset((a, b))) for a in (1, 3) for b in range(1, 7) if b not in (a, 2)]
    t = replace(build(6, system="monrad"), bans=tuple(bans))
    with pytest.raises(NoValidPairingError) as caught:
        MONRAD.pair(t)
    message = str(caught.value)
    assert "players 1, 3" in message
    assert "only 2" in message


def test_more_rounds_than_opponents_is_refused() -> None:
    with pytest.raises(NoValidPairingError, match="at most 5 rounds"):
        MONRAD.pair(build(6, system="monrad", number_of_rounds=6))


def test_look_ahead_sees_that_two_odd_groups_cannot_be_paired() -> None:
    """Six players whose remaining opponents form two triangles cannot play another round:
    an odd group of the graph has no complete pairing (the Dirac bound alone said yes)."""
    from skak.pairing.monrad import Constraints, rounds_pairable

    met = {(1, 2), (1, 4), (1, 5), (2, 3), (2, 6), (3, 4), (3, 5), (4, 6), (5, 6)}
    met |= {(b, a) for a, b in met}
    field = list(range(1, 7))
    c = Constraints({a: frozenset(b for b in field if (a, b) in met) for a in field})
    assert rounds_pairable(field, c, 1, [1000]) is False


def test_look_ahead_remembers_a_part_with_its_rounds() -> None:
    """The search remembers graphs it decided, parts renumbered alike; the memory must key
    on the rounds asked too. Players 1–8 may meet as a cube (three rounds possible), 9–12
    as a four-cycle (two rounds only). Searching the cube for three rounds meets, two rounds
    deep, four-cycles it decides for two rounds; the four-cycle 9–12 asked for three rounds
    must not take that answer: three more rounds are impossible."""
    from skak.pairing.monrad import Constraints

    cube = {frozenset((a + 1, (a ^ 1 << k) + 1)) for a in range(8) for k in range(3)}
    cycle = {frozenset(e) for e in [(9, 10), (9, 11), (10, 12), (11, 12)]}
    field = list(range(1, 13))

    def constraints(players: list[int]) -> Constraints:
        edges = cube | cycle
        return Constraints(
            {a: frozenset(b for b in players if b != a and {a, b} not in edges) for a in players}
        )

    assert rounds_pairable(field[:8], constraints(field[:8]), 3, [10**6]) is True
    assert rounds_pairable(field[8:], constraints(field[8:]), 3, [10**6]) is False
    assert rounds_pairable(field, constraints(field), 3, [10**6]) is False
    assert rounds_pairable(field, constraints(field), 2, [10**6]) is True


def test_look_ahead_changes_the_pairing_for_an_odd_part() -> None:
    """Players 1–6 may meet only 1–2, 3–4, 5–6 and the triangles 1–3–5, 2–4–6. The rule's
    pairing 1–2, 3–4, 5–6 leaves two triangles, odd parts with no complete pairing, so
    round 2 could not be paired; skak takes the next pairing in the rule's order that keeps
    it possible, 1–2, 3–5, 4–6, and round 2 goes up."""
    edges = [(1, 2), (3, 4), (5, 6), (1, 3), (1, 5), (3, 5), (2, 4), (2, 6), (4, 6)]
    t = _banned(10, edges)
    plain = MONRAD.pair(replace(t, pairing_settings=(("look-ahead", False),)))
    assert {frozenset(p.players) for p in plain.pairings[:3]} == {
        frozenset(p) for p in [(1, 2), (3, 4), (5, 6)]
    }
    rnd = MONRAD.pair(t)
    assert {frozenset(p.players) for p in rnd.pairings[:3]} == {
        frozenset(p) for p in [(1, 2), (3, 5), (4, 6)]
    }
    assert any("look-ahead (4.9.2)" in line for line in rnd.explanation)
    t = _play(evolve(t, RoundPaired(rnd)), 1, random.Random(1))
    second = MONRAD.pair(t)
    among_six = [frozenset(p.players) for p in second.pairings if min(p.players) <= 6]
    unmet = {frozenset(e) for e in edges} - {frozenset(p.players) for p in rnd.pairings}
    assert len(among_six) == 3 and set(among_six) <= unmet
