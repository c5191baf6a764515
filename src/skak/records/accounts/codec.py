"""The accounts' events to JSON and back, written by hand (the stored shape skak has always
written: the name, the hash, the kind under ``"type"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skak.errors import StorageError
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


def dump_event(event: AccountEvent) -> dict[str, Any]:
    payload: dict[str, Any] = {"type": event.kind, "name": event.name}
    if isinstance(event, ArbiterAdded | PasswordChanged):
        payload["password_hash"] = event.password_hash
    if isinstance(event, ArbiterAdded) and event.roles is not None:
        payload["roles"] = [_dump_grant(g) for g in event.roles]
    if isinstance(event, RoleGranted | RoleRevoked):
        payload["grant"] = _dump_grant(event.grant)
    if isinstance(event, TokenIssued | TokenRevoked):
        payload["label"] = event.label
    if isinstance(event, TokenIssued):
        payload["token_hash"] = event.token_hash
    return payload


def load_event(payload: Mapping[str, Any]) -> AccountEvent:
    """:raises StorageError: for a payload that is no account event (a damaged database)."""
    kind, name = payload.get("type"), payload.get("name")
    secret = payload.get("password_hash")
    try:
        if isinstance(name, str):
            if kind == "arbiter_removed":
                return ArbiterRemoved(name)
            if isinstance(secret, str) and kind == "arbiter_added":
                roles = payload.get("roles")
                grants = None if roles is None else tuple(_load_grant(g) for g in roles)
                return ArbiterAdded(name, secret, grants)
            if isinstance(secret, str) and kind == "password_changed":
                return PasswordChanged(name, secret)
            if kind == "role_granted":
                return RoleGranted(name, _load_grant(payload["grant"]))
            if kind == "role_revoked":
                return RoleRevoked(name, _load_grant(payload["grant"]))
            label, digest = payload.get("label"), payload.get("token_hash")
            if isinstance(label, str) and kind == "token_revoked":
                return TokenRevoked(name, label)
            if isinstance(label, str) and isinstance(digest, str) and kind == "token_issued":
                return TokenIssued(name, label, digest)
    except (KeyError, TypeError, ValueError):
        pass
    raise StorageError(f"an arbiter account's event cannot be read: {kind!r}")


def _dump_grant(grant: Grant) -> dict[str, Any]:
    payload: dict[str, Any] = {"role": grant.role.value}
    if grant.record is not None:
        payload["record"] = grant.record
    if grant.club is not None:
        payload["club"] = grant.club
    if grant.group is not None:
        payload["group"] = grant.group
    return payload


def _load_grant(payload: Mapping[str, Any]) -> Grant:
    record, club, group = payload.get("record"), payload.get("club"), payload.get("group")
    if not (record is None or isinstance(record, int)) or not all(
        x is None or isinstance(x, str) for x in (club, group)
    ):
        raise ValueError(payload)
    return Grant(Role(payload["role"]), record, club, group)
