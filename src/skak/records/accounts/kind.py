"""The arbiters' accounts: one small stream, no snapshots, never undone.

The store's binding of the kind: its codec and its ``evolve`` module, imported when such a
record is first read or written (a command on another record never imports them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.store.streams import EventCodec, EventFold, SmallKind

if TYPE_CHECKING:
    from skak.records.accounts.events import AccountEvent
    from skak.records.accounts.evolve import Accounts

__all__ = ["ACCOUNTS"]


def _codec() -> EventCodec[AccountEvent]:
    from skak.records.accounts import codec

    return codec


def _rules() -> EventFold[Accounts, AccountEvent]:
    from skak.records.accounts import evolve

    return evolve


ACCOUNTS: SmallKind[Accounts, AccountEvent] = SmallKind("arbiter-accounts", _codec, _rules)
