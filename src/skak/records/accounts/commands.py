"""The arbiters' accounts (``skak user``): who may log in to the web's arbiter screens.

One record of its own kind, ``arbiter-accounts``, like the rating registry: its events say
which arbiter was added, had the password changed, or was removed, by whom and when (the
history of who may change the tournaments is itself kept). An event carries the password's
hash only, never the password: hashing (argon2) happens at the edge, in :mod:`skak.api`,
so these rules stay pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from skak.errors import InputError, NotFoundError, StateError
from skak.records.accounts.events import (
    NAME_LENGTH,
    AccountEvent,
    ArbiterAdded,
    ArbiterRemoved,
    PasswordChanged,
)
from skak.records.accounts.evolve import Accounts

__all__ = [
    "AddArbiter",
    "ChangePassword",
    "RemoveArbiter",
    "check_name",
    "decide",
]


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
