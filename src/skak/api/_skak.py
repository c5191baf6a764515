"""The :class:`Skak` class: one database and every record kind's part of the API (each in
its record's folder, ``skak/records/<kind>/api.py``), composed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from skak.api._backup import BackupCommands
from skak.records.accounts.api import AccountCommands
from skak.records.correspondence.api import CorrespondenceCommands
from skak.records.cup.api import CupCommands
from skak.records.discipline.api import DisciplineCommands
from skak.records.league.api import LeagueCommands
from skak.records.registry.api import RegistryCommands
from skak.records.tournament.api import TournamentCommands
from skak.store import EventStore
from skak.store.database import Database

if TYPE_CHECKING:
    from sqlalchemy import Engine

__all__ = ["Skak"]


class Skak(
    TournamentCommands,
    RegistryCommands,
    AccountCommands,
    BackupCommands,
    LeagueCommands,
    CupCommands,
    DisciplineCommands,
    CorrespondenceCommands,
):
    """A skak database: tournaments, the rating registry, league seasons, cups, the
    discipline registry, the arbiters' accounts and correspondence groups.

    :param db: an SQLite file path, an SQLAlchemy URL (``:memory:`` for a throw-away one),
        or an SQLAlchemy engine the caller keeps (a server creates one engine, once).
    :param create: create the database when it does not exist (``skak new``, ``skak demo``).
    :param actor: who makes the changes when a call does not say (``actor=`` on each call).
    """

    def __init__(
        self, db: str | Path | Engine, *, create: bool = False, actor: str = "skak"
    ) -> None:
        target: str | Path | Engine = "sqlite://" if str(db) == ":memory:" else db
        self.db = Database(target, create=create)
        self.store = EventStore(self.db)
        self.actor = actor

    def close(self) -> None:
        self.db.dispose()

    def _who(self, actor: str | None) -> str:
        return actor if actor is not None else self.actor

    def check(self) -> list[str]:
        """What is wrong with the database, in plain words; empty when it is sound: SQLite's
        full integrity check (an SQLite file), then every record read back from its events
        and rebuilt: the tournaments, the rating registry, the arbiters' accounts, the
        discipline registry, league seasons and cups (``skak check``); a league season's
        standings and a cup's ranking are computed too, so a card that no longer fits its
        line-ups is reported.

        :raises StorageError: when the database cannot be read far enough to be checked.
        """
        from skak.api._check import audit

        return audit(self)
