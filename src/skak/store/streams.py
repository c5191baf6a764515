"""The event store: every record is a stream of typed events with a version.

``load`` reads a stream (from its latest usable snapshot plus the events after it, or in
full) and replays it once; ``append`` adds events under the version the writer read, and
refuses a stale writer with a :class:`~skak.errors.ConflictError` — the unique
``(stream, version)`` constraint is the guard on every backend. ``execute`` is the whole
command cycle: read, decide outside any write transaction (a pairing may take seconds),
append under the version read, and on a conflict decide again on the new state.

A write whose connection is lost (a database server restarting) is tried again while the
database's ``wait`` lasts, and never applied twice: the commit may have been made before the
connection went, so each new try first looks, holding the stream, whether the events after
the version it wrote on are the very events an earlier try wrote (the same payloads, by the
same actor, recorded at the same second) — then the write was made, and is not made again.

A record kind tells the store how to encode its events and build its state
(:class:`RecordKind`); each kind's binding, rules and events live in its record's folder
(``skak/records/<kind>/kind.py``). The store imports none of them.

A kind may also say what a list shows of a record (its ``summary(state)``: a
:class:`Summary`); the store then keeps that row beside the stream, written in the
transaction that appends the events, and a list is one query of those rows
(:meth:`EventStore.summaries`: paged, newest first, searched and filtered), never a replay.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from sqlalchemy import ColumnElement, Connection, and_, delete, false, func, insert, select, true

from skak.errors import (
    ConflictError,
    DatabaseBusyError,
    InputError,
    NotFoundError,
    StateError,
    StorageError,
)
from skak.messages import N_
from skak.model.stream import Recorded
from skak.store.database import Database, now
from skak.store.schema import (
    ACTOR_LENGTH,
    snapshots,
    stream_events,
    stream_summaries,
    streams,
)

__all__ = [
    "EventByEvent",
    "EventStore",
    "Loaded",
    "RecordKind",
    "SmallKind",
    "Stats",
    "StreamRow",
    "Summarised",
    "Summary",
    "SummaryPage",
    "SummaryQuery",
    "SummaryRow",
    "select_summaries",
]

#: The largest id a stream can have: SQLite's and PostgreSQL's 64-bit integer. A larger
#: number (a typed URL, a hand-made command line) names no record, and is not sent to the
#: database, whose driver cannot bind it.
MAX_ID = 2**63 - 1

S = TypeVar("S")
E = TypeVar("E")
T = TypeVar("T")

#: The store's fault-injection points, for the crash tests alone (``tests/store/
#: test_crash_inside_write.py``): a function set under a point's name is called there, and
#: the test's kills the process. The points of a write: ``appended`` (the events inserted,
#: nothing committed), ``snapshotted`` (the snapshot written too, still not committed) and
#: ``committed`` (the transaction committed, before the command goes on). Empty in use.
FAULTS: dict[str, Callable[[], None]] = {}


def _fault(point: str) -> None:
    hook = FAULTS.get(point)
    if hook is not None:
        hook()


#: One try of a write: the connection, the time its events are recorded at, and the times
#: of the tries before it (whose commit may have been made though their connection was lost).
Attempt = Callable[[Connection, str, tuple[str, ...]], T]


@dataclass(frozen=True, slots=True)
class StreamRow:
    """One record in the database: its id, kind, name and when it was created."""

    id: int
    kind: str
    name: str
    created_at: str

    def label(self) -> str:
        return f"#{self.id} {self.name} (created {self.created_at[:10]})"


class RecordKind(Protocol[S, E]):
    """How the store keeps one kind of record."""

    @property
    def name(self) -> str:
        """The kind as the streams table names it (``tournament``, ``rating-registry``)."""
        ...

    @property
    def snapshot_every(self) -> int:
        """Write a snapshot after this many events since the last one (0: never)."""
        ...

    @property
    def snapshot_format(self) -> int:
        """The snapshot encoding; a stored snapshot of another format is not used."""
        ...

    def dump_event(self, event: E) -> dict[str, Any]: ...

    def load_event(self, payload: dict[str, Any]) -> E: ...

    def fold(self, events: Sequence[Recorded[E]], start: S | None) -> S | None:
        """The state the events build on ``start`` (``None``: from nothing)."""
        ...

    def evolve(self, state: S | None, event: E, log: Sequence[Recorded[E]] | None) -> S:
        """The state after one new event; ``log`` is every earlier event where it was read
        in full (a kind may need it, e.g. to replay after an undo)."""
        ...

    def evolve_all(self, state: S | None, events: Sequence[E]) -> S:
        """The state after several new events, none of which needs the log: what
        :meth:`evolve` gives one by one (a kind may apply them more cheaply at once)."""
        ...

    def needs_log(self, event: E) -> bool:
        """Whether applying ``event`` needs the earlier events (then the store reads all)."""
        ...

    def dump_state(self, state: S) -> dict[str, Any]: ...

    def load_state(self, payload: dict[str, Any]) -> S: ...

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[E]]) -> bool:
        """Whether a snapshot at ``version`` still holds, given the events after it."""
        ...


@dataclass(frozen=True, slots=True)
class Summary:
    """What a list shows of one record, as its kind makes it from the record's state: its
    name, place, organiser, first and last day (ISO dates), category (a tournament's
    standard, rapid or blitz), status (``planned``, ``running``, ``finished``), whether it is
    rated, whether it is listed at all (a deleted tournament is not), and the words a search
    matches (``search``) and the organiser (``organiser_key``) as the kind folds them."""

    name: str
    listed: bool = True
    place: str | None = None
    organiser: str | None = None
    organiser_key: str | None = None
    first_day: str | None = None
    last_day: str | None = None
    category: str = ""
    status: str = ""
    rated: bool = False
    search: str = ""


@dataclass(frozen=True, slots=True)
class SummaryRow:
    """A record's :class:`Summary` as kept: its stream's id, when it was created, and the
    version the summary was made at (the version of the last change that changed it)."""

    id: int
    created_at: str
    version: int
    summary: Summary


@dataclass(frozen=True, slots=True)
class SummaryQuery:
    """Which summaries a list asks for: every word of ``words`` in the record's search words
    (each folded as the kind folds them), its organiser (folded) ``organiser``, the days it
    is held on meeting ``first``–``last`` (ISO dates, either open), its ``category``, its
    ``status`` (``rated``: finished and rated), listed or not; ``limit`` rows after
    ``offset``, newest first (by the first day, else the day it was created; then the
    newest record first)."""

    words: tuple[str, ...] = ()
    organiser: str | None = None
    first: str | None = None
    last: str | None = None
    category: str | None = None
    status: str | None = None
    listed: bool = True
    limit: int = 50
    offset: int = 0


@dataclass(frozen=True, slots=True)
class SummaryPage:
    """The summaries a :class:`SummaryQuery` asked for, and how many there are in all."""

    rows: tuple[SummaryRow, ...]
    total: int


S_contra = TypeVar("S_contra", contravariant=True)


class Summarised(Protocol[S_contra]):
    """A record kind whose records a list shows (see :class:`Summary`)."""

    def summary(self, state: S_contra) -> Summary: ...


class EventByEvent:
    """:meth:`evolve_all` as :meth:`evolve` one event after another (a kind whose single
    step costs no copy of a large state)."""

    def evolve(self, state: Any, event: Any, log: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    def evolve_all(self, state: Any, events: Sequence[Any]) -> Any:
        for event in events:
            state = self.evolve(state, event, None)
        return state


class EventCodec(Protocol[E]):
    """A record's codec module (``skak/records/<kind>/codec.py``)."""

    def dump_event(self, event: E) -> dict[str, Any]: ...

    def load_event(self, payload: dict[str, Any]) -> E: ...


