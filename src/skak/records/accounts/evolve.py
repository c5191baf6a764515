"""The arbiters' accounts built from their events: :class:`Accounts`, :func:`evolve` and
:func:`fold`, pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from skak.model.stream import Recorded
from skak.records.accounts.events import (
    AccountEvent,
    ArbiterAdded,
    ArbiterRemoved,
    PasswordChanged,
    RoleGranted,
    RoleRevoked,
)
from skak.records.accounts.roles import Grant, Role


@dataclass(frozen=True, slots=True)
class Accounts:
    """The accounts that may log in, each with the hash of the password, and their roles
    (each account's in the order granted)."""

    hashes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    roles: Mapping[str, tuple[Grant, ...]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.hashes, key=str.casefold))

    def __contains__(self, name: object) -> bool:
        return name in self.hashes


def evolve(state: Accounts | None, event: AccountEvent) -> Accounts:
    """The accounts after ``event`` (``None``: none yet)."""
    hashes = dict(state.hashes) if state is not None else {}
    roles = dict(state.roles) if state is not None else {}
    if isinstance(event, ArbiterRemoved):
        hashes.pop(event.name, None)
        roles.pop(event.name, None)
    elif isinstance(event, ArbiterAdded):
        hashes[event.name] = event.password_hash
        roles[event.name] = (Grant(Role.ADMIN),) if event.roles is None else event.roles
    elif isinstance(event, PasswordChanged):
        hashes[event.name] = event.password_hash
    elif isinstance(event, RoleGranted):
        roles[event.name] = (*roles.get(event.name, ()), event.grant)
    elif isinstance(event, RoleRevoked):
        roles[event.name] = tuple(g for g in roles.get(event.name, ()) if g != event.grant)
    return Accounts(MappingProxyType(hashes), MappingProxyType(roles))


def fold(events: Sequence[Recorded[AccountEvent]], start: Accounts | None = None) -> Accounts:
    state = start or Accounts()
    for r in events:
        state = evolve(state, r.event)
    return state
