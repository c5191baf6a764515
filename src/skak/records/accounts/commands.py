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
from skak.messages import N_
from skak.records.accounts.events import (
    NAME_LENGTH,
    AccountEvent,
    ArbiterAdded,
    ArbiterRemoved,
    PasswordChanged,
    RoleGranted,
    RoleRevoked,
)
from skak.records.accounts.evolve import Accounts
from skak.records.accounts.roles import Grant

__all__ = [
    "AddArbiter",
    "ChangePassword",
    "GrantRole",
    "RemoveArbiter",
    "RevokeRole",
    "check_name",
    "decide",
]


@dataclass(frozen=True, slots=True)
class AddArbiter:
    """An account with its roles (one at least)."""

    name: str
    password_hash: str = field(repr=False)
    roles: tuple[Grant, ...]


@dataclass(frozen=True, slots=True)
class ChangePassword:
    name: str
    password_hash: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class RemoveArbiter:
    name: str


@dataclass(frozen=True, slots=True)
class GrantRole:
    name: str
    grant: Grant


@dataclass(frozen=True, slots=True)
class RevokeRole:
    name: str
    grant: Grant


AccountCommand = AddArbiter | ChangePassword | RemoveArbiter | GrantRole | RevokeRole


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
        if not command.roles:
            raise InputError(N_("an account has a role at least: give --role"))
        return [ArbiterAdded(name, command.password_hash, tuple(dict.fromkeys(command.roles)))]
    if name not in state:
        known = ", ".join(state.names) or "none"
        raise NotFoundError(f"no arbiter account {name!r}; the accounts are: {known}")
    if isinstance(command, ChangePassword):
        return [PasswordChanged(name, command.password_hash)]
    held = state.roles.get(name, ())
    if isinstance(command, GrantRole):
        return [] if command.grant in held else [RoleGranted(name, command.grant)]
    if isinstance(command, RevokeRole):
        if command.grant not in held:
            raise NotFoundError(
                N_(
                    "{name} has no role {role}; the roles of {name}: {held}",
                    name=name,
                    role=str(command.grant),
                    held=", ".join(str(g) for g in held) or N_("none"),
                )
            )
        return [RoleRevoked(name, command.grant)]
    return [ArbiterRemoved(name)]