class EventFold(Protocol[S, E]):
    """A record's ``evolve`` module (``skak/records/<kind>/evolve.py``)."""

    def evolve(self, state: S | None, event: E) -> S: ...

    def fold(self, events: Sequence[Recorded[E]], start: S | None) -> S | None: ...


@dataclass(frozen=True)
class SmallKind(EventByEvent, Generic[S, E]):
    """A record kind of few events a stream: never undone, no snapshots, its events built
    one by one. ``codec`` and ``rules`` give the record's codec and ``evolve`` modules when
    first asked for, so a command on another record never imports them (a record kind's
    ``kind.py`` names them; the store imports no record)."""

    name: str
    codec: Callable[[], EventCodec[E]] = field(compare=False, repr=False)
    rules: Callable[[], EventFold[S, E]] = field(compare=False, repr=False)
    snapshot_every: int = 0
    snapshot_format: int = 1
    #: Its events are only ever appended (none undone or rewritten): a state built once can
    #: be built on by the events after it (:class:`EventStore` keeps the newest it read).
    append_only: ClassVar[bool] = True

    def dump_event(self, event: E) -> dict[str, Any]:
        return self.codec().dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> E:
        return self.codec().load_event(payload)

    def fold(self, events: Sequence[Recorded[E]], start: S | None) -> S | None:
        return self.rules().fold(events, start)

    def evolve(self, state: S | None, event: E, log: Sequence[Recorded[E]] | None) -> S:
        return self.rules().evolve(state, event)

    def needs_log(self, event: E) -> bool:
        return False

    def dump_state(self, state: S) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> S:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[E]]) -> bool:
        return False


@dataclass
class Stats:
    """What the store has done: reads of a stream's events, and full or partial replays.

    A test counts these per command (one read and one replay each)."""

    reads: int = 0
    replays: int = 0
    events_read: int = 0
    writes: int = 0
    conflicts: int = 0

    def reset(self) -> None:
        self.reads = self.replays = self.events_read = self.writes = self.conflicts = 0


class Loaded(Generic[S, E]):
    """A record as read at ``version``: its state (built on first use, once), and its
    events where they were read in full."""

    def __init__(
        self,
        kind: RecordKind[S, E],
        stream: StreamRow,
        version: int,
        *,
        events: tuple[Recorded[E], ...] | None,
        build: Callable[[], S | None],
    ) -> None:
        self.kind = kind
        self.stream = stream
        self.version = version
        self._events = events
        self._build: Callable[[], S | None] | None = build
        self._state: S | None = None

    @property
    def events(self) -> tuple[Recorded[E], ...]:
        if self._events is None:  # pragma: no cover - callers ask for the log when they need it
            raise StateError("the events of this record were not read")
        return self._events

    @property
    def has_events(self) -> bool:
        return self._events is not None

    @property
    def state(self) -> S:
        if self._build is not None:
            self._state = self._build()
            self._build = None
        if self._state is None:
            raise StateError(f"{self.stream.kind} #{self.stream.id} has no events; it was lost")
        return self._state

    @classmethod
    def built(
        cls,
        kind: RecordKind[S, E],
        stream: StreamRow,
        version: int,
        state: S,
        events: tuple[Recorded[E], ...] | None,
    ) -> Loaded[S, E]:
        return cls(kind, stream, version, events=events, build=lambda: state)


