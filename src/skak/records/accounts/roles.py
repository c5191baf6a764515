"""Who may do what: an account's roles, each on a record, and the one rule that decides
whether an account may carry out a command (:func:`refusal`), pure.

The roles, as the rulebook's people are:

* ``admin`` — may do everything (the accounts made before roles existed are admins);
* ``arbiter`` — without a record: may create tournaments, and is the arbiter of those he
  created; on a record (``--record ID``): the arbiter of that tournament (an invited one);
* ``leader`` — the same for league seasons and cups (the league leader, the cup's leader);
  on a season, ``--group 'DIVISION/GROUP'`` limits it to one group (a group's leader: the
  commands on that group's teams and matches, not the season's teams or lists);
* ``club`` — a club's captain (``--club NAME``): acts for that club's teams in the leagues
  and cups (their line-ups and results), nothing else;
* ``registrar`` — the rating registry and the discipline register;
* ``correspondence`` — the correspondence leader: creates groups and leads those he created
  or (``--record ID``) the one named.

A command says what it touches as an :class:`skak.records.access.Access`: the role its kind
asks for, the record (``None`` when one is created, or the kind keeps one record), who
created it, and the clubs whose captains may do it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.messages import N_, Message

if TYPE_CHECKING:
    from skak.records.access import Access
    from skak.records.accounts.evolve import Accounts

__all__ = ["ROLE_WORDS", "Grant", "Role", "group_key", "refusal"]


class Role(StrEnum):
    ADMIN = "admin"
    ARBITER = "arbiter"
    LEADER = "leader"
    CLUB = "club"
    REGISTRAR = "registrar"
    CORRESPONDENCE = "correspondence"


#: The words a user may type for a role, Danish too.
ROLE_WORDS: dict[str, Role] = {
    **{r.value: r for r in Role},
    "administrator": Role.ADMIN,
    "dommer": Role.ARBITER,
    "turneringsleder": Role.LEADER,
    "holdturneringsleder": Role.LEADER,
    "klub": Role.CLUB,
    "holdleder": Role.CLUB,
    "captain": Role.CLUB,
    "ratingansvarlig": Role.REGISTRAR,
    "korrespondance": Role.CORRESPONDENCE,
    "corr": Role.CORRESPONDENCE,
}

#: The roles that may be limited to one record, and the one that needs a club.
_ON_A_RECORD = frozenset({Role.ARBITER, Role.LEADER, Role.CORRESPONDENCE})


@dataclass(frozen=True, slots=True, order=True)
class Grant:
    """One role of an account: on one record (``record``, its id), for one club (``club``,
    the ``club`` role's), or on the whole database (neither); a leader's on one group of a
    league season (``group``: ``DIVISION/GROUP``, e.g. ``2. division/3``)."""

    role: Role
    record: int | None = None
    club: str | None = None
    group: str | None = None

    @classmethod
    def parse(
        cls,
        role: str,
        *,
        record: int | None = None,
        club: str | None = None,
        group: str | None = None,
    ) -> Grant:
        """A role as typed (``arbiter``, ``club``; Danish words too), checked.

        :raises InputError: for an unknown role, a club role without its club, a club or
            record on a role that takes none.
        """
        found = ROLE_WORDS.get(role.strip().casefold())
        if found is None:
            raise InputError(
                N_(
                    "unknown role {role}; the roles are: {roles}",
                    role=repr(role),
                    roles=", ".join(r.value for r in Role),
                )
            )
        name = club.strip() if club is not None else None
        if found is Role.CLUB and not name:
            raise InputError(N_("a club role names its club: --club NAME"))
        if found is not Role.CLUB and name:
            raise InputError(N_("only the club role takes --club, not {role}", role=found.value))
        if record is not None and found not in _ON_A_RECORD:
            raise InputError(
                N_("the {role} role is on the whole database and takes no --record", role=found)
            )
        if record is not None and record < 1:
            raise InputError(N_("a record's id is a whole number from 1, not {id}", id=record))
        where = group_key(group) if group is not None else None
        if where is not None and (found is not Role.LEADER or record is None):
            raise InputError(
                N_("only a leader's role on a league season (--record ID) takes --group")
            )
        return cls(found, record, name, where)

    def __str__(self) -> str:
        if self.club is not None:
            return f"{self.role.value} ({self.club})"
        if self.record is not None and self.group is not None:
            return f"{self.role.value} #{self.record} ({self.group})"
        if self.record is not None:
            return f"{self.role.value} #{self.record}"
        return self.role.value


def group_key(text: str) -> str:
    """A league group as a grant names it, ``DIVISION/GROUP`` (``2. division/3``), tidied.

    :raises InputError: for a text without a division and a group number.
    """
    division, sep, number = text.rpartition("/")
    if not sep or not division.strip() or not number.strip().isdigit():
        raise InputError(
            N_(
                "--group {group}: write DIVISION/GROUP, e.g. '2. division/3'",
                group=repr(text),
            )
        )
    return f"{division.strip()}/{int(number)}"


def refusal(accounts: Accounts, actor: str, access: Access) -> Message | None:
    """Why ``actor`` may not do what ``access`` describes; ``None`` when he may."""
    grants = accounts.roles.get(actor)
    if grants is None:
        return N_("{actor} has no account here; log in with an account", actor=actor)
    if allows(grants, actor, access):
        return None
    held = ", ".join(str(g) for g in grants) or N_("none")
    if access.record is None:
        return N_(
            "{actor} may not do this: it takes the {role} role (the roles of {actor}: {held})",
            actor=actor,
            role=access.role,
            held=held,
        )
    return N_(
        "{actor} may not change {record}: it takes the {role} role on it (the roles of "
        "{actor}: {held})",
        actor=actor,
        record=access.label,
        role=access.role,
        held=held,
    )


def allows(grants: Iterable[Grant], actor: str, access: Access) -> bool:
    """Whether any of ``grants`` lets ``actor`` do what ``access`` describes."""
    clubs = {c.casefold() for c in access.clubs}
    for g in grants:
        if g.role is Role.ADMIN:
            return True
        if g.role is Role.CLUB:
            if g.club is not None and g.club.casefold() in clubs:
                return True
            continue
        if g.role.value in access.also:
            return True
        if g.role.value != access.role:
            continue
        if g.record is None and (access.record is None or access.creator == actor):
            return True
        if g.record is not None and g.record == access.record:
            if g.group is None:
                return True
            # a group's leader: a command on his group's teams and matches only
            if access.groups and {x.casefold() for x in access.groups} <= {g.group.casefold()}:
                return True
    return False
