"""The arbiters' accounts' part of the library API (``skak user``): add an arbiter with a
password, change it, remove the account, and check a login.

Passwords are hashed here, at the edge, with argon2id (argon2-cffi's ``PasswordHasher``,
its recommended parameters); the record (:mod:`skak.records.accounts.commands`) keeps the hash
only, and a login is checked against it in constant time by argon2 itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.records.accounts.kind import ACCOUNTS
from skak.records.accounts.roles import Grant
from skak.records.base import Register
from skak.store import RecordKind

if TYPE_CHECKING:  # the accounts' rules and argon2 are imported when an account is used
    from argon2 import PasswordHasher

    from skak.model.progress import Progress
    from skak.records.accounts import commands as account_rules
    from skak.records.accounts.events import AccountEvent
    from skak.records.accounts.evolve import Accounts as AccountsState
    from skak.views.accounts import AccountLine

__all__ = [
    "MIN_PASSWORD",
    "TOKEN_PREFIX",
    "Accounts",
    "hash_password",
    "password_matches",
    "token_digest",
]

#: The shortest password an arbiter's account takes.
MIN_PASSWORD = 8
#: The longest (argon2 takes any length; a bound keeps a request from costing much).
MAX_PASSWORD = 1000


#: How an API token begins (a token is this and 43 random URL-safe characters).
TOKEN_PREFIX = "skak_"


def token_digest(token: str) -> str:
    """The SHA-256 digest the record keeps of an API token: a token has 256 random bits, so
    a fast digest is as safe as a slow password hash and lets a request be checked at once."""
    import hashlib

    return hashlib.sha256(token.encode()).hexdigest()


def _hasher(hasher: PasswordHasher | None) -> PasswordHasher:
    if hasher is not None:
        return hasher
    from argon2 import PasswordHasher

    return PasswordHasher()


def hash_password(password: str, *, hasher: PasswordHasher | None = None) -> str:
    """``password`` as argon2id hashes it, salt and parameters included.

    :raises InputError: for a password shorter than :data:`MIN_PASSWORD` characters.
    """
    if len(password) < MIN_PASSWORD or len(password) > MAX_PASSWORD:
        raise InputError(
            f"a password has {MIN_PASSWORD}–{MAX_PASSWORD} characters, not {len(password)}"
        )
    return _hasher(hasher).hash(password)


def password_matches(password_hash: str, password: str) -> bool:
    """Whether ``password`` is the one ``password_hash`` was made of (argon2's own
    verification, in constant time)."""
    from argon2 import PasswordHasher
    from argon2.exceptions import InvalidHashError, VerificationError

    if len(password) > MAX_PASSWORD:
        return False
    try:
        return PasswordHasher().verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


#: A hash no password matches, checked for an unknown name so that the answer's time does
#: not tell which names have accounts (made on first use).
_dummy: list[str] = []


def _dummy_hash() -> str:
    if not _dummy:
        _dummy.append(_hasher(None).hash("no account has this password"))
    return _dummy[0]


class Accounts(Register["AccountsState", "AccountEvent", "account_rules.AccountCommand"]):
    """The arbiters' accounts (``skak.accounts``): one record a database."""

    role = "admin"

    record_name = "arbiters"

    def _kind(self, progress: Progress | None = None) -> RecordKind[AccountsState, AccountEvent]:
        return ACCOUNTS

    def _empty(self) -> AccountsState:
        from skak.records.accounts.evolve import Accounts as AccountsState

        return AccountsState()

    def _decide(
        self, state: AccountsState, command: account_rules.AccountCommand
    ) -> Sequence[AccountEvent]:
        from skak.records.accounts import commands as account_rules

        return account_rules.decide(state, command)

    def add(
        self,
        name: str,
        password: str,
        *,
        roles: Sequence[Grant | str] = ("admin",),
        hasher: PasswordHasher | None = None,
        actor: str | None = None,
    ) -> None:
        """Give ``name`` an account with ``password`` (kept hashed only) and ``roles``
        (:class:`~skak.records.accounts.roles.Grant` values, or role words for the roles on
        the whole database; an admin by default, as every account was before roles).

        :raises InputError: for a bad name, a role unknown, or too short a password.
        :raises StateError: when ``name`` has an account already.
        """
        from skak.records.accounts import commands as account_rules
        from skak.records.accounts.commands import check_name

        check_name(name)
        grants = tuple(g if isinstance(g, Grant) else Grant.parse(g) for g in roles)
        secret = hash_password(password, hasher=hasher)
        self.change(account_rules.AddArbiter(name, secret, grants), actor=actor)

    def grant(
        self,
        name: str,
        role: str,
        *,
        record: int | None = None,
        club: str | None = None,
        group: str | None = None,
        actor: str | None = None,
    ) -> Grant:
        """Give ``name`` the role ``role`` (on ``record``, or for ``club``: the club role's;
        a leader's on one ``group`` of a season); a role held already is no change.

        :raises InputError: for a role unknown, or a record or club it does not take.
        :raises NotFoundError: without such an account.
        """
        from skak.records.accounts import commands as account_rules

        grant = Grant.parse(role, record=record, club=club, group=group)
        self.change(account_rules.GrantRole(name, grant), actor=actor)
        return grant

    def revoke(
        self,
        name: str,
        role: str,
        *,
        record: int | None = None,
        club: str | None = None,
        group: str | None = None,
        actor: str | None = None,
    ) -> Grant:
        """Take the role back. :raises NotFoundError: when ``name`` does not hold it."""
        from skak.records.accounts import commands as account_rules

        grant = Grant.parse(role, record=record, club=club, group=group)
        self.change(account_rules.RevokeRole(name, grant), actor=actor)
        return grant

    def clubs_of(self, name: str) -> tuple[str, ...]:
        """The clubs ``name`` is the captain of (his ``club`` roles; none without an
        account)."""
        from skak.records.accounts.roles import Role

        return tuple(
            g.club for g in self.get().roles.get(name, ()) if g.role is Role.CLUB and g.club
        )

    def lines(self) -> tuple[AccountLine, ...]:
        """Every account with its roles in words, by name."""
        from skak.views.accounts import AccountLine

        state = self.get()
        return tuple(
            AccountLine(n, tuple(str(g) for g in state.roles.get(n, ()))) for n in state.names
        )

    def set_password(
        self,
        name: str,
        password: str,
        *,
        hasher: PasswordHasher | None = None,
        actor: str | None = None,
    ) -> None:
        """Change ``name``'s password. :raises NotFoundError: without such an account."""
        from skak.records.accounts import commands as account_rules
        from skak.records.accounts.commands import check_name

        check_name(name)
        secret = hash_password(password, hasher=hasher)
        self.change(account_rules.ChangePassword(name, secret), actor=actor)

    def remove(self, name: str, *, actor: str | None = None) -> None:
        """Close ``name``'s account: a session of it ends at its next request.

        :raises NotFoundError: without such an account."""
        from skak.records.accounts import commands as account_rules

        self.change(account_rules.RemoveArbiter(name), actor=actor)

    def issue_token(self, name: str, label: str = "default", *, actor: str | None = None) -> str:
        """A new API token for ``name`` under ``label`` (a token the account had under that
        label stops working). The token is returned once and kept as its SHA-256 digest
        only: lost, it is issued anew.

        :raises InputError: for a bad label. :raises NotFoundError: without such an account.
        """
        import secrets

        from skak.records.accounts import commands as account_rules

        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        self.change(account_rules.IssueToken(name, label, token_digest(token)), actor=actor)
        return token

    def revoke_token(self, name: str, label: str = "default", *, actor: str | None = None) -> None:
        """Stop ``name``'s token ``label`` working.

        :raises NotFoundError: without such an account or token."""
        from skak.records.accounts import commands as account_rules

        self.change(account_rules.RevokeToken(name, label), actor=actor)

    def tokens(self, name: str) -> tuple[str, ...]:
        """The labels of ``name``'s API tokens (none without an account)."""
        return self.get().labels(name)

    def token_owner(self, token: str) -> str | None:
        """The account an API token belongs to (``None``: no such token, or revoked)."""
        if not token.startswith(TOKEN_PREFIX) or len(token) > 200:
            return None
        held = self.get().tokens.get(token_digest(token))
        return None if held is None else held[0]

    def verify(self, name: str, password: str) -> bool:
        """Whether ``name`` has an account and ``password`` is its password; an unknown
        name costs as much time as a known one."""
        known = self.get().hashes.get(name)
        if known is None:
            password_matches(_dummy_hash(), password)
            return False
        return password_matches(known, password)
