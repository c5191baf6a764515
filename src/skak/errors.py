"""The errors skak raises, one tree under :class:`SkakError`.

::

    SkakError                      exit code 1 when nothing more specific applies
    ├── InputError (ValueError)    3  bad input: a value, a file, a CSV line, a result string
    │   └── UnknownPairingSystemError
    ├── NotFoundError (LookupError)
    │                              4  no such tournament, round, board, player or event
    ├── StateError                 5  the request conflicts with the tournament as it stands
    │   ├── AmbiguousTournamentError   (several tournaments, none chosen)
    │   ├── UndoRefusedError           (undoing would orphan later events)
    │   └── ConflictError              (another writer changed the record first)
    ├── NoValidPairingError        6  the pairing system cannot pair the next round
    ├── PermissionDenied           8  the account's roles do not allow the command
    ├── ServerUnreachableError     9  another skak's server did not answer (skak report --send)
    └── StorageError               7  the database cannot be used: damaged, read-only, refused
        ├── DatabaseBusyError      9  busy or out of reach for now: the one to try again
        ├── MissingDatabaseError  10  no database there
        └── ForeignDatabaseError  11  not a skak database, or written by a newer skak

Only the CLI (and later the web UI) catches them; it prints the message and exits with the
code above (see the README's table). Every error carries the place it refers to: a file and
line, a round and board, a start number. A message made with :func:`skak.messages.N_` is
English text that remembers its template and parameters, so a face can say it in Danish
(:func:`skak.faces.i18n.error_text`); the core itself never translates.
"""

from __future__ import annotations

from collections.abc import Sequence

from skak.messages import N_

__all__ = [
    "AmbiguousTournamentError",
    "ConflictError",
    "DatabaseBusyError",
    "ForeignDatabaseError",
    "InputError",
    "MissingDatabaseError",
    "NoValidPairingError",
    "NotFoundError",
    "PairingBreachError",
    "PermissionDenied",
    "ServerUnreachableError",
    "SkakError",
    "StateError",
    "StorageError",
    "UndoRefusedError",
    "UnknownPairingSystemError",
]


class SkakError(Exception):
    """Root of every error skak raises on purpose."""

    exit_code: int = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InputError(SkakError, ValueError):
    """Bad input: a value that cannot be what it claims to be.

    ``location`` names where the value came from (``"players.csv line 4"``), and ``problems``
    lists every problem found when one input held several (a CSV import reports all bad lines).
    """

    exit_code = 3

    def __init__(
        self,
        message: str,
        *,
        location: str | None = None,
        problems: Sequence[str] = (),
    ) -> None:
        full = (
            N_("{location}: {message}", location=location, message=message) if location else message
        )
        super().__init__(full)
        self.location = location
        self.problems = tuple(problems)

    def __str__(self) -> str:
        if not self.problems:
            return self.message
        return "\n".join([self.message, *(f"  {p}" for p in self.problems)])


class UnknownPairingSystemError(InputError):
    """A pairing system name that is not in the registry."""


class NotFoundError(SkakError, LookupError):
    """A tournament, round, board, player or event that does not exist."""

    exit_code = 4


class StateError(SkakError):
    """The request conflicts with the tournament as it stands (e.g. results still missing)."""

    exit_code = 5


class AmbiguousTournamentError(StateError):
    """The database holds several records of a kind (tournaments, seasons, cups, groups)
    and none was named, or a name fits several."""

    def __init__(self, message: str, candidates: Sequence[str]) -> None:
        super().__init__(message)
        self.candidates = tuple(candidates)

    def __str__(self) -> str:
        return "\n".join([self.message, *(f"  {c}" for c in self.candidates)])


class UndoRefusedError(StateError):
    """Undoing an event would leave later events without the state they were made on."""


class ConflictError(StateError):
    """Another writer changed the record since it was read (an optimistic-concurrency
    conflict): nothing was written; read it again and retry."""


class PairingBreachError(StateError):
    """An edited round breaks an absolute criterion of its pairing system (a rematch, the
    colour limits, a second bye) and the arbiter has not confirmed it: nothing was written.
    ``breaches`` names each, with its rule."""

    def __init__(self, message: str, breaches: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.breaches = tuple(breaches)


class PermissionDenied(SkakError):
    """The actor's roles do not allow the command (a server's accounts, ``skak user``);
    nothing was written."""

    exit_code = 8


class ServerUnreachableError(SkakError):
    """Another skak's server (the registrar's, ``skak report --send``) did not answer, or
    answered that it is busy: nothing was received there; try again. ``location`` is its
    address."""

    exit_code = 9

    def __init__(self, message: str, *, location: str) -> None:
        super().__init__(message)
        self.location = location


class NoValidPairingError(SkakError):
    """The pairing system found no legal pairing for the next round.

    ``players`` names the start numbers that could not be paired, where the system knows them.
    """

    exit_code = 6

    def __init__(self, message: str, players: Sequence[int] = ()) -> None:
        super().__init__(message)
        self.players = tuple(players)


class StorageError(SkakError):
    """The database cannot be used: damaged, read-only, its driver missing, or a change it
    refused. Retrying does not help (a :class:`DatabaseBusyError` is the one that may).

    ``detail`` keeps the database driver's own words, which a face shows only when asked
    (``skak --verbose``): the message says the cause in plain words.
    """

    exit_code = 7

    def __init__(self, message: str, *, detail: str | None = None) -> None:
        super().__init__(message)
        self.detail = detail


class DatabaseBusyError(StorageError):
    """The database is busy (another command holds the lock) or out of reach for now (its
    server is restarting, the connection dropped): nothing was written, and the same command
    may succeed when tried again. A command waits for it for ``--wait`` seconds first.

    ``location`` names the database; ``locked`` says whether another command holds its
    lock (else its server is out of reach).
    """

    exit_code = 9

    def __init__(
        self, message: str, *, location: str, locked: bool, detail: str | None = None
    ) -> None:
        super().__init__(message, detail=detail)
        self.location = location
        self.locked = locked


class MissingDatabaseError(StorageError):
    """There is no database where one was named (no SQLite file, no such database on the
    server, or an empty one for a command that only reads)."""

    exit_code = 10


class ForeignDatabaseError(StorageError):
    """The database is not a skak database (another program's tables), or was written by a
    newer skak whose schema this one does not know."""

    exit_code = 11
