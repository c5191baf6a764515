"""The Dutch system's explanation in an arbiter's words (issue 23 item 20): per bracket, who
floats down and why, who gets the bye, and whose colour preference could not be granted, by
name and start number with the criterion of C.04.3 in brackets."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skak.model import Colour, Player, Ratings, Result, Round, Tournament
from skak.pairing.dutch import SYSTEM, pairing_cards

NAMES = ["Hansen, Jens", "Larsen, Bent", "Nielsen, Ole", "Holm, Karen", "Berg, Anne"]


def _played(rnd: Round, results: list[Result]) -> Round:
    it = iter(results)
    return replace(
        rnd, pairings=tuple(p if p.is_bye else replace(p, result=next(it)) for p in rnd.pairings)
    )


def five_players() -> list[Round]:
    """Three rounds of five named players, results fixed."""
    players = tuple(Player(n, NAMES[n - 1]) for n in range(1, 6))
    t = Tournament("Klub", "dutch", number_of_rounds=4, players=players,
                   initial_colour=Colour.WHITE)  # fmt: skip
    W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN
    out = []
    for results in ([W, W], [D, W], [W, B]):
        rnd = SYSTEM.pair(t)
        out.append(rnd)
        t = replace(t, rounds=(*t.rounds, _played(rnd, results)))
    return out


@pytest.mark.parametrize(
    ("round_number", "line"),
    [
        pytest.param(
            1,
            "Berg, Anne (5) gets the pairing-allocated bye: the bracket has an odd number of "
            "players, so one must float (C.04.3 C5); the lowest ranked in it (C.04.3 article 4: "
            "the last player floats); no bye nor a win without playing before (C.04.1 c, "
            "C.04.3 C2)",
            id="C.04.3-C2-C5-bye",
        ),
        pytest.param(
            2,
            "Holm, Karen (4) floats down to the 0 bracket: the bracket has an odd number of "
            "players, so one must float (C.04.3 C5); Berg, Anne (5), ranked lower, floated down "
            "last round (C.04.3 C14)",
            id="C.04.3-C14-who-floats",
        ),
        pytest.param(
            2,
            "Larsen, Bent (2) gets the pairing-allocated bye: the only players who could be met "
            "(Nielsen, Ole (3)) are paired with players moved down into the bracket, who come "
            "first (C.04.3 C6); no bye nor a win without playing before (C.04.1 c, C.04.3 C2)",
            id="C.04.3-C6-bye",
        ),
        pytest.param(
            3,
            "Hansen, Jens (1) floats down to the 1 bracket: has met (or may not meet) every "
            "other player of the bracket (C.04.3 C1)",
            id="C.04.3-C1-float",
        ),
        pytest.param(
            3,
            "colour: Hansen, Jens (1) wanted white (mild preference) but has black against "
            "Larsen, Bent (2), who wanted it too: Larsen, Bent (2)'s preference is strong, the "
            "other's mild (C.04.3 C12, article 5)",
            id="C.04.3-C12-colour",
        ),
        pytest.param(
            3,
            "Berg, Anne (5) floats down against Holm, Karen (4), having floated down two rounds "
            "ago too (C.04.3 C16)",
            id="C.04.3-C16-float-again",
        ),
    ],
)
def test_explanation_names_who_floats_and_whose_colour(round_number: int, line: str) -> None:
    rnd = five_players()[round_number - 1]
    assert line in rnd.explanation


def _field(size: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    players = tuple(
        Player(n, f"Spiller, {n}", ratings=Ratings(dsu=2300 - 7 * n)) for n in range(1, size + 1)
    )
    return Tournament("Åben", "dutch", number_of_rounds=7, players=players,
                      initial_colour=rng.choice(list(Colour)))  # fmt: skip


@pytest.mark.parametrize(
    ("size", "seed"),
    [
        pytest.param(n, s, id=f"C.04.3-explain-{n}-players-{s}")
        for n, s in ((11, 1), (16, 2), (23, 3))
    ],
)
def test_every_floater_bye_and_unmet_colour_preference_is_named(size: int, seed: int) -> None:
    """Every downfloater of a board, the bye and every player who does not get his colour
    preference are named, by name and start number, with a C.04.3 criterion."""
    rng = random.Random(seed)
    t = _field(size, seed)
    outcomes = [Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN]
    for _ in range(6):
        cards = {c.number: c for c in pairing_cards(t)}
        rnd = SYSTEM.pair(t)
        text = rnd.explanation
        assert SYSTEM.pair(t).explanation == text  # the same snapshot, the same words
        for p in rnd.pairings:
            if p.black is None:
                assert any(
                    line.startswith(f"Spiller, {p.white} ({p.white}) gets the pairing-allocated")
                    for line in text
                )
                continue
            w, b = cards[p.white], cards[p.black]
            if w.score != b.score:
                hi = w if w.score > b.score else b
                assert any(
                    line.startswith(f"Spiller, {hi.number} ({hi.number}) floats down to")
                    for line in text
                ), (hi.number, text)
            for c, got in ((w, Colour.WHITE), (b, Colour.BLACK)):
                if c.preference is not None and c.preference is not got:
                    assert any(
                        line.startswith(f"colour: Spiller, {c.number} ({c.number}) wanted")
                        and "(C.04.3 C1" in line
                        for line in text
                    ), (c.number, text)
        for line in text:
            assert line.startswith("bracket ") or "C.04." in line, line
        t = replace(
            t, rounds=(*t.rounds, _played(rnd, [rng.choice(outcomes) for _ in rnd.pairings]))
        )
