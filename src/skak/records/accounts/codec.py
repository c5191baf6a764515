"""The accounts' events to JSON and back, written by hand (the stored shape skak has always
written: the name, the hash, the kind under ``"type"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skak.errors import StorageError
from skak.records.accounts.events import AccountEvent, ArbiterAdded, ArbiterRemoved, PasswordChanged


def dump_event(event: AccountEvent) -> dict[str, Any]:
    payload: dict[str, Any] = {"type": event.kind, "name": event.name}
    if not isinstance(event, ArbiterRemoved):
        payload["password_hash"] = event.password_hash
    return payload


def load_event(payload: Mapping[str, Any]) -> AccountEvent:
    """:raises StorageError: for a payload that is no account event (a damaged database)."""
    kind, name = payload.get("type"), payload.get("name")
    secret = payload.get("password_hash")
    if isinstance(name, str):
        if kind == "arbiter_removed":
            return ArbiterRemoved(name)
        if isinstance(secret, str) and kind == "arbiter_added":
            return ArbiterAdded(name, secret)
        if isinstance(secret, str) and kind == "password_changed":
            return PasswordChanged(name, secret)
    raise StorageError(f"an arbiter account's event cannot be read: {kind!r}")