@dataclass
class EventStore:
    """Streams of events in one database (see the module's docstring)."""

    db: Database
    stats: Stats = field(default_factory=Stats)
    #: The newest state read of each append-only stream (a league season of DSU's size,
    #: 3 600 events, replays in 0.8 s; the events after it, in milliseconds): by stream id,
    #: ``(created_at, version, state)``. Only states built from committed events are kept.
    _kept: dict[int, tuple[str, int, Any]] = field(default_factory=dict, repr=False)
    _kept_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    #: When each kind's summaries were last found complete (:meth:`summarised`).
    _summaries_checked: dict[str, float] = field(default_factory=dict, repr=False)

    # -- streams -------------------------------------------------------------------------

    def streams(self, kind: str) -> list[StreamRow]:
        return self._reading(lambda conn: self._streams(conn, kind))

    def _reading(self, read: Callable[[Connection], T]) -> T:
        """``read`` in a read transaction, read again from the start while the database is
        busy or out of reach (a read changes nothing, so trying it again is always safe)."""
        waiter = self.db.waiter()
        while True:
            try:
                with self.db.read(waiter) as conn:
                    return read(conn)
            except DatabaseBusyError as err:
                if not waiter.pause(err):
                    raise

    @staticmethod
    def _streams(conn: Connection, kind: str) -> list[StreamRow]:
        rows = conn.execute(
            select(streams.c.id, streams.c.kind, streams.c.name, streams.c.created_at)
            .where(streams.c.kind == kind)
            .order_by(streams.c.id)
        )
        return [StreamRow(r.id, r.kind, r.name, r.created_at) for r in rows]

    def create(
        self, kind: RecordKind[S, E], name: str, new: Sequence[E], actor: str
    ) -> Loaded[S, E]:
        """A new stream holding ``new``, in one transaction."""
        created = self._create(kind, name, new, actor, only=False)
        assert created is not None
        return created

    def create_only(
        self, kind: RecordKind[S, E], name: str, new: Sequence[E], actor: str
    ) -> Loaded[S, E] | None:
        """The one stream of a kind that has one (the rating registry), holding ``new`` —
        or ``None`` when it exists already (checked inside the write transaction, so two
        commands never create two)."""
        try:
            return self._create(kind, name, new, actor, only=True)
        except ConflictError:  # another command created it after this one looked
            return None

    def _create(
        self, kind: RecordKind[S, E], name: str, new: Sequence[E], actor: str, *, only: bool
    ) -> Loaded[S, E] | None:
        _check_actor(actor)
        state = kind.fold([Recorded(i, e, actor, "") for i, e in enumerate(new, 1)], None)
        if state is None:
            raise StateError(f"a new {kind.name} needs at least one event")
        made = state

        def attempt(
            conn: Connection, created: str, earlier: tuple[str, ...]
        ) -> Loaded[S, E] | None:
            for row in self._streams(conn, kind.name) if earlier else ():
                if row.name == name and row.created_at in earlier:
                    start = Loaded.built(kind, row, 0, made, ())
                    done = self._ours(conn, start, new, made, actor, earlier)
                    if done is not None:  # an earlier try made it: its commit was not lost
                        return done
            if only and self._streams(conn, kind.name):
                return None
            result = conn.execute(
                insert(streams).values(kind=kind.name, name=name, created_at=created)
            )
            (new_id,) = result.inserted_primary_key or (None,)
            if new_id is None:  # pragma: no cover - every backend returns the key
                raise StateError("the database did not return the new record's id")
            row = StreamRow(int(new_id), kind.name, name, created)
            recorded = self._insert(conn, kind, row.id, 0, new, actor, at=created)
            _summarise(conn, kind, row, len(new), made)
            _fault("appended")
            self._maybe_snapshot(conn, kind, row, len(new), made)
            _fault("snapshotted")
            self.stats.writes += 1
            return Loaded.built(kind, row, len(new), made, tuple(recorded))

        return self._writing(attempt)

    # -- reading -------------------------------------------------------------------------

    def load(
        self, kind: RecordKind[S, E], stream: StreamRow, *, full: bool = False
    ) -> Loaded[S, E]:
        """The record at its newest version, replayed once when its state is first used.

        Without ``full`` the read starts from the newest usable snapshot.
        """
        return self._reading(lambda conn: self._read(conn, kind, stream, full=full))

    def _read(
        self, conn: Connection, kind: RecordKind[S, E], stream: StreamRow, *, full: bool
    ) -> Loaded[S, E]:
        if not full and getattr(kind, "append_only", False):
            kept = self._read_kept(conn, kind, stream)
            if kept is not None:
                return kept
        snap = None if full or not kind.snapshot_every else self._snapshot(conn, kind, stream)
        after = snap[0] if snap is not None else 0
        query = (
            select(
                stream_events.c.version,
                stream_events.c.payload,
                stream_events.c.actor,
                stream_events.c.recorded_at,
            )
            .where(stream_events.c.stream_id == stream.id, stream_events.c.version > after)
            .order_by(stream_events.c.version)
        )
        load_event = kind.load_event
        # Each row becomes its event as it is read, so the decoded payloads do not all live
        # at once: the cycle collector walks every live object again and again while a long
        # stream is read (a registry of 48 889 events: read in 0.57 s so, 1.0 s when every
        # row was fetched first).
        try:
            tail = tuple(_recorded(load_event, stream, *row) for row in conn.execute(query))
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise _unreadable(stream) from err
        self.stats.reads += 1
        self.stats.events_read += len(tail)
        version = tail[-1].version if tail else after
        if snap is not None and not kind.snapshot_usable(after, tail):
            return self._read(conn, kind, stream, full=True)
        try:
            start = None if snap is None else kind.load_state(snap[1])
        except Exception:  # a snapshot is only a cache: one that cannot be read is not used
            return self._read(conn, kind, stream, full=True)

        def build() -> S | None:
            self.stats.replays += 1
            state = kind.fold(tail, start)
            if getattr(kind, "append_only", False) and state is not None:
                self._keep(stream, version, state)
            return state

        return Loaded(kind, stream, version, events=None if snap else tail, build=build)

    def _keep(self, stream: StreamRow, version: int, state: Any) -> None:
        with self._kept_lock:
            now_kept = self._kept.get(stream.id)
            if now_kept is None or now_kept[0] != stream.created_at or now_kept[1] < version:
                self._kept[stream.id] = (stream.created_at, version, state)

    def _read_kept(
        self, conn: Connection, kind: RecordKind[S, E], stream: StreamRow
    ) -> Loaded[S, E] | None:
        """The append-only ``stream`` built on the newest state kept of it: only the events
        after it are read (and the one it was built to, which must still be there: a
        database that lost events is read in full). ``None``: nothing kept, read it all."""
        with self._kept_lock:
            kept = self._kept.get(stream.id)
        if kept is None or kept[0] != stream.created_at:
            return None
        _, after, start = kept
        query = (
            select(
                stream_events.c.version,
                stream_events.c.payload,
                stream_events.c.actor,
                stream_events.c.recorded_at,
            )
            .where(stream_events.c.stream_id == stream.id, stream_events.c.version >= after)
            .order_by(stream_events.c.version)
        )
        load_event = kind.load_event
        try:
            read = list(conn.execute(query))
            if not read or read[0].version != after:
                return None
            tail = tuple(_recorded(load_event, stream, *row) for row in read[1:])
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise _unreadable(stream) from err
        if any(r.version != after + i for i, r in enumerate(tail, start=1)):
            return None
        if any(kind.needs_log(r.event) for r in tail):
            return None  # an event after it rebuilds the record from its first (a correction)
        self.stats.reads += 1
        self.stats.events_read += len(tail)
        version = after + len(tail)

        def build() -> S | None:
            self.stats.replays += 1
            state: S | None = kind.fold(tail, start) if tail else start
            if state is not None and tail:
                self._keep(stream, version, state)
            return state

        return Loaded(kind, stream, version, events=None, build=build)

    @staticmethod
    def _snapshot(
        conn: Connection, kind: RecordKind[Any, Any], stream: StreamRow
    ) -> tuple[int, dict[str, Any]] | None:
        try:
            row = conn.execute(
                select(snapshots.c.version, snapshots.c.format, snapshots.c.payload).where(
                    snapshots.c.stream_id == stream.id
                )
            ).first()
        except (ValueError, UnicodeDecodeError):  # a damaged cache: the events are the truth
            return None
        if row is None or row.format != kind.snapshot_format or not isinstance(row.payload, dict):
            return None
        return int(row.version), row.payload

    # -- writing -------------------------------------------------------------------------

    def append(self, loaded: Loaded[S, E], new: Sequence[E], actor: str, state: S) -> Loaded[S, E]:
        """Append ``new`` after ``loaded.version``; ``state`` is the state they build.

        :raises ConflictError: when another writer appended since ``loaded`` was read.
        """
        _check_actor(actor)
        return self._writing(
            lambda conn, at, earlier: self._append(
                conn, loaded, new, state, actor, at=at, earlier=earlier
            )
        )

    def _writing(self, attempt: Attempt[T]) -> T:
        """``attempt`` in a write transaction, tried again while the database is busy or
        out of reach (as long as its ``wait`` allows); each try is told when its events are
        recorded and when the earlier tries' were, to find a write whose commit was made
        though its connection was lost."""
        waiter = self.db.waiter()
        tried: list[str] = []
        while True:
            at = now()
            try:
                with self.db.write(waiter) as conn:
                    done = attempt(conn, at, tuple(tried))
                _fault("committed")
                return done
            except DatabaseBusyError as err:
                tried.append(at)
                if not waiter.pause(err):
                    raise

    def _ours(
        self,
        conn: Connection,
        loaded: Loaded[S, E],
        new: Sequence[E],
        state: S,
        actor: str,
        earlier: tuple[str, ...],
    ) -> Loaded[S, E] | None:
        """The record after ``new`` when the events after ``loaded.version`` are ``new``,
        written by an earlier try of this very write (by ``actor``, at one of the times
        ``earlier``, with the same payloads): its commit was made though its connection
        was lost (another writer may have appended after them since). ``None``: they are not
        (none, or another writer's)."""
        kind = loaded.kind
        if not new:
            return None
        rows = conn.execute(
            select(
                stream_events.c.version,
                stream_events.c.payload,
                stream_events.c.actor,
                stream_events.c.recorded_at,
            )
            .where(
                stream_events.c.stream_id == loaded.stream.id,
                stream_events.c.version > loaded.version,
            )
            .order_by(stream_events.c.version)
            .limit(len(new))
        ).all()
        if len(rows) != len(new):
            return None
        for i, (row, event) in enumerate(zip(rows, new, strict=True), start=1):
            if (
                row.version != loaded.version + i
                or row.actor != actor
                or row.recorded_at not in earlier
                or _plain_json(row.payload) != _plain_json(kind.dump_event(event))
            ):
                return None
        recorded = tuple(
            Recorded(row.version, event, actor, row.recorded_at)
            for row, event in zip(rows, new, strict=True)
        )
        self.stats.writes += 1
        events = (*loaded.events, *recorded) if loaded.has_events else None
        return Loaded.built(kind, loaded.stream, loaded.version + len(new), state, events)

    def _append(
        self,
        conn: Connection,
        loaded: Loaded[S, E],
        new: Sequence[E],
        state: S,
        actor: str,
        *,
        at: str | None = None,
        earlier: tuple[str, ...] = (),
    ) -> Loaded[S, E]:
        kind = loaded.kind
        # Hold the stream: a database server lets another writer append between this read
        # and the insert otherwise (SQLite's write transaction holds the whole file already).
        self._lock(conn, loaded.stream)
        if earlier:
            done = self._ours(conn, loaded, new, state, actor, earlier)
            if done is not None:
                return done
        current = conn.execute(
            select(func.max(stream_events.c.version)).where(
                stream_events.c.stream_id == loaded.stream.id
            )
        ).scalar_one()
        if (current or 0) != loaded.version:
            self.stats.conflicts += 1
            raise ConflictError(
                N_(
                    "{name} was changed by another command since it was read (version "
                    "{current}, not {read}); nothing was written",
                    name=loaded.stream.name,
                    current=current,
                    read=loaded.version,
                )
            )
        recorded = self._insert(conn, kind, loaded.stream.id, loaded.version, new, actor, at=at)
        version = loaded.version + len(new)
        _summarise(conn, kind, loaded.stream, version, state)
        _fault("appended")
        # An undo of an event a snapshot holds makes that snapshot useless: write a new one.
        rebuilt = any(kind.needs_log(e) for e in new)
        self._maybe_snapshot(conn, kind, loaded.stream, version, state, force=rebuilt)
        _fault("snapshotted")
        self.stats.writes += 1
        events = (*loaded.events, *recorded) if loaded.has_events else None
        return Loaded.built(kind, loaded.stream, version, state, events)

    def _insert(
        self,
        conn: Connection,
        kind: RecordKind[Any, E],
        stream_id: int,
        after: int,
        new: Sequence[E],
        actor: str,
        *,
        at: str | None = None,
    ) -> list[Recorded[E]]:
        at = at or now()
        recorded = [Recorded(after + i, e, actor, at) for i, e in enumerate(new, start=1)]
        if recorded:
            conn.execute(
                insert(stream_events),
                [
                    {
                        "stream_id": stream_id,
                        "version": r.version,
                        "type": str(getattr(r.event, "kind", type(r.event).__name__)),
                        "payload": kind.dump_event(r.event),
                        "actor": actor,
                        "recorded_at": at,
                    }
                    for r in recorded
                ],
            )
        return recorded

    def _maybe_snapshot(
        self,
        conn: Connection,
        kind: RecordKind[S, Any],
        stream: StreamRow,
        version: int,
        state: S,
        *,
        force: bool = False,
    ) -> None:
        if not kind.snapshot_every:
            return
        last = conn.execute(
            select(snapshots.c.version, snapshots.c.format).where(
                snapshots.c.stream_id == stream.id
            )
        ).first()
        since = version - (last.version if last and last.format == kind.snapshot_format else 0)
        if since < kind.snapshot_every and not (force and last is not None):
            return
        conn.execute(delete(snapshots).where(snapshots.c.stream_id == stream.id))
        conn.execute(
            insert(snapshots).values(
                stream_id=stream.id,
                version=version,
                format=kind.snapshot_format,
                payload=kind.dump_state(state),
            )
        )

    def execute(
        self,
        kind: RecordKind[S, E],
        stream: StreamRow,
        decide: Callable[[Loaded[S, E]], Sequence[E]],
        actor: str,
        *,
        full: bool = False,
    ) -> tuple[Loaded[S, E], Loaded[S, E], tuple[E, ...]]:
        """Read the record, ``decide`` the new events, append them under the version read.

        The decision (a pairing may take seconds) runs outside any write transaction. When
        another writer came first, the command is read and decided again on the new state,
        this time inside the write transaction, holding the record, so a writer who lost
        the race once is never starved by a busy one. ``full`` reads every event (a command
        that needs them, such as an undo). :returns: the record before, after, and the
        events added.
        """
        _check_actor(actor)
        before = self.load(kind, stream, full=full)
        decided = self._decide(kind, before, decide, actor)
        if decided is None:
            return before, before, ()
        first = before
        new, state = decided
        try:
            after = self._writing(
                lambda conn, at, earlier: self._append(
                    conn, first, new, state, actor, at=at, earlier=earlier
                )
            )
            if getattr(kind, "append_only", False):
                # the state written is the one the next read builds on (not built again)
                self._keep(stream, after.version, state)
            return before, after, new
        except ConflictError:
            pass
        #: What each try decided: the record it read and the events it wrote.
        pending: list[tuple[Loaded[S, E], tuple[E, ...], S]] = []

        def again(
            conn: Connection, at: str, earlier: tuple[str, ...]
        ) -> tuple[Loaded[S, E], Loaded[S, E], tuple[E, ...]]:
            self._lock(conn, stream)
            if pending and earlier:
                read, made, made_state = pending[-1]
                done = self._ours(conn, read, made, made_state, actor, earlier)
                if done is not None:
                    return read, done, made
            read = self._read(conn, kind, stream, full=full)
            decided = self._decide(kind, read, decide, actor)
            if decided is None:
                return read, read, ()
            pending.append((read, *decided))
            return read, self._append(conn, read, *decided, actor, at=at), decided[0]

        return self._writing(again)

    @staticmethod
    def _lock(conn: Connection, stream: StreamRow) -> None:
        """Hold ``stream`` until the write transaction ends (``SELECT … FOR UPDATE`` on a
        database server; SQLite's write transaction holds the whole file already)."""
        conn.execute(select(streams.c.id).where(streams.c.id == stream.id).with_for_update())

    def _decide(
        self,
        kind: RecordKind[S, E],
        before: Loaded[S, E],
        decide: Callable[[Loaded[S, E]], Sequence[E]],
        actor: str,
    ) -> tuple[tuple[E, ...], S] | None:
        """The events ``decide`` makes of ``before`` and the state they build; ``None`` when
        there is nothing to write."""
        new = tuple(decide(before))
        if not new:
            return None
        if not any(kind.needs_log(e) for e in new):
            return new, kind.evolve_all(before.state, new)
        log = before.events if before.has_events else None
        state: S | None = None
        if log is None:  # pragma: no cover - commands that need the log ask for it
            raise StateError("this change needs the record's events, which were not read")
        for e in new:
            if kind.needs_log(e):
                self.stats.replays += 1  # the kind rebuilds the state from the log
            state = kind.evolve(state, e, log)
            if log is not None:
                log = (*log, Recorded(len(log) + 1, e, actor, ""))
        assert state is not None
        return new, state

    def creator(self, stream: StreamRow) -> str | None:
        """Who wrote the record's first event (its creator): one small query."""
        return self._reading(
            lambda conn: conn.execute(
                select(stream_events.c.actor).where(
                    stream_events.c.stream_id == stream.id, stream_events.c.version == 1
                )
            ).scalar_one_or_none()
        )

    def head(self, kind: str, ident: int) -> int:
        """The newest version of record ``ident`` of ``kind``: one small query, for a
        reader that keeps what it built of each version (the web's pages).

        :raises NotFoundError: when there is no such record.
        """
        if not 0 < ident <= MAX_ID:  # no such row: and a database's integer holds no more
            raise NotFoundError(f"there is no {kind} #{ident}")
        version = self._reading(
            lambda conn: conn.execute(
                select(func.max(stream_events.c.version))
                .select_from(streams.join(stream_events, stream_events.c.stream_id == streams.c.id))
                .where(streams.c.id == ident, streams.c.kind == kind)
            ).scalar_one()
        )
        if version is None:
            raise NotFoundError(f"there is no {kind} #{ident}")
        return int(version)

    def single_head(self, kind: str) -> int:
        """The newest version of the one record of ``kind`` a database holds (the rating
        registry, the accounts): one small query; 0 before its first event."""
        # The newest event of the stream, read from the end of its index (a join with
        # MAX() would count through a registry's 40 000 events).
        one = select(streams.c.id).where(streams.c.kind == kind).scalar_subquery()
        version = self._reading(
            lambda conn: conn.execute(
                select(stream_events.c.version)
                .where(stream_events.c.stream_id == one)
                .order_by(stream_events.c.version.desc())
                .limit(1)
            ).scalar_one_or_none()
        )
        return 0 if version is None else int(version)

    def events_of_types(
        self, kind: str, types: Sequence[str], *, stream: int | None = None
    ) -> list[tuple[int, int, str, dict[str, Any]]]:
        """Every event of ``types`` in the streams of ``kind`` (or in the one stream
        ``stream``), as ``(stream id, version, type, payload)`` in stream and version order:
        one query, for a list that needs a few kinds of event and not the records (the
        deleted tournaments)."""
        where = [streams.c.kind == kind, stream_events.c.type.in_(list(types))]
        if stream is not None:
            where.append(stream_events.c.stream_id == stream)
        with self.db.read() as conn:
            rows = conn.execute(
                select(
                    stream_events.c.stream_id,
                    stream_events.c.version,
                    stream_events.c.type,
                    stream_events.c.payload,
                )
                .select_from(streams.join(stream_events, stream_events.c.stream_id == streams.c.id))
                .where(*where)
                .order_by(stream_events.c.stream_id, stream_events.c.version)
            )
            return [(r.stream_id, r.version, r.type, dict(_json(r.payload) or {})) for r in rows]

    def stream(self, kind: str, ident: int) -> StreamRow:
        """:raises NotFoundError: when there is no such record."""
        for row in self.streams(kind):
            if row.id == ident:
                return row
        raise NotFoundError(f"there is no {kind} #{ident}")

    # -- the lists ------------------------------------------------------------------------

    def summaries(self, kind: str, query: SummaryQuery) -> SummaryPage:
        """The summaries of the records of ``kind`` that ``query`` asks for, and how many
        match in all: a query of the summaries' table (and one that counts them, unless the
        page is the last), no event read."""
        where = _summary_filter(kind, query)
        joined = stream_summaries.join(streams, streams.c.id == stream_summaries.c.stream_id)

        def read(conn: Connection) -> SummaryPage:
            offset, limit = max(query.offset, 0), max(query.limit, 0)
            rows = tuple(
                _summary_row(r)
                for r in conn.execute(
                    select(stream_summaries, streams.c.created_at)
                    .select_from(joined)
                    .where(*where)
                    .order_by(
                        stream_summaries.c.sort_day.desc(), stream_summaries.c.stream_id.desc()
                    )
                    .limit(limit)
                    .offset(offset)
                )
            )
            if 0 < len(rows) < limit or (not rows and not offset):  # the last page: all known
                return SummaryPage(rows, offset + len(rows))
            total = conn.execute(
                select(func.count()).select_from(stream_summaries).where(*where)
            ).scalar_one()
            return SummaryPage(rows, int(total))

        return self._reading(read)

    def summary(self, kind: str, ident: int) -> SummaryRow | None:
        """The summary kept of record ``ident`` of ``kind`` (``None``: none is kept)."""
        if not 0 < ident <= MAX_ID:
            return None
        joined = stream_summaries.join(streams, streams.c.id == stream_summaries.c.stream_id)
        row = self._reading(
            lambda conn: conn.execute(
                select(stream_summaries, streams.c.created_at)
                .select_from(joined)
                .where(stream_summaries.c.stream_id == ident, stream_summaries.c.kind == kind)
            ).first()
        )
        return None if row is None else _summary_row(row)

    def unlisted(self, kind: str) -> frozenset[int]:
        """The ids of the records of ``kind`` whose summary keeps them out of the lists."""
        return frozenset(
            self._reading(
                lambda conn: (
                    conn.execute(
                        select(stream_summaries.c.stream_id).where(
                            stream_summaries.c.kind == kind, stream_summaries.c.listed == false()
                        )
                    )
                    .scalars()
                    .all()
                )
            )
        )

    def summary_stamp(self, kind: str) -> tuple[int, int]:
        """How many summaries of ``kind`` are kept and the sum of their versions: it grows
        whenever a record of the kind is created or a change changes its summary (the row
        then takes the newer version), so a page of the list built at one stamp holds until
        the stamp changes."""
        count, versions = self._reading(
            lambda conn: conn.execute(
                select(func.count(), func.coalesce(func.sum(stream_summaries.c.version), 0)).where(
                    stream_summaries.c.kind == kind
                )
            ).one()
        )
        return int(count), int(versions)

    def unsummarised(self, kind: str) -> list[StreamRow]:
        """The records of ``kind`` that have no summary kept: a database written before the
        summaries were (schema 0005), or restored from a backup, which holds the events only.
        :meth:`summarised` makes theirs."""
        joined = streams.outerjoin(stream_summaries, stream_summaries.c.stream_id == streams.c.id)
        rows = self._reading(
            lambda conn: conn.execute(
                select(streams.c.id, streams.c.kind, streams.c.name, streams.c.created_at)
                .select_from(joined)
                .where(streams.c.kind == kind, stream_summaries.c.stream_id.is_(None))
                .order_by(streams.c.id)
            ).all()
        )
        return [StreamRow(r.id, r.kind, r.name, r.created_at) for r in rows]

    def summarised(self, kind: RecordKind[S, E]) -> bool:
        """Whether every record of ``kind`` has its summary kept, after making those that
        are missing (:meth:`unsummarised`; each record read once, from its snapshot, and
        the summaries written a few hundred a transaction). ``False`` only where they cannot
        be written (a read-only database): then a list is made from the records themselves.
        Checked at most once a second per store."""
        moment = time.monotonic()
        checked = self._summaries_checked.get(kind.name)
        if checked is not None and moment - checked < 1.0:
            return True
        missing = self.unsummarised(kind.name)
        if missing and (self.db.read_only or not hasattr(kind, "summary")):
            return False
        for start in range(0, len(missing), 200):
            made = []
            for row in missing[start : start + 200]:
                loaded = self.load(kind, row)
                try:
                    made.append((loaded, kind.summary(loaded.state)))  # type: ignore[attr-defined]
                except StateError:  # a stream without events: 'skak check' names it
                    continue
            self._keep_summaries(kind.name, made)
        self._summaries_checked[kind.name] = moment
        return True

    def _keep_summaries(self, kind: str, made: Sequence[tuple[Loaded[Any, Any], Summary]]) -> None:
        """Keep each summary made of a record as read, unless one is kept already (a writer
        came since, and kept its own, newer)."""

        def attempt(conn: Connection, _at: str, _earlier: tuple[str, ...]) -> None:
            held = set(
                conn.execute(
                    select(stream_summaries.c.stream_id).where(
                        stream_summaries.c.stream_id.in_([m.stream.id for m, _ in made])
                    )
                ).scalars()
            )
            for loaded, summary in made:
                if loaded.stream.id not in held:
                    _write_summary(conn, kind, loaded.stream, loaded.version, summary)

        if not made:
            return
        # Another reader may keep some first (a conflict): a check a second on makes the rest.
        with contextlib.suppress(ConflictError):
            self._writing(attempt)


