"""Invariants of the FIDE Dutch system (C.04.3, 2026) on generated tournaments.

Each tournament is played out round by round with skak's own Dutch pairings and results
drawn by Hypothesis (draws, forfeits, requested half-point byes). Every round must respect
the absolute criteria: no rematch (C1), no second pairing-allocated bye (C2), no colour
difference beyond ±2 and no third colour in a row (C3; no round here is the last, so the
topscorer exception never applies); and pairing the same snapshot twice gives the same round.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import NoValidPairingError
from skak.model import Colour, Player, Result, Round, Tournament
from skak.model.games import colour_history, entries_by_player
from skak.model.progress import Progress
from skak.model.results import Scoring
from skak.pairing import get_system
from skak.pairing.dutch import SYSTEM, Float, brackets, optimiser, pairing_cards
from skak.pairing.dutch.weights import _Context

#: FIDE's scoring, three points a win, and a scoring in thirds (the cards' unit is then 6
#: with half and third points, 12 with quarters).
SCORINGS = [
    Scoring(),
    Scoring(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3), pairing_bye=Fraction(3)),
    Scoring(win=Fraction(1), draw=Fraction(1, 3), half_bye=Fraction(1, 3)),
]

OUTCOMES = [
    Result.WHITE_WIN,
    Result.DRAW,
    Result.BLACK_WIN,
    Result.WHITE_FORFEIT_WIN,
    Result.BLACK_FORFEIT_WIN,
]


def _play(rnd: Round, results: list[Result]) -> Round:
    boards = []
    for p, r in zip(rnd.pairings, results + [Result.DRAW] * len(rnd.pairings), strict=False):
        boards.append(p if p.is_bye else replace(p, result=r))
    return replace(rnd, pairings=tuple(boards))


@st.composite
def played_tournaments(draw: st.DrawFn) -> list[tuple[Tournament, Round]]:
    """The snapshots before each round, with skak's pairing of that round."""
    size = draw(st.integers(3, 14))
    count = draw(st.integers(1, 6))
    players = []
    for n in range(1, size + 1):
        half = draw(st.sets(st.sampled_from(range(2, count + 2)), max_size=1))
        players.append(Player(n, f"Spiller {n}", half_bye_rounds=frozenset(half)))
    t = Tournament(
        "Dutch",
        "dutch",
        number_of_rounds=count + 3,
        players=tuple(players),
        initial_colour=draw(st.sampled_from(list(Colour))),
    )
    out = []
    for _ in range(count):
        try:
            rnd = SYSTEM.pair(t)
        except NoValidPairingError:
            break
        out.append((t, rnd))
        results = draw(
            st.lists(
                st.sampled_from(OUTCOMES), min_size=len(rnd.pairings), max_size=len(rnd.pairings)
            )
        )
        t = replace(t, rounds=(*t.rounds, _play(rnd, results)))
    return out


@given(played_tournaments())
def test_absolute_criteria_hold_in_every_round(history: list[tuple[Tournament, Round]]) -> None:
    for before, rnd in history:
        met = {
            frozenset((p.white, p.black))
            for r in before.rounds
            for p in r.pairings
            if p.black is not None and p.result is not None and not p.result.is_forfeit
        }
        byes_before = {p.white for r in before.rounds for p in r.pairings if p.is_bye}
        seen: set[int] = set()
        for p in rnd.pairings:
            assert not seen & set(p.players), "a player is paired twice"
            seen |= set(p.players)
            if p.black is None:
                assert p.white not in byes_before, f"C2: {p.white} gets a second bye"
                continue
            assert frozenset((p.white, p.black)) not in met, f"C1: rematch {p}"
        after = replace(before, rounds=(*before.rounds, _play(rnd, [])))
        for p in rnd.pairings:
            for n in p.players if p.black is not None else ():
                colours = colour_history(after, n)
                diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
                assert abs(diff) <= 2, f"C3: player {n} colour difference {diff}"
                assert not (len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3]), (
                    f"C3: player {n} gets {colours[-1].value} three times in a row"
                )
        assert len([p for p in rnd.pairings if p.is_bye]) == len(pairing_cards(before)) % 2


@given(played_tournaments())
def test_identical_input_gives_identical_pairing(
    history: list[tuple[Tournament, Round]],
) -> None:
    for before, rnd in history:
        assert SYSTEM.pair(before) == rnd


def test_registered_under_its_name() -> None:
    assert get_system("dutch") is SYSTEM


@pytest.mark.parametrize(("initial", "white_on_board_1"), [(Colour.WHITE, 1), (Colour.BLACK, 3)])
def test_round_one_top_half_against_bottom_half(initial: Colour, white_on_board_1: int) -> None:
    """C.04.3 round 1: S1 = 1–2 meets S2 = 3–4; the initial colour (XXC) goes to the
    top-ranked player, alternating down the boards (C.04.2 / article 5)."""
    t = Tournament(
        "R1",
        "dutch",
        number_of_rounds=5,
        initial_colour=initial,
        players=tuple(Player(n, f"P{n}") for n in range(1, 5)),
    )
    rnd = SYSTEM.pair(t)
    assert {frozenset(p.players) for p in rnd.pairings} == {frozenset({1, 3}), frozenset({2, 4})}
    assert rnd.pairings[0].white == white_on_board_1


def _whole_field(t: Tournament) -> Round:
    """The pairing with every optimisation a weighted matching of the whole field."""
    optimiser.SHORTCUTS = False
    try:
        return SYSTEM.pair(t)
    finally:
        optimiser.SHORTCUTS = True


