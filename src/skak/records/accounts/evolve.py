"""The arbiters' accounts built from their events: :class:`Accounts`, :func:`evolve` and
:func:`fold`, pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from skak.model.stream import Recorded
from skak.records.accounts.events import AccountEvent, ArbiterRemoved


@dataclass(frozen=True, slots=True)
class Accounts:
    """The arbiters who may log in, each with the hash of the password."""

    hashes: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(sorted(self.hashes, key=str.casefold))

    def __contains__(self, name: object) -> bool:
        return name in self.hashes


def evolve(state: Accounts | None, event: AccountEvent) -> Accounts:
    """The accounts after ``event`` (``None``: none yet)."""
    hashes = dict(state.hashes) if state is not None else {}
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