def _check_actor(actor: str) -> None:
    """:raises InputError: when the name of who acts does not fit its column."""
    limit = ACTOR_LENGTH
    if not actor.strip() or len(actor) > limit:
        raise InputError(
            f"who makes the change ($SKAK_ACTOR) must be a name of 1–{limit} characters, "
            f"not {len(actor)}"
        )
    if any(ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF for c in actor):
        raise InputError(f"who makes the change ($SKAK_ACTOR) {actor!r} holds control characters")


def _plain_json(payload: Any) -> Any:
    """A stored or dumped payload as plain JSON values (a backend may hand back the text)."""
    if isinstance(payload, str | bytes):
        return json.loads(payload)
    return json.loads(json.dumps(payload))


def _unreadable(stream: StreamRow) -> StorageError:
    return StorageError(
        f"the events of {stream.kind} #{stream.id} cannot be read: the database is damaged "
        "('skak check' lists what is wrong; restore it from a backup)"
    )


def _recorded(
    load_event: Callable[[dict[str, Any]], E],
    stream: StreamRow,
    version: Any,
    payload: Any,
    actor: Any,
    recorded_at: Any,
) -> Recorded[E]:
    """One stored event, read back.

    :raises StorageError: when the row is not an event skak wrote (a damaged file).
    """
    if not (
        isinstance(payload, dict)
        and isinstance(version, int)
        and isinstance(actor, str)
        and isinstance(recorded_at, str)
    ):
        raise _unreadable(stream)
    try:
        event = load_event(payload)
    except StorageError as err:  # the codec says what; the record and the event say where
        raise StorageError(
            f"{stream.kind} #{stream.id}, event {version}: {err} (the database is damaged: "
            "'skak check' lists what is wrong; restore it from a backup)"
        ) from err
    return Recorded(version, event, actor, recorded_at)


