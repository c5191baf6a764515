"""Colour allocation of the Dutch system (C.04.3 article 5)."""

from __future__ import annotations

from skak.model.results import Colour
from skak.pairing.dutch.cards import Card
from skak.pairing.dutch.weights import _Context


def _last_difference(a: Card, b: Card) -> tuple[Colour | None, Colour | None]:
    """The two players' colours in the latest of their played games (counted back from the
    last) in which they differed."""
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if x is not y:
            return x, y
    return None, None


def _colour_of(ctx: _Context, p: Card, q: Card) -> Colour:
    """The colour ``p`` gets against ``q`` (C.04.3 article 5)."""
    pp, qp = p.preference, q.preference
    if pp is None or qp is None or pp is not qp:
        if pp is not None:
            return pp
        if qp is not None:
            return qp.opposite
    else:
        if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
            return pp
        if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
            return qp.opposite
        if p.strong and not q.strong:
            return pp
        if q.strong and not p.strong:
            return qp.opposite
        mine, theirs = _last_difference(p, q)
        if mine is not None and theirs is not None:
            return theirs
    p_higher = (p.score, -p.rank) > (q.score, -q.rank)
    if pp is None:
        if p_higher:
            return ctx.initial.opposite if p.rank % 2 else ctx.initial
        return ctx.initial if q.rank % 2 else ctx.initial.opposite
    return pp if p_higher or qp is None else qp.opposite
