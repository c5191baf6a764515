"""The games' part of the library API (``skak game``): attach a PGN to a board or a round's
PGN to its boards, take a game off, and write the tournament's games as PGN — the commands
of :mod:`skak.commands.games`, mixed into :class:`skak.api.Skak`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.model.tournament import Tournament

if TYPE_CHECKING:
    from skak.api import Outcome
    from skak.commands.tournament import Command

__all__ = ["GameCommands", "read_pgn_file"]


def read_pgn_file(path: str | Path) -> tuple[str, str]:
    """A PGN file's text (UTF-8, else Windows-1252, as DGT software writes it) and its name.

    :raises InputError: when the file cannot be read.
    """
    from skak.io.players_csv import decode_text

    p = Path(path)
    try:
        return decode_text(p.read_bytes()), p.name
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err


class GameCommands:
    """The games' methods of :class:`skak.api.Skak`."""

    def execute(
        self,
        ident: str | int | None,
        command: Command,
        *,
        actor: str | None = None,
        at_version: int | None = None,
    ) -> Outcome:
        raise NotImplementedError  # pragma: no cover

    def load(self, ident: str | int | None = None) -> Tournament:  # pragma: no cover
        raise NotImplementedError

    def attach_game(
        self,
        ident: str | int | None,
        round_number: int,
        board: int,
        text: str,
        *,
        source: str = "game.pgn",
        replace: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Attach the one game of a PGN text to a board; its players and result must be the
        board's, every move legal (refused naming the game and the move otherwise)."""
        from skak.commands.games import AttachGames

        command = AttachGames(round_number, text, source, board, replace)
        return self.execute(ident, command, actor=actor)

    def import_games(
        self,
        ident: str | int | None,
        round_number: int,
        text: str,
        *,
        source: str = "round.pgn",
        replace: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Attach every game of a round's PGN to its board, found by the players' names (or
        FIDE ids): all or nothing, every problem named."""
        from skak.commands.games import AttachGames

        command = AttachGames(round_number, text, source, None, replace)
        return self.execute(ident, command, actor=actor)

    def remove_game(
        self, ident: str | int | None, round_number: int, board: int, *, actor: str | None = None
    ) -> Outcome:
        from skak.commands.games import RemoveGame

        return self.execute(ident, RemoveGame(round_number, board), actor=actor)

    def games_pgn(
        self,
        ident: str | int | None = None,
        *,
        round_number: int | None = None,
        danish: bool = False,
    ) -> str:
        """The tournament's games (or one round's) as one PGN file."""
        from skak.games.pgn import export_pgn  # python-chess only for games

        t = self.load(ident)
        games = [g for g in t.games if round_number is None or g.round == round_number]
        if not games:
            what = f"round {round_number}" if round_number is not None else t.name
            raise InputError(f"{what} has no games attached (skak game add / skak game import)")
        return export_pgn(t, games, danish=danish)