def _json(value: Any) -> Any:
    """A JSON column's value (a driver may hand back its text)."""
    return json.loads(value) if isinstance(value, str) else value


def _summarise(
    conn: Connection, kind: RecordKind[S, Any], stream: StreamRow, version: int, state: S
) -> None:
    """Keep the summary of the record at ``version``, in the write's transaction, when its
    kind makes one — unless it is the summary kept already (most changes, a result entered,
    change nothing a list shows): the row then keeps the version it was made at, and the
    list's stamp (:meth:`EventStore.summary_stamp`) stays, so no page of it is built anew."""
    make = getattr(kind, "summary", None)
    if make is None:
        return
    summary = make(state)
    held = conn.execute(
        select(stream_summaries).where(stream_summaries.c.stream_id == stream.id)
    ).first()
    if held is not None and _summary_of(held) == summary:
        return  # what the list shows is as it was (a result entered): its stamp stays
    conn.execute(delete(stream_summaries).where(stream_summaries.c.stream_id == stream.id))
    _write_summary(conn, kind.name, stream, version, summary)


def _write_summary(
    conn: Connection, kind: str, stream: StreamRow, version: int, summary: Summary
) -> None:
    conn.execute(
        insert(stream_summaries).values(
            stream_id=stream.id,
            kind=kind,
            version=version,
            listed=summary.listed,
            name=summary.name,
            place=summary.place,
            organiser=summary.organiser,
            organiser_key=summary.organiser_key,
            first_day=summary.first_day,
            last_day=summary.last_day,
            sort_day=summary.first_day or stream.created_at[:10],
            category=summary.category,
            status=summary.status,
            rated=summary.rated,
            search=summary.search,
        )
    )


