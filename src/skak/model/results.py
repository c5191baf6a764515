"""Colours, the closed result enum and scoring settings.

Points are exact :class:`~fractions.Fraction` values, never floats. The points a result is
worth depend on the tournament's :class:`Scoring` (FIDE C.04.1 and DSU §11.1: win 1, draw ½,
loss 0 unless announced otherwise).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_

__all__ = [
    "GLADIATOR_FIELDS",
    "HALF",
    "MAX_GLADIATOR_GAMES",
    "PLAYOFF_RESULTS",
    "POINT_FIELDS",
    "Colour",
    "Result",
    "Scoring",
    "check_gladiator_games",
    "format_points",
    "gladiator_decision",
    "gladiator_points",
    "gladiator_winner",
    "ordinary_games",
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
                N_(
                    "unknown result {text}; use one of {known} (a draw also ½, =, 1/2-1/2 "
                    "or remis; forfeit/udeblivelse: +- white wins, -+ black wins, -- both "
                    "lose; short keys: 1, 0, ½ or =, + and -)",
                    text=repr(text),
                    known=known,
                )
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


# Tuples, not sets: a member is found in a tuple by its identity, in C; a set would hash it
# with the enum's __hash__, a function of Python's (a big open's boards ask thousands of times).
_NOT_GAMES = (Result.PAIRING_BYE, Result.FULL_BYE, Result.HALF_BYE, Result.ZERO_BYE, Result.ABSENT)
_PLAYED = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.UNFINISHED)
_FORFEITS = (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT)

_LABELS = {
    Result.WHITE_WIN: N_("white won (hvid vandt)"),
    Result.DRAW: N_("draw (remis)"),
    Result.BLACK_WIN: N_("black won (sort vandt)"),
    Result.WHITE_FORFEIT_WIN: N_("white won by forfeit (sort udeblev)"),
    Result.BLACK_FORFEIT_WIN: N_("black won by forfeit (hvid udeblev)"),
    Result.DOUBLE_FORFEIT: N_("both forfeited (begge udeblev)"),
    Result.UNFINISHED: N_("unfinished, counts as a draw for pairing (afbrudt parti)"),
    Result.PAIRING_BYE: N_("pairing-allocated bye (oversidder)"),
    Result.FULL_BYE: N_("full-point bye (helpoint-bye)"),
    Result.HALF_BYE: N_("half-point bye (halvpoint-bye)"),
    Result.ZERO_BYE: N_("zero-point bye (nulpoint-bye)"),
    Result.ABSENT: N_("absent (fraværende)"),
}

_ALIASES: dict[str, Result] = {
    "1-0": Result.WHITE_WIN,
    "0-1": Result.BLACK_WIN,
    "½-½": Result.DRAW,
    "½": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "1/2": Result.DRAW,
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
    # The short keys of a result list (skak results, the web's result form), read wherever
    # a result is typed: one parser for every face.
    "1": Result.WHITE_WIN,
    "0": Result.BLACK_WIN,
    "+": Result.WHITE_FORFEIT_WIN,
    "-": Result.BLACK_FORFEIT_WIN,
}


#: The most points one result may score, and the finest fraction of a point (a scoring of
#: 3-1-0 or ½ steps is common; anything past these is a typing error).
MAX_POINTS = 100
POINTS_DENOMINATOR = 100


def check_points(points: Fraction, what: str) -> None:
    """:raises InputError: when ``points`` is more than :data:`MAX_POINTS` or finer than
    1/:data:`POINTS_DENOMINATOR` of a point."""
    if abs(points) > MAX_POINTS or points.denominator > POINTS_DENOMINATOR:
        raise InputError(
            f"{what}: {format_points(points, ascii_only=True)} is not a number of points skak "
            f"keeps (at most {MAX_POINTS}, in steps of 1/{POINTS_DENOMINATOR} or coarser)"
        )


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
    #: 4.9.8's variants ("kan modificeres til at indeholde flere ordinære partier pr. runde
    #: eller flere omkampsrunder med mere betænkningstid end i lynskak"): the ordinary games
    #: each round's two players play (colours alternating; more points wins the round) …
    gladiator_games: int = 1
    #: … and the play-off games with reduced time (more than blitz) before the blitz games.
    gladiator_reduced_games: int = 1

    def __post_init__(self) -> None:
        for name in POINT_FIELDS:
            value = getattr(self, name)
            if not isinstance(value, Fraction):
                object.__setattr__(self, name, Fraction(value))
            if getattr(self, name) < 0:
                raise InputError(f"scoring: {name} cannot be negative ({value})")
            check_points(getattr(self, name), f"scoring {name}")
        for name, what in GLADIATOR_FIELDS.items():
            value = getattr(self, name)
            if type(value) is not int or not 1 <= value <= MAX_GLADIATOR_GAMES:
                raise InputError(
                    f"scoring: {name.replace('_', '-')} ({what}) is a whole number from 1 to "
                    f"{MAX_GLADIATOR_GAMES}, not {value!r}"
                )
            if value != 1 and not self.gladiator:
                raise InputError(
                    f"scoring: {name.replace('_', '-')} ({what}) is a variant of Gladiator "
                    "scoring (4.9.8) and needs it"
                )

    def __repr__(self) -> str:
        parts = [
            f"{name}=Fraction({format_points(getattr(self, name), ascii_only=True)!r})"
            for name in POINT_FIELDS
            if getattr(self, name) != getattr(_DEFAULT_SCORING, name)
        ]
        if self.gladiator:
            parts.append("gladiator=True")
        parts.extend(f"{name}={getattr(self, name)}" for name in GLADIATOR_FIELDS
                     if getattr(self, name) != 1)  # fmt: skip
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

#: The variants of Gladiator scoring (4.9.8, "kan modificeres"), in words.
GLADIATOR_FIELDS = {
    "gladiator_games": "ordinary games per round",
    "gladiator_reduced_games": "play-off games with reduced time before blitz",
}
#: A bound on what a user types: no round has more games of one kind.
MAX_GLADIATOR_GAMES = 20

_DEFAULT_SCORING = Scoring()

#: The results a play-off game can have.
PLAYOFF_RESULTS = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)


def playoff_colour(colour: Colour, game: int) -> Colour:
    """The colour a player of the round's first game (who had ``colour``) has in its
    ``game``-th further game (1, 2, …): the colours alternate through the round, so the
    play-off after one ordinary game is "med omvendte farver" (4.9.8), and so is the first
    play-off game after the last of several ordinary games."""
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


def _white_of_first_scores(result: Result, game: int) -> Fraction:
    """What the first game's white scores (1, ½, 0) in the round's ``game``-th game."""
    mine = playoff_colour(Colour.WHITE, game - 1)
    if result is Result.DRAW:
        return HALF
    return Fraction(int((result is Result.WHITE_WIN) == (mine is Colour.WHITE)))


def gladiator_decision(
    result: Result, further: Sequence[Result], scoring: Scoring
) -> Colour | None:
    """Who won a Gladiator round (DSU 4.9.8), by his colour in the round's first game, or
    ``None`` while it is undecided.

    ``result`` is the first ordinary game, ``further`` the round's games after it, each from
    its own white side: the other ordinary games (``scoring.gladiator_games``), then the
    play-off. More points in the ordinary games win the round; if they are level, the first
    play-off game won decides ("Ender dette parti også remis spilles der lynskak indtil en
    vinder findes").
    """
    games = (result, *further)
    n = scoring.gladiator_games
    if len(games) < n:
        return None
    white = sum((_white_of_first_scores(r, g) for g, r in enumerate(games[:n], start=1)),
                Fraction(0))  # fmt: skip
    if 2 * white != n:
        return Colour.WHITE if 2 * white > n else Colour.BLACK
    for game, r in enumerate(games[n:], start=n + 1):
        if r is not Result.DRAW:
            return Colour.WHITE if _white_of_first_scores(r, game) else Colour.BLACK
    return None


def _decided_by_sequence(result: Result | None, scoring: Scoring) -> bool:
    """Whether Gladiator's sequence, not the ordinary rules, scores this board: a drawn
    game, or any game over the board when a round has several ordinary games."""
    if not scoring.gladiator or result not in PLAYOFF_RESULTS:
        return False
    return result is Result.DRAW or scoring.gladiator_games > 1


def gladiator_points(
    result: Result, colour: Colour, playoff: Sequence[Result], scoring: Scoring
) -> Fraction | None:
    """Points under Gladiator scoring (DSU 4.9.8) for a round decided by its sequence of
    games (a drawn game and its play-off; with several ordinary games per round, any game over
    the board and the games after it), or ``None`` when the ordinary rules apply (not
    Gladiator, a single ordinary game that was won, a forfeit).

    4.9.8 never gives half a point: while the round has no winner the board scores nothing
    yet, as an unfinished game (for pairing it counts as a draw, see :func:`playoff_pending`).
    """
    if not _decided_by_sequence(result, scoring):
        return None
    won = gladiator_decision(result, playoff, scoring)
    if won is None:
        return Fraction(0)
    return scoring.win if won is colour else scoring.loss


def playoff_pending(result: Result | None, playoff: Sequence[Result], scoring: Scoring) -> bool:
    """Whether a Gladiator board still waits for its winner (the play-off, or the rest of
    its ordinary games)."""
    return (
        result is not None
        and _decided_by_sequence(result, scoring)
        and gladiator_decision(result, playoff, scoring) is None
    )


def ordinary_games(
    result: Result, further: Sequence[Result], scoring: Scoring
) -> tuple[Result, ...]:
    """The ordinary games of a board (the games that are rated, 4.9.8: "rates efter
    resultatet i de pågældende partier"), each from its own white side: the first game's
    white has black in the second, and so on. One game unless the round has several."""
    if not scoring.gladiator:
        return (result,)
    return (result, *further)[: scoring.gladiator_games]


def check_gladiator_games(
    result: Result | None, further: Sequence[Result], scoring: Scoring
) -> None:
    """Check a board's games after the first under the tournament's scoring (4.9.8).

    :raises InputError: for further games without Gladiator scoring, after a game that was
        not played over the board or (one ordinary game) not drawn, after ordinary games that
        already decided the round, after a play-off game that was won, or for a result that
        is not a game's.
    """
    if not further:
        return
    if not scoring.gladiator:
        raise InputError(
            "play-off games are entered only in a tournament with Gladiator scoring (4.9.8)"
        )
    label = result.label if result is not None else "a game without result"
    n = scoring.gladiator_games
    if n == 1 and result is not Result.DRAW:
        raise InputError(f"only a drawn game is played off (Gladiator, 4.9.8), not {label}")
    if result not in PLAYOFF_RESULTS:
        raise InputError(f"only a game played over the board is followed by others, not {label}")
    for i, r in enumerate(further, start=2):
        what = f"ordinary game {i}" if i <= n else f"play-off game {i - n}"
        if r not in PLAYOFF_RESULTS:
            raise InputError(f"{what} must be won, drawn or lost, not {r.label}")
    games = (result, *further)
    for i in range(n, len(games)):
        if gladiator_decision(result, games[1:i], scoring) is not None:
            done = "the ordinary games decided the round" if i == n else (
                f"play-off game {i - n} was won, so the play-off ended there")  # fmt: skip
            raise InputError(f"{done}; {len(games) - i} more game(s) given")


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


#: What :func:`parse_points` reads: a few digits, a decimal, a fraction, or a whole and ½
#: (an exponent like ``1e5000`` is no number of points, and would take seconds to build).
#: Compiled when first used (by :mod:`re`'s cache), not when the model is imported.
_POINTS_TEXT = r"[+-]?(?:\d{1,6}(?:\.\d{0,6})?|\.\d{1,6}|\d{1,6}/\d{1,6}|\d{0,6}½)"


def parse_points(text: str, *, what: str = "points") -> Fraction:
    """Read ``1``, ``0.5``, ``0,5``, ``½``, ``3½`` or ``1/2`` as an exact number of points.

    :raises InputError: when the text is not a number of points (at most six digits before
        and after the point; a scoring checks its own bounds, :func:`check_points`).
    """
    t = text.strip().replace(",", ".")
    shown = repr(text) if len(text) <= 24 else repr(text[:24]) + "…"
    if not re.fullmatch(_POINTS_TEXT, t):
        raise InputError(f"{what}: {shown} is not a number of points")
    try:
        if t.endswith("½"):
            head = t[:-1]
            points = Fraction(int(head) if head else 0) + HALF
        else:
            points = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise InputError(f"{what}: {shown} is not a number of points") from None
    return points
