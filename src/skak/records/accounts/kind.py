"""The arbiters' accounts's binding to the event store (:class:`AccountsKind`).

Its rules, codec and fold are imported when such a record is first read or written, so a
command on a tournament never imports them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skak.model.stream import Recorded
from skak.store.streams import EventByEvent

if TYPE_CHECKING:
    from skak.records.accounts.events import AccountEvent
    from skak.records.accounts.evolve import Accounts

__all__ = ["ACCOUNTS", "AccountsKind"]


@dataclass(frozen=True)
class AccountsKind(EventByEvent):
    """The arbiters' accounts: one small stream, no snapshots, never undone."""

    name: str = "arbiter-accounts"
    snapshot_every: int = 0
    snapshot_format: int = 1

    def dump_event(self, event: AccountEvent) -> dict[str, Any]:
        from skak.records.accounts.codec import dump_event

        return dump_event(event)

    def load_event(self, payload: dict[str, Any]) -> AccountEvent:
        from skak.records.accounts.codec import load_event

        return load_event(payload)

    def fold(
        self, events: Sequence[Recorded[AccountEvent]], start: Accounts | None
    ) -> Accounts | None:
        from skak.records.accounts.evolve import fold

        return fold(events, start)

    def evolve(
        self,
        state: Accounts | None,
        event: AccountEvent,
        log: Sequence[Recorded[AccountEvent]] | None,
    ) -> Accounts:
        from skak.records.accounts.evolve import evolve

        return evolve(state, event)

    def needs_log(self, event: AccountEvent) -> bool:
        return False

    def dump_state(self, state: Accounts) -> dict[str, Any]:  # pragma: no cover - no snapshots
        raise NotImplementedError

    def load_state(self, payload: dict[str, Any]) -> Accounts:  # pragma: no cover
        raise NotImplementedError

    def snapshot_usable(self, version: int, tail: Sequence[Recorded[AccountEvent]]) -> bool:
        return False


ACCOUNTS = AccountsKind()
