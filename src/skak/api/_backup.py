"""Backups and restores (``skak backup`` / ``skak restore``), mixed into :class:`skak.api.Skak`.

A backup of an SQLite file is SQLite's online backup (a copy that opens as it is); of any
database, with ``logical``, the event log as JSON Lines (:mod:`skak.store.backup`), written a
line at a time. A restore reads either kind (and the JSON of an older skak) a record at a
time, checks every record as it comes (each event read and the record rebuilt), and writes
them into the database in one transaction, which a record that does not read back undoes
whole: an SQLite file or a database server alike, so a backup moves a club's file to the
federation's server and back. Neither holds more of the log in memory than one record.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skak.errors import InputError, SkakError
from skak.model.stream import Recorded
from skak.records.accounts.kind import ACCOUNTS
from skak.records.correspondence.kind import CORRESPONDENCE
from skak.records.cup.kind import CUP
from skak.records.discipline.kind import DISCIPLINE
from skak.records.event.kind import EVENT
from skak.records.junior.kind import JUNIOR
from skak.records.league.kind import LEAGUE
from skak.records.registry.kind import REGISTRY
from skak.records.reports.kind import REPORTS
from skak.records.tournament.kind import TournamentKind
from skak.store import EventStore, RecordKind
from skak.store.backup import (
    BackupFile,
    LogCounts,
    Progress,
    Row,
    StreamRow,
    dump_log,
    load_log,
    log_counts,
    place,
    sqlite_backup,
)
from skak.store.database import Database

__all__ = ["BackupCommands", "BackupSummary"]


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """What a backup or restore held: its form (``sqlite`` or ``logical``), the tournaments,
    whether the rating registry was among the records, and the events of all of them."""

    form: str
    tournaments: int
    registry: bool
    events: int

    def describe(self) -> str:
        parts = [f"{self.tournaments} tournament{'s' if self.tournaments != 1 else ''}"]
        if self.registry:
            parts.append("the rating registry")
        return f"{' and '.join(parts)}, {self.events} event{'s' if self.events != 1 else ''}"


class BackupCommands:
    """The backup methods of :class:`skak.api.Skak`."""

    db: Database
    store: EventStore

    def backup(
        self, path: str | Path, *, logical: bool = False, progress: Progress | None = None
    ) -> BackupSummary:
        """Write a backup of the whole database to ``path`` (replacing it only when the copy
        is complete): SQLite's online backup where the database is SQLite, else — or with
        ``logical`` — the event log as JSON Lines, a line at a time (``progress`` is told
        the events written). The caller decides whether ``path`` may be written (the CLI:
        never the database, nor another, nor a file without --force).

        :raises InputError: when ``path`` cannot be written.
        """
        target = Path(path)
        if self.db.is_sqlite and not logical:
            counts = log_counts(self.db)
            sqlite_backup(self.db, target)
            return _summary("sqlite", counts)
        return _summary("logical", dump_log(self.db, target, progress))

    def restore(
        self, path: str | Path, *, replace: bool = False, progress: Progress | None = None
    ) -> BackupSummary:
        """Write every record of the backup ``path`` (either form) into this database, in one
        transaction, checking that each of them reads back as it comes (a record that does
        not undoes all). ``replace`` first removes every record the database holds; without
        it the database must hold none. ``progress`` is told the events written (and how
        many there are, where the backup says).

        :raises InputError: when ``path`` is not a skak backup that reads back (naming the
            line, record and event), or the database holds records and ``replace`` is not
            given.
        """
        source = Path(path)
        if self.db.is_sqlite and self.db.engine.url.database:
            here = Path(self.db.engine.url.database)
            if here.exists() and source.exists() and here.resolve() == source.resolve():
                raise InputError(
                    "this is the database the command works on (--db); restore a backup "
                    "into another one",
                    location=str(source),
                )
        with BackupFile(source) as backup:
            total = backup.counts.events if backup.counts is not None else 0
            rows = _ReadBack(source.name).rows(backup.rows())
            counts = load_log(self.db, rows, replace=replace, progress=progress, total=total)
            return _summary(backup.form, counts)


def _kinds() -> dict[str, RecordKind[Any, Any]]:
    """Every record kind this skak knows, by the name the streams table gives it."""
    kinds: list[RecordKind[Any, Any]] = [
        TournamentKind(),
        REGISTRY,
        ACCOUNTS,
        DISCIPLINE,
        LEAGUE,
        CUP,
        EVENT,
        JUNIOR,
        CORRESPONDENCE,
        REPORTS,
    ]
    return {k.name: k for k in kinds}


#: The kinds a database holds one record of (see ``SINGLE_STREAM_KINDS``).
_SINGLE = frozenset({REGISTRY.name, ACCOUNTS.name, DISCIPLINE.name})
#: Events of a record whose events are never undone are folded this many at a time (the
#: rating registry's 40 000 players are as many events); a tournament's are kept until its
#: last (an undo folds the log again).
_FOLDED_AT_ONCE = 2000


class _ReadBack:
    """The rows of a backup passed on as they come, each record rebuilt from its events when
    its last has come: a record that does not read back stops the restore."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.kinds = _kinds()
        self.singles: set[str] = set()

    def rows(self, rows: Iterable[Row]) -> Iterator[Row]:
        """``rows``, checked.

        :raises InputError: naming the record and event that is wrong.
        """
        head: StreamRow | None = None
        kind: RecordKind[Any, Any] | None = None
        recorded: list[Recorded[Any]] = []
        state: Any = None
        for row in rows:
            if isinstance(row, StreamRow):
                if head is not None:
                    assert kind is not None
                    self._built(head, kind, recorded, state)
                head, kind, recorded, state = row, self._kind(row), [], None
            else:
                assert head is not None
                assert kind is not None
                payload = row.to_json()["payload"]
                try:
                    recorded.append(Recorded(row.version, kind.load_event(payload), row.actor, ""))
                except SkakError as err:
                    raise InputError(
                        f"the event cannot be read: {err}",
                        location=place(self.name, row.line, head.id, row.version),
                    ) from err
                if len(recorded) >= _FOLDED_AT_ONCE and _folded_in_parts(kind):
                    state = self._fold(head, kind, recorded, state)
                    recorded = []
            yield row
        if head is not None:
            assert kind is not None
            self._built(head, kind, recorded, state)

    def _kind(self, row: StreamRow) -> RecordKind[Any, Any]:
        where = place(self.name, row.line, row.id)
        kind = self.kinds.get(row.kind)
        if kind is None:
            raise InputError(
                f"a record of kind {row.kind!r}, which this skak does not know "
                "(a newer skak wrote it?)",
                location=where,
            )
        if row.kind in _SINGLE:
            if row.kind in self.singles:
                raise InputError(f"a second record of kind {row.kind!r}", location=where)
            self.singles.add(row.kind)
        return kind

    def _fold(
        self, head: StreamRow, kind: RecordKind[Any, Any], recorded: list[Recorded[Any]], state: Any
    ) -> Any:
        if state is not None and any(kind.needs_log(r.event) for r in recorded):
            # A correction of the registry (or its undo) rebuilds it from its first event,
            # which a record folded in parts no longer holds: each such event was read back
            # above, and the others are folded as they come. The store builds the record
            # from every event when it is first read.
            recorded = [r for r in recorded if not kind.needs_log(r.event)]
        try:
            return kind.fold(recorded, state)
        except SkakError as err:
            raise InputError(
                f"the record cannot be rebuilt: {err}",
                location=place(self.name, head.line, head.id),
            ) from err

    def _built(
        self, head: StreamRow, kind: RecordKind[Any, Any], recorded: list[Recorded[Any]], state: Any
    ) -> None:
        if recorded:
            state = self._fold(head, kind, recorded, state)
        if state is None:
            raise InputError(
                "a record without events", location=place(self.name, head.line, head.id)
            )


def _folded_in_parts(kind: RecordKind[Any, Any]) -> bool:
    return kind is REGISTRY or bool(getattr(kind, "append_only", False))


def _summary(form: str, counts: LogCounts) -> BackupSummary:
    return BackupSummary(
        form,
        counts.kinds.get("tournament", 0),
        counts.kinds.get(REGISTRY.name, 0) > 0,
        counts.events,
    )
