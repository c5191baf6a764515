"""Words the pairing systems' explanations share, as messages a face says in its language
(:mod:`skak.messages`): a colour, a number of points, a number of players."""

from __future__ import annotations

from fractions import Fraction

from skak.messages import N_, Message, N_plural
from skak.model.results import Colour, format_points

__all__ = ["colour_word", "players_count", "points_count"]


def colour_word(colour: Colour) -> Message:
    """``white`` or ``black`` (hvid, sort)."""
    return N_("white") if colour is Colour.WHITE else N_("black")


def points_count(score: Fraction) -> Message:
    """``1 point``, ``½ point``, ``1½ points``, ``0 points``."""
    one = 1 if 0 < score <= 1 else 2
    return N_plural("{points} point", "{points} points", one, points=format_points(score))


def players_count(count: int) -> Message:
    """``1 player``, ``12 players``."""
    return N_plural("{n} player", "{n} players", count)
