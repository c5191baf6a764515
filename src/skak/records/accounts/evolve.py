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
    TokenIssued,
    TokenRevoked,
)
from skak.records.accounts.roles import Grant, Role


@dataclass(frozen=True, slots=True)
class Accounts:
    """The accounts that may log in, each with the hash of the password, and their roles
    (each account's in the order granted); the API tokens by their digest, each with its
    account and label."""

    hashes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    roles: Mapping[str, tuple[Grant, ...]] = field(default_factory=lambda: MappingProxyType({}))
    tokens: Mapping[str, tuple[str, str]] = field(default_factory=lambda: MappingProxyType({}))

    def labels(self, name: str) -> tuple[str, ...]:
        """The labels of ``name``'s tokens, sorted."""
        return tuple(sorted(label for owner, label in self.tokens.values() if owner == name))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.hashes, key=str.casefold))

    def __contains__(self, name: object) -> bool:
        return name in self.hashes


def evolve(state: Accounts | None, event: AccountEvent) -> Accounts:
    """The accounts after ``event`` (``None``: none yet)."""
    hashes = dict(state.hashes) if state is not None else {}
    roles = dict(state.roles) if state is not None else {}
    tokens = dict(state.tokens) if state is not None else {}
    if isinstance(event, ArbiterRemoved | TokenIssued | TokenRevoked):
        label = None if isinstance(event, ArbiterRemoved) else event.label
        tokens = {
            digest: (owner, held)
            for digest, (owner, held) in tokens.items()
            if owner != event.name or (label is not None and held != label)
        }
    if isinstance(event, TokenIssued):
        tokens[event.token_hash] = (event.name, event.label)
    elif isinstance(event, ArbiterRemoved):
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
    return Accounts(MappingProxyType(hashes), MappingProxyType(roles), MappingProxyType(tokens))


def fold(events: Sequence[Recorded[AccountEvent]], start: Accounts | None = None) -> Accounts:
    state = start or Accounts()
    for r in events:
        state = evolve(state, r.event)
    return state
