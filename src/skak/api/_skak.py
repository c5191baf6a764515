"""The :class:`Skak` class: one database and every record kind's part of the API (each in
its record's folder, ``skak/records/<kind>/api.py``), composed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from skak.api._backup import BackupCommands
from skak.errors import PermissionDenied
from skak.store import EventStore, StreamRow
from skak.store.database import Database, WaitNotice

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from skak.records.access import Access
    from skak.records.accounts.api import Accounts
    from skak.records.correspondence.api import CorrespondenceGroups
    from skak.records.cup.api import Cups
    from skak.records.discipline.api import Discipline
    from skak.records.event.api import Events
    from skak.records.junior.api import Championships
    from skak.records.league.api import Seasons
    from skak.records.registry.api import RatingRegistry
    from skak.records.reports.api import Reports
    from skak.records.tournament.api import Tournaments
    from skak.store.marks import Marks

__all__ = ["Skak"]


class Skak(BackupCommands):
    """A skak database: tournaments, the rating registry, league seasons, cups, junior team
    championships, the
    discipline registry, the arbiters' accounts and correspondence groups, each kind of
    record by its name (its API in its record's folder, ``skak/records/<kind>/api.py``)::

        >>> s = Skak(":memory:", create=True)
        >>> s.tournaments.rows(), s.league.rows(), s.registry.get().players
        ([], [], {})

    Each kind's module is imported when the kind is first used.

    :param db: an SQLite file path, an SQLAlchemy URL (``:memory:`` for a throw-away one),
        or an SQLAlchemy engine the caller keeps (a server creates one engine, once).
    :param create: create the database when it does not exist (``skak new``, ``skak demo``).
    :param actor: who makes the changes when a call does not say (``actor=`` on each call).
    :param wait: seconds to wait for a database that is busy or out of reach (a server
        restarting) before a call gives up with :class:`~skak.errors.DatabaseBusyError`;
        ``on_wait`` is told once each time a call starts to wait (see
        :class:`skak.store.database.Database`).
    """

    def __init__(
        self,
        db: str | Path | Engine,
        *,
        create: bool = False,
        actor: str = "skak",
        wait: float = 0,
        on_wait: WaitNotice | None = None,
    ) -> None:
        target: str | Path | Engine = "sqlite://" if str(db) == ":memory:" else db
        self.db = Database(target, create=create, wait=wait, on_wait=on_wait)
        self.store = EventStore(self.db)
        self.actor = actor
        #: ``None``: the database's owner uses it (the command line on his machine), and
        #: may do everything; else only accounts with the roles a change takes, and these
        #: names besides (see :meth:`guarded`).
        self._admins: frozenset[str] | None = None

    def guarded(self, *, admins: Iterable[str] = ()) -> Skak:
        """This database as a server uses it: every change is made by an account whose
        roles allow it (``skak user``; :mod:`skak.records.accounts.roles`), else refused
        with :class:`~skak.errors.PermissionDenied` and nothing written. ``admins``: names
        the server's operator lets do everything (``skak serve --arbiter``). Reading needs
        no account. The guarded object shares this one's engine: close this one."""
        guarded = object.__new__(Skak)
        guarded.db, guarded.store, guarded.actor = self.db, self.store, self.actor
        guarded._admins = frozenset(admins)
        return guarded

    @property
    def is_guarded(self) -> bool:
        """Whether changes are checked against the actor's roles (:meth:`guarded`)."""
        return self._admins is not None

    def _authorize(self, actor: str, access: Access) -> None:
        """:raises PermissionDenied: when ``actor``'s roles do not allow ``access`` (only a
        guarded database checks)."""
        if self._admins is None or actor in self._admins:
            return
        from skak.records.accounts.roles import refusal

        accounts = self.accounts.get()
        if access.record is not None and access.creator is None:
            row = StreamRow(access.record, "", access.label, "")
            access = replace(access, creator=self.store.creator(row))
        why = refusal(accounts, actor, access)
        if why is not None:
            raise PermissionDenied(why)

    def __repr__(self) -> str:
        from sqlalchemy.engine import make_url

        return f"Skak({make_url(self.db.url).render_as_string(hide_password=True)!r})"

    @cached_property
    def tournaments(self) -> Tournaments:
        """The individual tournaments."""
        from skak.records.tournament.api import Tournaments

        return Tournaments(self)

    @cached_property
    def league(self) -> Seasons:
        """The division league's seasons (5.1)."""
        from skak.records.league.api import Seasons

        return Seasons(self)

    @cached_property
    def cup(self) -> Cups:
        """The team cup's rows (5.3–5.4)."""
        from skak.records.cup.api import Cups

        return Cups(self)

    @cached_property
    def event(self) -> Events:
        """The events with groups (a DM's classes, an EMT's groups), each group a tournament."""
        from skak.records.event.api import Events

        return Events(self)

    @cached_property
    def junior(self) -> Championships:
        """The junior team championships (Junior Hold DM, 5.5)."""
        from skak.records.junior.api import Championships

        return Championships(self)

    @cached_property
    def correspondence(self) -> CorrespondenceGroups:
        """The correspondence groups (section 6)."""
        from skak.records.correspondence.api import CorrespondenceGroups

        return CorrespondenceGroups(self)

    @cached_property
    def registry(self) -> RatingRegistry:
        """The rating registry (ratingkartotek)."""
        from skak.records.registry.api import RatingRegistry

        return RatingRegistry(self)

    @cached_property
    def reports(self) -> Reports:
        """The rating reports sent to the registrar, his queue (§6)."""
        from skak.records.reports.api import Reports

        return Reports(self)

    @cached_property
    def discipline(self) -> Discipline:
        """The discipline registry (§19)."""
        from skak.records.discipline.api import Discipline

        return Discipline(self)

    @cached_property
    def accounts(self) -> Accounts:
        """Who may log in."""
        from skak.records.accounts.api import Accounts

        return Accounts(self)

    @cached_property
    def marks(self) -> Marks:
        """What every process of a web server on this database sees alike: logged-out
        sessions, failed logins (:mod:`skak.store.marks`)."""
        from skak.store.marks import Marks

        return Marks(self.db)

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