@given(played_tournaments())
def test_shortcuts_agree_with_whole_field_optimisation(
    history: list[tuple[Tournament, Round]],
) -> None:
    # The window (bracket and next bracket, with a completion check) and the choices on the
    # optimal face must give exactly what optimising the whole field gives.
    for before, rnd in history:
        assert _whole_field(before) == rnd


def _large(players: int, rounds: int, seed: int) -> Tournament:
    """A field after ``rounds`` rounds paired by skak's Dutch system with random results,
    forfeits and requested byes: large enough for the sparse solver (over 24 players)."""
    rng = random.Random(seed)
    t = Tournament(
        "Large",
        "dutch",
        number_of_rounds=rounds + 3,
        initial_colour=Colour.WHITE,
        players=tuple(
            Player(
                n,
                f"Spiller {n}",
                half_bye_rounds=frozenset(
                    {rng.randint(2, max(rounds, 2))} if rng.random() < 0.1 else ()
                ),
            )
            for n in range(1, players + 1)
        ),
    )
    for _ in range(rounds):
        rnd = SYSTEM.pair(t)
        t = replace(t, rounds=(*t.rounds, _play(rnd, [rng.choice(OUTCOMES) for _ in rnd.pairings])))
    return t


@pytest.mark.parametrize(("players", "rounds", "seed"), [(41, 4, 1), (60, 3, 2), (90, 5, 3)])
def test_shortcuts_are_taken_and_agree_on_large_fields(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = _large(players, rounds, seed)
    matchers: list[optimiser._Matcher] = []
    original = optimiser._Matcher.__init__

    def keep(self: optimiser._Matcher, size: int) -> None:
        original(self, size)
        matchers.append(self)

    monkeypatch.setattr(optimiser._Matcher, "__init__", keep)
    rnd = SYSTEM.pair(t)
    assert matchers[-1].window_solves + matchers[-1].window_choices > 0
    assert matchers[-1].choice_solves > 0
    assert matchers[-1].face_reuses > 0, "a remainder paired on the face of the solve before"
    assert matchers[-1].blossom_face_solves > 0, "choices on a face with blossoms, kept"
    assert _whole_field(t) == rnd


@pytest.mark.parametrize(("players", "rounds", "seed"), [(40, 0, 4), (41, 2, 6), (90, 5, 3)])
def test_natural_pairing_proofs_agree_with_whole_field_optimisation(
    players: int, rounds: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bracket settled by the natural pairing's proof, without any optimisation, must be
    # paired exactly as optimising the whole field pairs it.
    t = _large(players, rounds, seed)
    pairers: list[brackets._Pairer] = []
    original = brackets._Pairer.__init__

    def keep(self: brackets._Pairer, ctx: _Context, progress: Progress | None = None) -> None:
        original(self, ctx, progress)
        pairers.append(self)

    monkeypatch.setattr(brackets._Pairer, "__init__", keep)
    rnd = SYSTEM.pair(t)
    assert pairers[-1].natural_brackets > 0
    assert _whole_field(t) == rnd
    assert pairers[-1].natural_brackets == 0, "the whole-field optimisation takes no proof"


def _plain_scores(t: Tournament) -> dict[int, tuple[Fraction, Fraction, tuple[Float, Float]]]:
    """Each player's score with acceleration, raw score and floats, summed as Fractions
    afresh for every question (the pairing cards keep running totals in whole units)."""
    number, scoring = t.next_round, t.scoring
    accel = {p.start_number: dict(p.accelerations) for p in t.players}
    entries = entries_by_player(t)

    def before(player: int, back: int) -> Fraction:
        last = number - 1 - back
        got = sum(
            (e.pairing_points(scoring) for e in entries.get(player, ()) if e.round <= last),
            Fraction(0),
        )
        return got + accel[player].get(last + 1, Fraction(0))

    def floated(player: int, back: int) -> Float:
        if number - back < 1:
            return Float.NONE
        entry = next((e for e in entries.get(player, ()) if e.round == number - back), None)
        if entry is None or not entry.is_played or entry.opponent is None:
            got = entry.pairing_points(scoring) if entry is not None else Fraction(0)
            return Float.DOWN if got > scoring.loss else Float.NONE
        mine, theirs = before(player, back), before(entry.opponent, back)
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE

    return {
        p.start_number: (
            before(p.start_number, 0),
            before(p.start_number, 0) - accel[p.start_number].get(number, Fraction(0)),
            (floated(p.start_number, 1), floated(p.start_number, 2)),
        )
        for p in t.players
    }


@given(played_tournaments(), st.sampled_from(SCORINGS), st.data())
def test_card_scores_in_units_are_the_fraction_sums(
    history: list[tuple[Tournament, Round]], scoring: Scoring, data: st.DataObject
) -> None:
    # Scores, raw scores and floats of the cards (running totals in the least common
    # denominator of the points and accelerations) against Fractions summed afresh, with
    # other scoring systems and accelerations of thirds and quarters.
    for before, _ in history:
        players = tuple(
            replace(
                p,
                accelerations=tuple(
                    data.draw(
                        st.dictionaries(
                            st.integers(1, before.next_round + 1),
                            st.sampled_from([Fraction(1, 3), Fraction(1, 4), Fraction(1)]),
                            max_size=2,
                        )
                    ).items()
                ),
            )
            for p in before.players
        )
        t = replace(before, players=players, scoring=scoring)
        plain = _plain_scores(t)
        for card in pairing_cards(t):
            assert (card.score, card.raw_score, card.floats) == plain[card.number]
