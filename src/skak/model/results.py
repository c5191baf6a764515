"""Colours, the closed result enum and scoring settings.

Points are exact :class:`~fractions.Fraction` values, never floats. The points a result is
worth depend on the tournament's :class:`Scoring` (FIDE C.04.1 and DSU §11.1: win 1, draw ½,
loss 0 unless announced otherwise).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError

__all__ = [
    "HALF",
    "PLAYOFF_RESULTS",
    "POINT_FIELDS",
    "Colour",
    "Result",
    "Scoring",
    "format_points",
    "gladiator_points",
    "gladiator_winner",
    "parse_points",
    "playoff_colour",
    "playoff_pending",
]

HALF = Fraction(1, 2)


class Colour(enum.Enum):
    """The colour a player had in a game (farve: hvid / sort)."""

    WHITE = "white"
    BLACK = "black"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    def __repr__(self) -> str:
        return f"Colour.{self.name}"


class Result(enum.Enum):
    """The outcome of one board or one unpaired round entry — one closed set.

    Game results are written from White's side. ``UNFINISHED`` is an adjourned or otherwise
    unfinished game (afbrudt parti): it scores nothing until finished, but counts as a draw for
    pairing (DSU 4.9.1 and 4.9.3 rule 1.1). The last five are not games: a pairing-allocated
    bye (oversidder), a requested full-, half- or zero-point bye, and an absence.
    """

    WHITE_WIN = "1-0"
    DRAW = "½-½"
    BLACK_WIN = "0-1"
    WHITE_FORFEIT_WIN = "+-"
    BLACK_FORFEIT_WIN = "-+"
    DOUBLE_FORFEIT = "--"
    UNFINISHED = "unfinished"
    PAIRING_BYE = "bye"
    FULL_BYE = "full-bye"
    HALF_BYE = "half-bye"
    ZERO_BYE = "zero-bye"
    ABSENT = "absent"

    def __repr__(self) -> str:
        return f"Result.{self.name}"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read a result as an arbiter types it.

        >>> Result.parse("1/2-1/2")
        Result.DRAW

        :raises InputError: when the text is no result skak knows.
        """
        key = text.strip().lower().replace(" ", "").replace("–", "-").replace("—", "-")
        try:
            return _ALIASES[key]
        except KeyError:
            known = ", ".join(sorted({r.value for r in _ALIASES.values() if r.is_game}))
            raise InputError(
                f"unknown result {text!r}; use one of {known} "
                "(forfeit/udeblivelse: +- white wins, -+ black wins, -- both lose)"
            ) from None

    @property
    def is_game(self) -> bool:
        """True for results that belong on a board with two players."""
        return self not in _NOT_GAMES

    @property
    def is_bye(self) -> bool:
        """True for the four entries of a player without an opponent."""
        return self in _NOT_GAMES

    @property
    def is_played(self) -> bool:
        """True when the game was (or is being) played over the board, not forfeited."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        return self in _FORFEITS

    @property
    def label(self) -> str:
        """Plain words for an arbiter, with the Danish term."""
        return _LABELS[self]

    def points(self, colour: Colour, scoring: Scoring) -> Fraction:
        """Points this result gives the player who had ``colour``.

        For a bye the colour is irrelevant. ``UNFINISHED`` gives nothing until finished; use
        :meth:`pairing_points` for the score a pairing system works with.
        """
        s = scoring
        white = colour is Colour.WHITE
        match self:
            case Result.WHITE_WIN:
                return s.win if white else s.loss
            case Result.BLACK_WIN:
                return s.loss if white else s.win
            case Result.DRAW:
                return s.draw
            case Result.WHITE_FORFEIT_WIN:
                return s.forfeit_win if white else s.forfeit_loss
            case Result.BLACK_FORFEIT_WIN:
                return s.forfeit_loss if white else s.forfeit_win
            case Result.DOUBLE_FORFEIT:
                return s.forfeit_loss
            case Result.UNFINISHED | Result.ABSENT:
                return Fraction(0)
            case Result.PAIRING_BYE:
                return s.pairing_bye
            case Result.FULL_BYE:
                return s.full_bye
            case Result.HALF_BYE:
                return s.half_bye
            case Result.ZERO_BYE:
                return s.zero_bye

    def pairing_points(self, colour: Colour, scoring: Scoring) -> Fraction:
        """Points for pairing purposes: an unfinished game counts as a draw (DSU 4.9.3 rule 1.1)."""
        if self is Result.UNFINISHED:
            return scoring.draw
        return self.points(colour, scoring)


_NOT_GAMES = frozenset(
    {Result.PAIRING_BYE, Result.FULL_BYE, Result.HALF_BYE, Result.ZERO_BYE, Result.ABSENT}
)
_PLAYED = frozenset({Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.UNFINISHED})
_FORFEITS = frozenset({Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT})

_LABELS = {
    Result.WHITE_WIN: "white won (hvid vandt)",
    Result.DRAW: "draw (remis)",
    Result.BLACK_WIN: "black won (sort vandt)",
    Result.WHITE_FORFEIT_WIN: "white won by forfeit (sort udeblev)",
    Result.BLACK_FORFEIT_WIN: "black won by forfeit (hvid udeblev)",
    Result.DOUBLE_FORFEIT: "both forfeited (begge udeblev)",
    Result.UNFINISHED: "unfinished, counts as a draw for pairing (afbrudt parti)",
    Result.PAIRING_BYE: "pairing-allocated bye (oversidder)",
    Result.FULL_BYE: "full-point bye (helpoint-bye)",
    Result.HALF_BYE: "half-point bye (halvpoint-bye)",
    Result.ZERO_BYE: "zero-point bye (nulpoint-bye)",
    Result.ABSENT: "absent (fraværende)",
}

_ALIASES: dict[str, Result] = {
    "1-0": Result.WHITE_WIN,
    "0-1": Result.BLACK_WIN,
    "½-½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "0.5-0.5": Result.DRAW,
    "0,5-0,5": Result.DRAW,
    "=": Result.DRAW,
    "remis": Result.DRAW,
    "draw": Result.DRAW,
    "+-": Result.WHITE_FORFEIT_WIN,
    "1f-0f": Result.WHITE_FORFEIT_WIN,
    "-+": Result.BLACK_FORFEIT_WIN,
    "0f-1f": Result.BLACK_FORFEIT_WIN,
    "--": Result.DOUBLE_FORFEIT,
    "0f-0f": Result.DOUBLE_FORFEIT,
    "unfinished": Result.UNFINISHED,
    "adjourned": Result.UNFINISHED,
    "afbrudt": Result.UNFINISHED,
    "*": Result.UNFINISHED,
}


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points for each kind of result (pointberegning); the defaults are FIDE's and DSU's."""

    win: Fraction = Fraction(1)
    draw: Fraction = HALF
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pairing_bye: Fraction = Fraction(1)
    full_bye: Fraction = Fraction(1)
    half_bye: Fraction = HALF
    zero_bye: Fraction = Fraction(0)
    #: Gladiator scoring (DSU 4.9.8): a drawn game is played off (reversed colours, reduced
    #: time, then blitz) until someone wins; the winner of the sequence scores ``win`` and the
    #: loser ``loss``. See :func:`gladiator_points`.
    gladiator: bool = False

    def __post_init__(self) -> None:
        for name in POINT_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, Fraction):
                object.__setattr__(self, name, Fraction(value))
            if getattr(self, name) < 0:
                raise InputError(f"scoring: {name} cannot be negative ({value})")

    def __repr__(self) -> str:
        parts = [
            f"{name}=Fraction({format_points(getattr(self, name), ascii_only=True)!r})"
            for name in POINT_FIELDS
            if getattr(self, name) != getattr(_DEFAULT_SCORING, name)
        ]
        if self.gladiator:
            parts.append("gladiator=True")
        return f"Scoring({', '.join(parts)})"


