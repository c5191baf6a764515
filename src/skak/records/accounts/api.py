"""The arbiters' accounts' part of the library API (``skak user``): add an arbiter with a
password, change it, remove the account, and check a login.

Passwords are hashed here, at the edge, with argon2id (argon2-cffi's ``PasswordHasher``,
its recommended parameters); the record (:mod:`skak.records.accounts.commands`) keeps the hash
only, and a login is checked against it in constant time by argon2 itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.records.accounts.kind import ACCOUNTS
from skak.store import EventStore, StreamRow

if TYPE_CHECKING:  # the accounts' rules and argon2 are imported when an account is used
    from argon2 import PasswordHasher

    from skak.records.accounts import commands as account_rules
    from skak.records.accounts.evolve import Accounts

__all__ = ["MIN_PASSWORD", "AccountCommands", "hash_password", "password_matches"]

#: The shortest password an arbiter's account takes.
MIN_PASSWORD = 8
#: The longest (argon2 takes any length; a bound keeps a request from costing much).
MAX_PASSWORD = 1000


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


class AccountCommands:
    """The accounts' methods of :class:`skak.api.Skak`."""

    store: EventStore
    actor: str

    if TYPE_CHECKING:

        def _who(self, actor: str | None) -> str: ...

    def _accounts_row(self) -> StreamRow | None:
        rows = self.store.streams(ACCOUNTS.name)
        return rows[0] if rows else None

    def accounts(self) -> Accounts:
        """The arbiters' accounts as stored (none before the first ``skak user add``)."""
        from skak.records.accounts.evolve import Accounts

        row = self._accounts_row()
        return Accounts() if row is None else self.store.load(ACCOUNTS, row).state

    def _account_change(
        self, command: account_rules.AccountCommand, actor: str | None
    ) -> tuple[Accounts, Accounts]:
        from skak.records.accounts import commands as account_rules
        from skak.records.accounts.evolve import Accounts

        who = self._who(actor)
        row = self._accounts_row()
        if row is None:
            empty = Accounts()
            new = account_rules.decide(empty, command)
            created = self.store.create_only(ACCOUNTS, "arbiters", new, who)
            if created is not None:
                return empty, created.state
            row = self._accounts_row()  # another command created it meanwhile
            assert row is not None
        before, after, _ = self.store.execute(
            ACCOUNTS, row, lambda loaded: account_rules.decide(loaded.state, command), who
        )
        return before.state, after.state

    def add_arbiter(
        self,
        name: str,
        password: str,
        *,
        hasher: PasswordHasher | None = None,
        actor: str | None = None,
    ) -> None:
        """Give ``name`` an account with ``password`` (kept hashed only).

        :raises InputError: for a bad name or too short a password.
        :raises StateError: when ``name`` has an account already.
        """
        from skak.records.accounts import commands as account_rules
        from skak.records.accounts.commands import check_name

        check_name(name)
        secret = hash_password(password, hasher=hasher)
        self._account_change(account_rules.AddArbiter(name, secret), actor)

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
        self._account_change(account_rules.ChangePassword(name, secret), actor)

    def remove_arbiter(self, name: str, *, actor: str | None = None) -> None:
        """Close ``name``'s account: a session of it ends at its next request.

        :raises NotFoundError: without such an account."""
        from skak.records.accounts import commands as account_rules

        self._account_change(account_rules.RemoveArbiter(name), actor)

    def verify_arbiter(self, name: str, password: str) -> bool:
        """Whether ``name`` has an account and ``password`` is its password; an unknown
        name costs as much time as a known one."""
        known = self.accounts().hashes.get(name)
        if known is None:
            password_matches(_dummy_hash(), password)
            return False
        return password_matches(known, password)
