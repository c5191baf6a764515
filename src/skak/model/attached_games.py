"""The games attached to a tournament's boards (``skak game``), as PGN:
:attr:`~skak.model.tournament.Tournament.games`.

Kept apart from :mod:`skak.model.tournament` (which names the class, and gives it by its
old name too) so that a run that reads a file and pairs or ranks it, which attaches no game,
does not make the class on every start.
"""

from __future__ import annotations

from dataclasses import dataclass

from skak.errors import InputError
from skak.model.results import Result

__all__ = ["GameRecord"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The game played on one board (parti), as PGN: its moves and the tags that are the
    game's own (date, opening, time control, start position); the tags the tournament knows
    (event, round, players, ratings, result) are written from it on export
    (:mod:`skak.games.pgn` reads and checks a game before it is attached).

    ``result`` is the game's result, which must be the board's.
    """

    round: int
    board: int
    result: Result
    pgn: str

    def __post_init__(self) -> None:
        if self.round < 1 or self.board < 1:
            raise InputError(
                f"a game is on a round and board from 1, not {self.round}.{self.board}"
            )
        if self.result not in (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN, Result.UNFINISHED):
            raise InputError(
                f"round {self.round} board {self.board}: a game played over the board is won, "
                f"drawn, lost or unfinished, not {self.result.label}"
            )
