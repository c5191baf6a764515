"""The Dutch system's edge weights are memoised by the kind of the two players
(:meth:`skak.pairing.dutch.weights._Weights.edge`, and ``column`` for a bracket's column of
edges): players who weigh alike share one memo entry. The memo is exact only while its key
holds every fact the weight reads; these tests check every memoised weight against the
weight computed afresh (``_weigh``), during real pairings of files with forbidden pairs,
the Baku acceleration, other scoring systems and odd fields, and afterwards for every
compatible pair, window and bye flag."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from skak.io.trf import decode_trf, parse_trf
from skak.pairing.dutch import SYSTEM, brackets, weights

DATA = Path(__file__).resolve().parents[1] / "data"
VARIANTS = sorted((DATA / "dutch" / "variants").glob("*.trf"))
SAMPLE = sorted((DATA / "shared-sample" / "oracles" / "dutch-2026" / "cases").glob("*.trf"))
#: Every variant file (forbidden pairs, Baku, scoring) and every tenth corpus sample.
CASES = VARIANTS + SAMPLE[::10]


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_every_memoised_weight_is_the_weight_itself(
    case: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = {"during": 0, "after": 0}
    memoised = weights._Weights.edge
    columned = weights._Weights.column
    pairers: list[brackets._Pairer] = []
    made = brackets._Pairer.__init__

    def edge(self: weights._Weights, hi: Any, lo: Any, in_cur: bool, in_next: bool) -> int:
        got = memoised(self, hi, lo, in_cur, in_next)
        if (in_cur or in_next) and self.compatible(hi, lo):
            assert got == self._weigh(hi, lo, in_cur, in_next), (hi.number, lo.number)
            checked["during"] += 1
        return got

    def column(
        self: weights._Weights, his: list[int], lo: int, in_cur: bool, in_next: bool
    ) -> list[int]:
        got = columned(self, his, lo, in_cur, in_next)
        cards = self.ctx.cards
        for i, w in zip(his, got, strict=True):
            if self.compatible(cards[i], cards[lo]):
                assert w == self._weigh(cards[i], cards[lo], in_cur, in_next), (i, lo)
            else:
                assert w == 0
            assert w == memoised(self, cards[i], cards[lo], in_cur, in_next)
            checked["during"] += 1
        return got

    def init(self: brackets._Pairer, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        pairers.append(self)

    monkeypatch.setattr(weights._Weights, "edge", edge)
    monkeypatch.setattr(weights._Weights, "column", column)
    monkeypatch.setattr(brackets._Pairer, "__init__", init)
    t = parse_trf(decode_trf(case.read_bytes()), case.name).tournament
    SYSTEM.pair(SYSTEM.as_checked(t))
    w, ctx = pairers[-1].weights, pairers[-1].ctx
    if hasattr(w, "_edges"):  # weights were made (not every bracket was proved natural)
        for single in (False, True):
            if single and not ctx.unplayed_rank:
                continue
            ctx.single_downfloater_is_bye = single
            for hi, lo in itertools.combinations(ctx.cards, 2):
                if not w.compatible(hi, lo):
                    continue
                if single and not (hi.score == ctx.bye_score or lo.score == ctx.bye_score):
                    continue  # C9 ranks only the players with the bye's score
                for in_cur, in_next in ((True, False), (False, True), (True, True)):
                    fresh = w._weigh(hi, lo, in_cur, in_next)
                    assert memoised(w, hi, lo, in_cur, in_next) == fresh
                    where = ctx.cards.index
                    assert columned(w, [where(hi)], where(lo), in_cur, in_next) == [fresh]
                    checked["after"] += 1
    assert checked["during"] + checked["after"] > 0


def test_the_cases_hold_each_kind_of_file() -> None:
    kinds = {c.stem.split("-")[0] for c in VARIANTS}
    assert kinds == {"baku", "forbidden", "scoring"}
    assert len(SAMPLE[::10]) >= 10
