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
    TokenIssued,
    TokenRevoked,
)
from skak.records.accounts.evolve import Accounts
from skak.records.accounts.roles import Grant

__all__ = [
    "AddArbiter",
    "ChangePassword",
    "GrantRole",
    "IssueToken",
    "RemoveArbiter",
    "RevokeRole",
    "RevokeToken",
    "check_label",
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


@dataclass(frozen=True, slots=True)
class IssueToken:
    """An API token for ``name`` under ``label`` (its SHA-256 digest only)."""

    name: str
    label: str
    token_hash: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class RevokeToken:
    name: str
    label: str


AccountCommand = (
    AddArbiter | ChangePassword | RemoveArbiter | GrantRole | RevokeRole | IssueToken | RevokeToken
)

#: The longest label of an API token.
LABEL_LENGTH = 40


def check_label(label: str) -> str:
    """A token's label as it will be recorded.

    :raises InputError: for an empty, padded or too long label, or one of several lines.
    """
    if (
        not label.strip()
        or label != label.strip()
        or len(label) > LABEL_LENGTH
        or any(not c.isprintable() for c in label)
    ):
        raise InputError(
            N_(
                "a token's label has 1–{n} characters on one line, without spaces around "
                "it: {label}",
                n=LABEL_LENGTH,
                label=repr(label[:LABEL_LENGTH]),
            )
        )
    return label


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
    if isinstance(command, IssueToken):
        return [TokenIssued(name, check_label(command.label), command.token_hash)]
    if isinstance(command, RevokeToken):
        if command.label not in state.labels(name):
            raise NotFoundError(
                N_(
                    "{name} has no API token {label}; the tokens of {name}: {held}",
                    name=name,
                    label=repr(command.label),
                    held=", ".join(state.labels(name)) or N_("none"),
                )
            )
        return [TokenRevoked(name, command.label)]
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
