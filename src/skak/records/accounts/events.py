"""The accounts' events: an account added (with its roles), a password changed, a role
granted or revoked, an API token issued or revoked, an account removed. An event carries the
password's hash and the token's digest only, never the password or the token."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from skak.records.accounts.roles import Grant

#: The longest arbiter's name: the history's actor column, where the name is recorded.
NAME_LENGTH = 100


@dataclass(frozen=True, slots=True)
class ArbiterAdded:
    """An account added. ``roles`` ``None``: an account made before roles existed, which is
    an admin (it could change everything then)."""

    name: str
    password_hash: str = field(repr=False)
    roles: tuple[Grant, ...] | None = None
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


@dataclass(frozen=True, slots=True)
class RoleGranted:
    name: str
    grant: Grant
    kind: Literal["role_granted"] = "role_granted"


@dataclass(frozen=True, slots=True)
class RoleRevoked:
    name: str
    grant: Grant
    kind: Literal["role_revoked"] = "role_revoked"


@dataclass(frozen=True, slots=True)
class TokenIssued:
    """An API token for the account (``skak user token``), under a label of its own; the
    event carries the token's SHA-256 digest only. A token issued under a label the account
    has already replaces that one."""

    name: str
    label: str
    token_hash: str = field(repr=False)
    kind: Literal["token_issued"] = "token_issued"


@dataclass(frozen=True, slots=True)
class TokenRevoked:
    name: str
    label: str
    kind: Literal["token_revoked"] = "token_revoked"


AccountEvent = (
    ArbiterAdded
    | PasswordChanged
    | ArbiterRemoved
    | RoleGranted
    | RoleRevoked
    | TokenIssued
    | TokenRevoked
)
