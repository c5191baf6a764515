"""The accounts as ``skak user list`` shows them: each name with its roles in words."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AccountLine"]


@dataclass(frozen=True, slots=True)
class AccountLine:
    """One account: its name and its roles (``admin``, ``arbiter #3``, ``club (Skovlunde)``)."""

    name: str
    roles: tuple[str, ...]
