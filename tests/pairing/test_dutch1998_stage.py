"""The matching tests that let the FIDE Swiss system of 1998 (DSU 003 §4.9.5 C4, C6,
C9–C14) skip the steps of a heterogeneous score group that cannot succeed: they never change
a pairing (with them switched off, the same rounds are paired the same), and they keep the
work of a round with many moved-down players small (a count of the steps searched, not a
time)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skak.errors import NoValidPairingError
from skak.model import Colour
from skak.pairing.dutch1998 import Card, Float
from skak.pairing.dutch1998 import _procedure as procedure_module
from skak.pairing.dutch1998._procedure import Procedure
from skak.pairing.dutch1998._search import Rules

W, B = Colour.WHITE, Colour.BLACK


def _card(number: int, rank: int, score: int, colours: str) -> Card:
    return Card(
        number,
        f"P{number}",
        rank,
        Fraction(score),
        tuple(W if c == "W" else B for c in colours),
        (Float.NONE, Float.NONE),
        True,
        False,
        frozenset(),
    )


def many_moved_down(k: int) -> list[Card]:
    """``k`` players on 3 points who must have white (two blacks in a row), so they all move
    down (C1); ``k + 4`` on 2 points, of whom only 4 may take black; ``k`` more on 1 point who
    must have black. The 3-point players can meet only four players of the 2-point group, so
    C14 pairs fewer of them, C12 and C13 pair the groups again."""
    specs = [(1 + i, 3, "WBB") for i in range(k)]
    specs += [(100 + i, 2, "BW" if i < 4 else "WBB") for i in range(k + 4)]
    specs += [(200 + i, 1, "BWW") for i in range(2 * k)]
    cards = [_card(n, rank, score, cols) for rank, (n, score, cols) in enumerate(specs)]
    cards.sort(key=lambda c: (-c.score, c.rank))
    return cards


def _counting(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    counts = {"steps": 0}
    searched = Procedure._mdp_try

    def counted(self: Procedure, *args: Any) -> Any:
        counts["steps"] += 1
        return searched(self, *args)

    monkeypatch.setattr(Procedure, "_mdp_try", counted)
    return counts


def _legal(cards: list[Card], pairs: list[tuple[int, int]], bye: list[int]) -> None:
    """Everybody paired once (B1: allowed colours, no second game), at most one bye."""
    seen = [v for pr in pairs for v in pr] + bye
    assert sorted(seen) == list(range(len(cards)))
    rules = Rules(cards)
    assert all(rules.may_meet(a, b) for a, b in pairs)
    assert len(bye) <= 1


@pytest.mark.parametrize(("k", "most"), [(5, 15), (6, 18), (10, 30)])
def test_many_moved_down_players_search_few_steps(
    monkeypatch: pytest.MonkeyPatch, k: int, most: int
) -> None:
    """Without the matching tests, 24 players (k = 5) took 880 searched steps of C14 (13 s),
    28 players 95 s: every choice of the moved-down players, every step of the ladder and
    every count of fewer pairs read S2's orders to the end."""
    counts = _counting(monkeypatch)
    cards = many_moved_down(k)
    pairs, bye = Procedure(cards).run()
    _legal(cards, pairs, bye)
    assert len(pairs) == len(cards) // 2
    assert counts["steps"] <= most


# -- the tests skip work only --------------------------------------------------------------


@st.composite
def rounds(draw: st.DrawFn) -> list[Card]:
    """A small round with several score groups, colour histories that limit the colours,
    floats, games already played and players without a bye left."""
    n = draw(st.integers(4, 11))
    histories = ["", "W", "B", "WB", "BW", "WW", "BB", "WBB", "BWW", "WBW"]
    met: dict[int, set[int]] = {i: set() for i in range(1, n + 1)}
    for a, b in draw(st.lists(st.tuples(st.integers(1, n), st.integers(1, n)), max_size=12)):
        if a != b:
            met[a].add(b)
            met[b].add(a)
    cards = [
        Card(
            i,
            f"P{i}",
            i,
            Fraction(draw(st.integers(0, 4)), 2),
            tuple(W if c == "W" else B for c in draw(st.sampled_from(histories))),
            (draw(st.sampled_from(list(Float))), draw(st.sampled_from(list(Float)))),
            draw(st.booleans()),
            False,
            frozenset(met[i]),
        )
        for i in range(1, n + 1)
    ]
    cards.sort(key=lambda c: (-c.score, c.rank))
    return cards


def _run(cards: list[Card]) -> object:
    procedure = Procedure(cards)
    try:
        pairs, bye = procedure.run()
    except NoValidPairingError as error:
        return type(error)
    return sorted(pairs), bye, [(g.stages, g.floaters, g.redone) for g in procedure.notes]


@settings(max_examples=120, deadline=None)
@given(cards=rounds())
def test_matching_tests_change_no_pairing(cards: list[Card]) -> None:
    """The same round paired with the matching tests and with them answering "maybe" always
    (the procedure then searches every step as printed): the same pairs, stages, floaters."""
    with_tests = _run(cards)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(procedure_module, "stage_possible", lambda *_: True)
        patch.setattr(procedure_module, "mdp_pairs_possible", lambda *_: True)
        without = _run(cards)
    assert with_tests == without
