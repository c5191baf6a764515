"""Backups and restores (``skak backup`` / ``skak restore``), mixed into :class:`skak.api.Skak`.

A backup of an SQLite file is SQLite's online backup (a copy that opens as it is); of any
database, with ``logical``, the event log as JSON (:mod:`skak.store.backup`). A restore
reads either kind, checks every record in it (each event read and each record rebuilt, before
anything is written), and writes them into the database in one transaction: an SQLite file
or a database server alike, so a backup moves a club's file to the federation's server and
back.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skak.errors import InputError, SkakError
from skak.model.stream import Recorded
from skak.records.registry.kind import REGISTRY
from skak.records.tournament.kind import TournamentKind
from skak.store import EventStore, RecordKind
from skak.store.backup import (
    FORMAT,
    FORMAT_VERSION,
    dump_log,
    is_sqlite_file,
    load_log,
    sqlite_backup,
    written_atomically,
)
from skak.store.database import Database
from skak.store.schema import ACTOR_LENGTH, NAME_LENGTH

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

    def backup(self, path: str | Path, *, logical: bool = False) -> BackupSummary:
        """Write a backup of the whole database to ``path`` (replacing it only when the copy
        is complete): SQLite's online backup where the database is SQLite, else — or with
        ``logical`` — the event log as JSON. The caller decides whether ``path`` may be
        written (the CLI: never the database, nor another, nor a file without --force).

        :raises InputError: when ``path`` cannot be written.
        """
        target = Path(path)
        data = dump_log(self.db)
        if self.db.is_sqlite and not logical:
            sqlite_backup(self.db, target)
            form = "sqlite"
        else:
            with written_atomically(target) as temporary:
                temporary.write_text(
                    json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
                )
            form = "logical"
        return _summary(form, data)

    def restore(self, path: str | Path, *, replace: bool = False) -> BackupSummary:
        """Write every record of the backup ``path`` (either form) into this database, in one
        transaction, after checking that each of them reads back. ``replace`` first removes
        every record the database holds; without it the database must hold none.

        :raises InputError: when ``path`` is not a skak backup that reads back, or the
            database holds records and ``replace`` is not given.
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
        data = read_backup(source)
        checked = self._checked(data, source.name)
        load_log(self.db, checked, replace=replace)
        return _summary("sqlite" if is_sqlite_file(source) else "logical", checked)

    def _checked(self, data: dict[str, Any], name: str) -> dict[str, Any]:
        """``data`` as :func:`load_log` takes it, every stream's events read and the record
        rebuilt from them.

        :raises InputError: naming the stream and event that is wrong.
        """
        kinds: dict[str, RecordKind[Any, Any]] = {
            "tournament": TournamentKind(),
            REGISTRY.name: REGISTRY,
        }
        if not isinstance(data.get("streams"), list):
            raise InputError("not a skak backup: it has no list of streams", location=name)
        streams: list[dict[str, Any]] = []
        seen: set[int] = set()
        for s in data["streams"]:
            where = f"{name}: record {s.get('id') if isinstance(s, dict) else '?'}"
            stream = _stream(s, where)
            if stream["id"] in seen:
                raise InputError("a second record with this id", location=where)
            seen.add(stream["id"])
            kind = kinds.get(stream["kind"])
            if kind is None:
                raise InputError(
                    f"a record of kind {stream['kind']!r}, which this skak does not know "
                    "(a newer skak wrote it?)",
                    location=where,
                )
            if stream["kind"] == REGISTRY.name and any(t["kind"] == REGISTRY.name for t in streams):
                raise InputError("a second rating registry", location=where)
            recorded = []
            for e in stream["events"]:
                at = f"{where} event {e['version']}"
                try:
                    recorded.append(
                        Recorded(e["version"], kind.load_event(e["payload"]), e["actor"], "")
                    )
                except SkakError as err:
                    raise InputError(f"the event cannot be read: {err}", location=at) from err
            try:
                built = kind.fold(recorded, None)
            except SkakError as err:
                raise InputError(f"the record cannot be rebuilt: {err}", location=where) from err
            if built is None:
                raise InputError("a record without events", location=where)
            streams.append(stream)
        return {"streams": streams}


def read_backup(path: Path) -> dict[str, Any]:
    """The logical content of a backup file of either form. An SQLite backup is read from a
    copy, brought up to this skak's schema there: the backup itself is never changed.

    :raises InputError: when the file cannot be read or is not a skak backup.
    """
    if not path.is_file():
        raise InputError("cannot read the file: no such file", location=str(path))
    if is_sqlite_file(path):
        with tempfile.TemporaryDirectory(prefix="skak-restore-") as folder:
            copy = Path(folder) / "backup.db"
            try:
                source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
                try:
                    target = sqlite3.connect(copy)
                    source.backup(target)
                    target.close()
                finally:
                    source.close()
            except sqlite3.Error as err:
                raise InputError(f"cannot read the SQLite file: {err}", location=str(path)) from err
            try:
                db = Database(copy)
            except SkakError as err:
                raise InputError(f"not a skak backup: {err}", location=str(path)) from err
            try:
                return dump_log(db)
            finally:
                db.dispose()
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror}", location=str(path)) from err
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise InputError(
            "not a skak backup: neither an SQLite database nor JSON", location=str(path)
        ) from err
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(
            f'not a skak backup: the JSON has no "format": "{FORMAT}"', location=str(path)
        )
    version = data.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise InputError(
            f"a backup of format version {version!r}, written by a newer skak; upgrade skak "
            "to restore it",
            location=str(path),
        )
    return data


def _stream(s: Any, where: str) -> dict[str, Any]:
    """One record of a backup, its fields checked.

    :raises InputError: naming what is wrong.
    """
    if not isinstance(s, dict):
        raise InputError("a record that is not an object", location=where)
    fields = {"id": int, "kind": str, "name": str, "created_at": str, "events": list}
    for key, kind in fields.items():
        if not isinstance(s.get(key), kind) or isinstance(s.get(key), bool):
            raise InputError(f"{key!r} is missing or not a {kind.__name__}", location=where)
    if s["id"] < 1 or len(s["name"]) > NAME_LENGTH or len(s["kind"]) > 40:
        raise InputError("an id below 1, or a name or kind too long", location=where)
    events = []
    for number, e in enumerate(s["events"], start=1):
        at = f"{where} event {number}"
        if not isinstance(e, dict):
            raise InputError("an event that is not an object", location=at)
        if e.get("version") != number:
            raise InputError(
                f"event versions must run 1, 2, 3, …; this one is {e.get('version')!r}",
                location=at,
            )
        text = {"type": 40, "actor": ACTOR_LENGTH, "recorded_at": 32}
        for key, limit in text.items():
            if not isinstance(e.get(key), str) or not 0 < len(e[key]) <= limit:
                raise InputError(f"{key!r} must be a text of 1–{limit} characters", location=at)
        if not isinstance(e.get("payload"), dict):
            raise InputError("the event's payload is not an object", location=at)
        events.append({k: e[k] for k in ("version", "type", "payload", "actor", "recorded_at")})
    return {k: s[k] for k in ("id", "kind", "name", "created_at")} | {"events": events}


def _summary(form: str, data: dict[str, Any]) -> BackupSummary:
    streams = data["streams"]
    return BackupSummary(
        form,
        sum(1 for s in streams if s["kind"] == "tournament"),
        any(s["kind"] == REGISTRY.name for s in streams),
        sum(len(s["events"]) for s in streams),
    )
