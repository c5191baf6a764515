"""The library API: every operation on a skak database, for the CLI, a server or a script.

The CLI is a thin layer over :class:`Skak` (as sqlite-utils' CLI is over its ``Database``)::

    >>> from skak.api import Skak
    >>> from skak.model import Tournament
    >>> s = Skak(":memory:", create=True)
    >>> s.create(Tournament("Klubmesterskab 2026", "berger")).id
    1

Every change is a command (:mod:`skak.commands.tournament`, :mod:`skak.commands.registry`):
the record is read once, the command decided on it outside any write transaction, and its
events appended under the version that was read (:mod:`skak.store`); when another writer
came first the command is decided again on the new state. On any error nothing is written.
A :class:`Skak` holds one engine and may serve many requests; who acts is given per call.

Each name is imported from its module when first asked for, so that a command which opens
no database (``skak engine``, reading a TRF file) does not import the storage (SQLAlchemy)
or the other records' rules: ``from skak.api import engine_pair`` imports the requests only.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # for mypy the imports below define every name
    from skak.api._accounts import hash_password, password_matches
    from skak.api._backup import BackupSummary
    from skak.api._cup import CupOutcome
    from skak.api._games import read_pgn_file
    from skak.api._league import LeagueOutcome
    from skak.api._requests import (
        check_new_tournament,
        engine_check,
        engine_pair,
        new_tournament,
        one_player,
        players_from_bytes,
        players_from_csv,
        tournament_from_trf,
    )
    from skak.api._skak import Outcome, PairPreview, Skak, TournamentRow, added
    from skak.pairing.engine import pairs_text
    from skak.records.correspondence.api import CorrOutcome
    from skak.storage.database import database_url
    from skak.views import HistoryLine

#: Where each name lives: its module is imported when the name is first asked for.
_MODULES: dict[str, tuple[str, ...]] = {
    "skak.api._accounts": ("hash_password", "password_matches"),
    "skak.api._backup": ("BackupSummary",),
    "skak.api._cup": ("CupOutcome",),
    "skak.api._games": ("read_pgn_file",),
    "skak.api._league": ("LeagueOutcome",),
    "skak.api._requests": (
        "check_new_tournament",
        "engine_check",
        "engine_pair",
        "new_tournament",
        "one_player",
        "players_from_bytes",
        "players_from_csv",
        "tournament_from_trf",
    ),
    "skak.api._skak": ("Outcome", "PairPreview", "Skak", "TournamentRow", "added"),
    "skak.pairing.engine": ("pairs_text",),
    "skak.records.correspondence.api": ("CorrOutcome",),
    "skak.storage.database": ("database_url",),
    "skak.views": ("HistoryLine",),
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names}

__all__ = [
    "BackupSummary",
    "CorrOutcome",
    "CupOutcome",
    "HistoryLine",
    "LeagueOutcome",
    "Outcome",
    "PairPreview",
    "Skak",
    "TournamentRow",
    "added",
    "check_new_tournament",
    "database_url",
    "engine_check",
    "engine_pair",
    "hash_password",
    "new_tournament",
    "one_player",
    "pairs_text",
    "password_matches",
    "players_from_bytes",
    "players_from_csv",
    "read_pgn_file",
    "tournament_from_trf",
]

if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        module = _WHERE.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