#: The fields of :class:`Scoring` that are points.
POINT_FIELDS = (
    "win",
    "draw",
    "loss",
    "forfeit_win",
    "forfeit_loss",
    "pairing_bye",
    "full_bye",
    "half_bye",
    "zero_bye",
)

_DEFAULT_SCORING = Scoring()

#: The results a play-off game can have.
PLAYOFF_RESULTS = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)


def playoff_colour(colour: Colour, game: int) -> Colour:
    """The colour a player of the ordinary game (who had ``colour``) has in play-off game
    ``game`` (1, 2, …): reversed in the replay (4.9.8), then alternating."""
    return colour.opposite if game % 2 else colour


def gladiator_winner(colour: Colour, playoff: Sequence[Result]) -> bool | None:
    """Whether the player who had ``colour`` in a drawn ordinary game won its play-off
    (``None`` while no play-off game has been won)."""
    for game, result in enumerate(playoff, start=1):
        if result is Result.DRAW:
            continue
        mine = playoff_colour(colour, game)
        return (result is Result.WHITE_WIN) == (mine is Colour.WHITE)
    return None


def gladiator_points(
    result: Result, colour: Colour, playoff: Sequence[Result], scoring: Scoring
) -> Fraction | None:
    """Points under Gladiator scoring (DSU 4.9.8) for a drawn game and its play-off, or
    ``None`` when the ordinary rules apply (not Gladiator, or the game was not drawn).

    4.9.8 never gives half a point: while the play-off has no winner the board scores nothing
    yet, as an unfinished game (for pairing it counts as a draw, see :func:`playoff_pending`).
    """
    if not scoring.gladiator or result is not Result.DRAW:
        return None
    won = gladiator_winner(colour, playoff)
    if won is None:
        return Fraction(0)
    return scoring.win if won else scoring.loss


def playoff_pending(result: Result | None, playoff: Sequence[Result], scoring: Scoring) -> bool:
    """Whether a Gladiator board still waits for its play-off's winner."""
    return (
        scoring.gladiator
        and result is Result.DRAW
        and gladiator_winner(Colour.WHITE, playoff) is None
    )


def format_points(points: Fraction, *, ascii_only: bool = False) -> str:
    """Write points as arbiters do: ``3½``, ``½``, ``4``; other fractions as ``7/3``."""
    if points.denominator == 1:
        return str(points.numerator)
    if points.denominator == 2:
        whole = points.numerator // 2
        if ascii_only:
            return f"{points.numerator}/2"
        return f"{whole}½" if whole else "½"
    return f"{points.numerator}/{points.denominator}"


def parse_points(text: str, *, what: str = "points") -> Fraction:
    """Read ``1``, ``0.5``, ``0,5``, ``½``, ``3½`` or ``1/2`` as an exact number of points.

    :raises InputError: when the text is not a number of points.
    """
    t = text.strip().replace(",", ".")
    try:
        if t.endswith("½"):
            head = t[:-1]
            return Fraction(int(head) if head else 0) + HALF
        return Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what}: {text!r} is not a number of points") from None
