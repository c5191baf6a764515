"""The arbiters' accounts' events: an arbiter added, a password changed, an arbiter removed.
An event carries the password's hash only, never the password."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

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