def _summary_of(row: Any) -> Summary:
    return Summary(
        name=row.name,
        listed=bool(row.listed),
        place=row.place,
        organiser=row.organiser,
        organiser_key=row.organiser_key,
        first_day=row.first_day,
        last_day=row.last_day,
        category=row.category,
        status=row.status,
        rated=bool(row.rated),
        search=row.search,
    )


def _summary_row(row: Any) -> SummaryRow:
    return SummaryRow(int(row.stream_id), str(row.created_at), int(row.version), _summary_of(row))


def _summary_filter(kind: str, query: SummaryQuery) -> list[ColumnElement[bool]]:
    """The conditions of ``query`` on the summaries' table."""
    c = stream_summaries.c
    where: list[ColumnElement[bool]] = [
        c.kind == kind,
        c.listed == (true() if query.listed else false()),
    ]
    where += [c.search.contains(word, autoescape=True) for word in query.words if word]
    if query.organiser is not None:
        where.append(c.organiser_key == query.organiser)
    if query.first is not None:  # held on a day on or after ``first``
        where.append(func.coalesce(c.last_day, c.first_day, c.sort_day) >= query.first)
    if query.last is not None:  # held on a day on or before ``last``
        where.append(c.sort_day <= query.last)
    if query.category is not None:
        where.append(c.category == query.category)
    if query.status == "rated":
        where.append(and_(c.status == "finished", c.rated == true()))
    elif query.status is not None:
        where.append(c.status == query.status)
    return where


def select_summaries(rows: Sequence[SummaryRow], query: SummaryQuery) -> SummaryPage:
    """What :meth:`EventStore.summaries` answers, from summaries made in memory (a
    read-only database that keeps none of some records): the same conditions and order."""
    found = [r for r in rows if _matches(r, query)]
    found.sort(key=lambda r: (r.summary.first_day or r.created_at[:10], r.id), reverse=True)
    start = max(query.offset, 0)
    return SummaryPage(tuple(found[start : start + max(query.limit, 0)]), len(found))


def _matches(row: SummaryRow, query: SummaryQuery) -> bool:
    s = row.summary
    sort_day = s.first_day or row.created_at[:10]
    return (
        s.listed == query.listed
        and all(word in s.search for word in query.words)
        and (query.organiser is None or s.organiser_key == query.organiser)
        and (query.first is None or (s.last_day or s.first_day or sort_day) >= query.first)
        and (query.last is None or sort_day <= query.last)
        and (query.category is None or s.category == query.category)
        and (
            query.status is None
            or (s.status == "finished" and s.rated if query.status == "rated" else False)
            or s.status == query.status
        )
    )
