"""What every record kind's API does alike, written once: find a record (:meth:`Records.resolve`),
read it, create it, and carry out a command on it (:meth:`Records.execute` →
:class:`Outcome`).

A kind's ``api.py`` subclasses :class:`Records` (a kind of many records: tournaments, league
seasons, cups, correspondence groups) or :class:`Register` (a kind of one record a database:
the rating registry, the discipline registry, the accounts) and adds its own few methods.
:class:`skak.api.Skak` holds one of each, by name (``skak.tournaments``, ``skak.league``,
``skak.cup``, ``skak.correspondence``, ``skak.registry``, ``skak.discipline``,
``skak.accounts``); a kind that asks another (a registration asks the discipline registry)
goes through :class:`Database`, the same object seen from below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from skak.errors import AmbiguousTournamentError, ConflictError, NotFoundError
from skak.messages import N_, Message
from skak.records.access import Access
from skak.store import EventStore, Loaded, RecordKind, StreamRow

if TYPE_CHECKING:
    from skak.eligibility.discipline import DisciplineRegistry
    from skak.model.progress import Progress
    from skak.model.tournament import Tournament
    from skak.rating.registry import Registry

__all__ = ["Database", "Naming", "Outcome", "Records", "Register"]

S = TypeVar("S")
E = TypeVar("E")
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S, E]):
    """What a command did: the record's row, its state before (``None`` when the command
    read the whole log, e.g. an undo, or created it) and after, the events it added (none
    when it changed nothing), the version after, and notes for the user (warnings, not
    refusals)."""

    row: StreamRow
    before: S | None
    after: S
    events: tuple[E, ...]
    version: int
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Naming:
    """How a kind's records are named in the resolver's messages (each a message the faces
    translate): none held, several held and none named, a name that matches none, a name
    that matches several."""

    none: Callable[[], Message]
    several: Callable[[int], Message]
    unknown: Callable[[str, str], Message]
    ambiguous: Callable[[str, int], Message]


class Database(Protocol):
    """The database as a record kind's API sees it (:class:`skak.api.Skak`): its store,
    who acts when a call does not say, and the other kinds a kind may ask."""

    store: EventStore

    def _who(self, actor: str | None) -> str: ...

    def _authorize(self, actor: str, access: Access) -> None:
        """Refuse (:class:`skak.errors.PermissionDenied`) what ``actor`` may not do."""
        ...

    @property
    def tournaments(self) -> Records[Tournament, Any, Any]: ...

    @property
    def registry(self) -> Register[Registry, Any, Any]: ...

    @property
    def discipline(self) -> Register[DisciplineRegistry, Any, Any]: ...


class Records(Generic[S, E, C]):
    """The records of one kind in a database, each a stream: :meth:`rows`, :meth:`resolve`
    (an id, ``#id`` or a name), :meth:`read`, :meth:`get`, :meth:`version` and
    :meth:`execute`. A subclass names its kind (:meth:`_kind`), its words (:attr:`naming`)
    and how a command is decided (:meth:`_decide`)."""

    naming: ClassVar[Naming]
    #: The role that changes a record of the kind (its creator's, or on the record).
    role: ClassVar[str]

    def __init__(self, db: Database) -> None:
        self._db = db
        self.store = db.store

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._db!r}>"

    # -- what a kind says ------------------------------------------------------------------

    def _kind(self) -> RecordKind[S, E]:  # pragma: no cover - every kind's
        raise NotImplementedError

    def _decide(self, kind: RecordKind[S, E], loaded: Loaded[S, E], command: C) -> Sequence[E]:
        """The events ``command`` makes of the record as read."""
        raise NotImplementedError  # pragma: no cover - every kind's

    def _decider(self, kind: RecordKind[S, E], command: C) -> Callable[[Loaded[S, E]], Sequence[E]]:
        """How one :meth:`execute` decides ``command`` on each reading of the record (a
        second reading after another writer came first): :meth:`_decide` each time, unless
        a kind settles something on the first reading."""
        return lambda loaded: self._decide(kind, loaded, command)

    def _clubs(self, state: S, command: C) -> frozenset[str]:
        """The clubs whose captains may carry out ``command`` (none by default)."""
        return frozenset()

    def _access(self, row: StreamRow, state: S | None, command: C | None) -> Access:
        """What ``command`` on ``row`` touches, for the check of the actor's roles."""
        clubs = self._clubs(state, command) if state is not None and command is not None else ()
        return Access(self.role, row.id, row.name, frozenset(clubs))

    def _needs_log(self, command: C) -> bool:
        """Whether ``command`` is decided on every event, not the state (an undo)."""
        return False

    def _notes(
        self, kind: RecordKind[S, E], before: S | None, after: S, command: C, new: tuple[E, ...]
    ) -> tuple[str, ...]:
        """Notes for the user on what ``command`` did (none by default)."""
        return ()

    # -- finding and reading -----------------------------------------------------------------

    def rows(self) -> list[StreamRow]:
        """Every record of the kind, oldest first."""
        return self.store.streams(self._kind().name)

    def resolve(
        self, ident: str | int | None = None, *, among: Sequence[StreamRow] | None = None
    ) -> StreamRow:
        """The record ``ident`` names (its id, ``#id`` or its name in any case); may be
        left out when the database holds one. ``among``: the rows to look in (else
        :meth:`rows`).

        :raises NotFoundError: naming the records there are.
        :raises AmbiguousTournamentError: when several match (or none is named), listing
            them.
        """
        rows = self.rows() if among is None else list(among)
        if ident is None:
            if len(rows) == 1:
                return rows[0]
            if not rows:
                raise NotFoundError(self.naming.none())
            raise AmbiguousTournamentError(
                self.naming.several(len(rows)), [r.label() for r in rows]
            )
        text = str(ident).strip()
        digits = text.removeprefix("#")
        by_id = [r for r in rows if digits.isdigit() and r.id == int(digits)]
        by_name = [] if text.startswith("#") else [r for r in rows if same_name(r, text)]
        matches = by_id + [r for r in by_name if r not in by_id]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise AmbiguousTournamentError(
                self.naming.ambiguous(repr(text), matches[0].id), [r.label() for r in matches]
            )
        held = ", ".join(r.label() for r in rows) or N_("none")
        raise NotFoundError(self.naming.unknown(repr(text), held))

    def namesakes(self, row: StreamRow) -> list[StreamRow]:
        """The other records that bear ``row``'s name as :meth:`resolve` reads a name (any
        case): the name alone names none of them."""
        return [r for r in self.rows() if r.id != row.id and same_name(r, row.name)]

    def read(self, ident: str | int | None = None, *, full: bool = False) -> Loaded[S, E]:
        """The record as stored: its state (one replay) and, with ``full``, its events."""
        return self.store.load(self._kind(), self.resolve(ident), full=full)

    def get(self, ident: str | int | None = None) -> S:
        """The record's current state."""
        return self.read(ident).state

    def version(self, ident: str | int | None = None) -> int:
        """The record's newest version (one small query for an id): a reader that keeps
        what it built of each version knows whether it still holds.

        :raises NotFoundError: when there is no such record.
        """
        if not isinstance(ident, int):
            ident = self.resolve(ident).id
        try:
            return self.store.head(self._kind().name, ident)
        except NotFoundError:
            held = ", ".join(r.label() for r in self.rows()) or N_("none")
            raise NotFoundError(self.naming.unknown(f"#{ident}", held)) from None

    # -- changes -------------------------------------------------------------------------

    def execute(
        self,
        ident: str | int | None,
        command: C,
        *,
        actor: str | None = None,
        at_version: int | None = None,
    ) -> Outcome[S, E]:
        """Carry out one command: read the record, decide, append under the version read
        (decided again on the new state when another writer came first). ``at_version``:
        only on the record as it was at that version (what the caller showed the user),
        never decided again on a newer one.

        :raises SkakError: when a rule refuses it; nothing is written then.
        :raises ConflictError: when the record is no longer at ``at_version``.
        """
        kind = self._kind()
        row = self.resolve(ident)
        decided = self._decider(kind, command)
        who = self._db._who(actor)

        def decide(loaded: Loaded[S, E]) -> Sequence[E]:
            self._db._authorize(who, self._access(row, loaded.state, command))
            if at_version is not None and loaded.version != at_version:
                raise ConflictError(
                    N_(
                        "{name} was changed since it was shown (version {version}, not "
                        "{shown}); nothing was written: look again",
                        name=row.name,
                        version=loaded.version,
                        shown=at_version,
                    )
                )
            return decided(loaded)

        full = self._needs_log(command)
        before, after, new = self.store.execute(kind, row, decide, who, full=full)
        previous = None if full else before.state
        notes = self._notes(kind, previous, after.state, command, new)
        return Outcome(row, previous, after.state, new, after.version, notes)

    def _create(self, name: str, events: Sequence[E], actor: str | None) -> StreamRow:
        """A new record named ``name``, holding ``events``, in one transaction (the actor
        is checked first: may he create one?)."""
        who = self._db._who(actor)
        self._db._authorize(who, Access(self.role, label=name.strip()))
        return self.store.create(self._kind(), name.strip(), events, who).stream


class Register(Generic[S, E, C]):
    """The one record of a kind a database keeps (the rating registry, the discipline
    registry, the accounts): created by its first change, empty before it."""

    #: The one record's name.
    record_name: ClassVar[str] = "DSU"
    #: The role that changes it.
    role: ClassVar[str]
    #: Other roles that may change it too (on whatever record their grant is).
    also: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, db: Database) -> None:
        self._db = db
        self.store = db.store

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._db!r}>"

    def _kind(self, progress: Progress | None = None) -> RecordKind[S, E]:
        """The kind; ``progress`` told how far a replay has come (a kind may tell it)."""
        raise NotImplementedError  # pragma: no cover - every kind's

    def _empty(self) -> S:  # pragma: no cover - every kind's
        raise NotImplementedError

    def _decide(self, state: S, command: C) -> Sequence[E]:  # pragma: no cover
        raise NotImplementedError

    def row(self) -> StreamRow | None:
        """The record's row; ``None`` before its first change."""
        rows = self.store.streams(self._kind().name)
        return rows[0] if rows else None

    def version(self) -> int:
        """The record's newest version (0 before its first change): a reader that keeps what
        it built of each version knows whether it still holds (one small query)."""
        return self.store.single_head(self._kind().name)

    def get(self, *, progress: Progress | None = None) -> S:
        """The record as its events build it (empty before the first change); ``progress``
        is told how far the replay has come."""
        kept = self.if_kept(progress=progress)
        return self._empty() if kept is None else kept

    def if_kept(self, *, progress: Progress | None = None) -> S | None:
        """The record, or ``None`` when the database keeps none yet."""
        row = self.row()
        return None if row is None else self.store.load(self._kind(progress), row).state

    def authorize(self, actor: str | None = None) -> None:
        """:raises PermissionDenied: when ``actor`` may not change the record (a guarded
        database), checked by :meth:`change`, and first by an operation that reads other
        records before it changes this one, so that one who may not is told so first."""
        self._db._authorize(
            self._db._who(actor), Access(self.role, label=self.record_name, also=self.also)
        )

    def change(
        self, command: C, *, actor: str | None = None, progress: Progress | None = None
    ) -> tuple[S, S]:
        """Carry out ``command`` (creating the record on its first change); :returns: the
        record before and after. ``progress`` is told how far the replay has come."""
        kind = self._kind(progress)
        who = self._db._who(actor)
        self.authorize(actor)
        row = self.row()
        if row is None:
            empty = self._empty()
            new = self._decide(empty, command)
            if not new:
                return empty, empty
            created = self.store.create_only(kind, self.record_name, new, who)
            if created is not None:
                return empty, created.state
            row = self.row()  # another command created it meanwhile
            assert row is not None
        before, after, _ = self.store.execute(
            kind, row, lambda loaded: self._decide(loaded.state, command), who
        )
        return before.state, after.state


def same_name(row: StreamRow, name: str) -> bool:
    """Whether ``row`` bears ``name`` as a resolver reads a name: any case, outer spaces
    ignored."""
    return row.name.strip().casefold() == name.strip().casefold()
