"""Colour allocation of the FIDE Swiss system of 1998 (DSU 003 §4.9.5 E1–E4, F3).

>>> e3_history("SHH-S")
'SHHS'
"""

from __future__ import annotations

from skak.model.results import Colour
from skak.pairing.dutch1998._cards import Card

__all__ = ["allocate", "e3_history"]


def e3_history(history: str) -> str:
    """F3: a history with rounds without a valid game (``-``) is read under E3 as the played
    colours alone, aligned on the last round: ``SHH-S`` as ``-SHHS``, ``HS-HS`` as ``-HSHS``.
    The result leaves out the leading gaps."""
    return history.replace("-", "")


def _latest_difference(a: Card, b: Card) -> tuple[Colour, Colour] | None:
    """The two players' colours in the latest round, counted on played games from the last
    (F3), in which they had different colours."""
    for x, y in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if x is not y:
            return x, y
    return None


def allocate(a: Card, b: Card, initial: Colour, higher: Card) -> tuple[Colour, str]:
    """The colour ``a`` gets against ``b`` and the rule that decided (E1–E4; B1 first: a
    colour that would break a player's colour limits is never given). ``higher`` is the
    higher-ranked of the two (A2); ``initial`` is the colour the lot gave the top player
    before round 1 (A7)."""
    can_white = a.allowed(Colour.WHITE) and b.allowed(Colour.BLACK)
    can_black = a.allowed(Colour.BLACK) and b.allowed(Colour.WHITE)
    if can_white != can_black:
        return (Colour.WHITE if can_white else Colour.BLACK), "B1"
    pa, pb = a.preference, b.preference
    if pa is not None and (pb is None or pb is not pa):
        return pa, "E1"
    if pb is not None and pa is None:
        return pb.opposite, "E1"
    if pa is not None and pb is not None:
        if a.strength != b.strength:
            return (pa if a.strength > b.strength else pb.opposite), "E2"
        latest = _latest_difference(a, b)
        if latest is not None:
            return latest[0].opposite, "E3"
        return (pa if higher is a else pb.opposite), "E4"
    latest = _latest_difference(a, b)
    if latest is not None:
        return latest[0].opposite, "E3"
    # E4 without preferences (round 1, or both without a played game): the lot's colour for
    # an odd start number of the higher-ranked player, the other colour for an even one.
    mine = initial if higher.number % 2 else initial.opposite
    return (mine if higher is a else mine.opposite), "E4"
