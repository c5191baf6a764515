"""What a command touches, for the check of the actor's roles: :class:`Access`, a plain value
every record kind makes (:mod:`skak.records.base`) and the accounts' rule reads
(:mod:`skak.records.accounts.roles`), pure."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Access"]


@dataclass(frozen=True, slots=True)
class Access:
    """What a command touches, for the check of the actor's roles (each kind says it; the
    rule is the accounts', :mod:`skak.records.accounts.roles`): the role the kind asks for
    (``arbiter``, ``leader``, ``registrar``, ``correspondence``, ``admin``), the record
    (``None`` when one is created, or for a kind of one record) and its name, and the
    clubs whose captains may do it (a line-up, a result card), the league groups it touches."""

    role: str
    record: int | None = None
    label: str = ""
    clubs: frozenset[str] = frozenset()
    #: The league groups (``DIVISION/GROUP``) a command on a season touches (empty: the
    #: whole season), for a leader of one group.
    groups: frozenset[str] = frozenset()
    #: Other roles that may do it too, whatever record their grant is on (the discipline
    #: register: the registrar's, and every league leader's, 5.1 §10 d).
    also: frozenset[str] = frozenset()
    #: Who created the record (filled in by the database, which knows).
    creator: str | None = None
