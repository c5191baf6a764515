"""The arbiters' accounts (``skak user``): who may log in to the web's arbiter screens.

One record of its own kind, ``arbiter-accounts``, like the rating registry: its events say
which arbiter was added, had the password changed, or was removed, by whom and when (the
history of who may change the tournaments is itself kept). An event carries the password's
hash only, never the password: hashing (argon2) happens at the edge, in :mod:`skak.api`,
so these rules stay pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from skak.errors import InputError, NotFoundError, StateError, StorageError
from skak.model.stream import Recorded

__all__ = [
    "NAME_LENGTH",
    "AccountEvent",
    "Accounts",
    "AddArbiter",
    "ArbiterAdded",
    "ArbiterRemoved",
    "ChangePassword",
    "PasswordChanged",
    "RemoveArbiter",
    "check_name",
    "decide",
    "dump_account_event",
    "evolve",
    "fold",
    "load_account_event",
]

#: The longest arbiter's name: the history's actor column, where the name is recorded.
NAME_LENGTH = 100


@dataclass(frozen=True, slots=True)
class ArbiterAdded:
    name: str
    password_hash: str = field(repr=False)
    kind: Literal["arbiter_added"] = "arbiter_added"


@dataclass(frozen=True, slots=True)
class PasswordChanged:
    name: str
    password_hash: str = field(repr=False)
    kind: Literal["password_changed"] = "password_changed"


@dataclass(frozen=True, slots=True)
class ArbiterRemoved:
    name: str
    kind: Literal["arbiter_removed"] = "arbiter_removed"


AccountEvent = ArbiterAdded | PasswordChanged | ArbiterRemoved


@dataclass(frozen=True, slots=True)
class Accounts:
    """The arbiters who may log in, each with the hash of the password."""

    hashes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.hashes, key=str.casefold))

    def __contains__(self, name: object) -> bool:
        return name in self.hashes


@dataclass(frozen=True, slots=True)
class AddArbiter:
    name: str
    password_hash: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class ChangePassword:
    name: str
    password_hash: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class RemoveArbiter:
    name: str


AccountCommand = AddArbiter | ChangePassword | RemoveArbiter


def check_name(name: str) -> str:
    """An arbiter's name as it will be recorded.

    :raises InputError: for an empty or padded name, or one longer than the history's
        actor column.
    """
    if not name.strip() or name != name.strip() or len(name) > NAME_LENGTH:
        raise InputError(
            f"an arbiter's name has 1–{NAME_LENGTH} characters, without spaces around it: "
            f"{name[:NAME_LENGTH]!r}"
        )
    if any(not c.isprintable() for c in name):
        raise InputError(f"an arbiter's name is plain text on one line: {name!r}")
    return name


def decide(state: Accounts, command: AccountCommand) -> list[AccountEvent]:
    """The events that carry out ``command``.

    :raises StateError: when the arbiter to add exists already.
    :raises NotFoundError: when the arbiter to change or remove does not exist.
    """
    name = check_name(command.name)
    if isinstance(command, AddArbiter):
        if name in state:
            raise StateError(
                f"arbiter {name} already has an account; change the password with "
                f"'skak user password {name}'"
            )
        return [ArbiterAdded(name, command.password_hash)]
    if name not in state:
        known = ", ".join(state.names) or "none"
        raise NotFoundError(f"no arbiter account {name!r}; the accounts are: {known}")
    if isinstance(command, ChangePassword):
        return [PasswordChanged(name, command.password_hash)]
    return [ArbiterRemoved(name)]


def evolve(state: Accounts, event: AccountEvent) -> Accounts:
    hashes = dict(state.hashes)
    if isinstance(event, ArbiterRemoved):
        hashes.pop(event.name, None)
    else:
        hashes[event.name] = event.password_hash
    return Accounts(MappingProxyType(hashes))


def fold(events: Sequence[Recorded[AccountEvent]], start: Accounts | None = None) -> Accounts:
    state = start or Accounts()
    for r in events:
        state = evolve(state, r.event)
    return state


def dump_account_event(event: AccountEvent) -> dict[str, Any]:
    payload: dict[str, Any] = {"type": event.kind, "name": event.name}
    if not isinstance(event, ArbiterRemoved):
        payload["password_hash"] = event.password_hash
    return payload


def load_account_event(payload: Mapping[str, Any]) -> AccountEvent:
    """:raises StorageError: for a payload that is no account event (a damaged database)."""
    kind, name = payload.get("type"), payload.get("name")
    secret = payload.get("password_hash")
    if isinstance(name, str):
        if kind == "arbiter_removed":
            return ArbiterRemoved(name)
        if isinstance(secret, str) and kind == "arbiter_added":
            return ArbiterAdded(name, secret)
        if isinstance(secret, str) and kind == "password_changed":
            return PasswordChanged(name, secret)
    raise StorageError(f"an arbiter account's event cannot be read: {kind!r}")
