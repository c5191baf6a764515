"""The arbiters' login: accounts, a signed session cookie, CSRF tokens, a brake on guessing.

The design is as small as a server for one tournament hall allows, and no smaller:

* **Accounts.** The database's arbiter accounts (``skak user add NAME``: argon2id hashes
  in the ``arbiter-accounts`` record, :mod:`skak.api`), read at each request, so an account
  added or removed while the server runs counts at once; and, for a quick start, the names
  ``skak serve --arbiter NAME`` gives, with their passwords hashed the same way and kept in
  this process's memory only (:class:`Arbiters`).
* **Sessions.** Starlette's ``SessionMiddleware`` keeps the logged-in name in a cookie
  signed (HMAC, itsdangerous) with a random secret made at each start, ``HttpOnly``,
  ``SameSite=Lax`` and, behind an HTTPS proxy, ``Secure``; a restart logs everybody out.
  The cookie holds no password.
* **CSRF.** Each session gets a random token; every form (and every HTMX request, by a
  header) sends it back, and a change without it is refused (403) — checked with
  :func:`hmac.compare_digest`.
* **Guessing.** After :data:`MAX_FAILURES` wrong passwords for one name, or
  ``4 × MAX_FAILURES`` from one address, within :data:`FAILURE_WINDOW` seconds, logins for
  it are refused until the oldest failure is that old (:class:`LoginBrake`).

The name of the logged-in arbiter is the ``actor`` recorded in the history.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.requests import Request

from skak.api import Skak, hash_password, password_matches

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "FAILURE_WINDOW",
    "MAX_FAILURES",
    "Arbiters",
    "CsrfRefused",
    "LoginBrake",
    "LoginRequired",
    "check_csrf",
    "check_login",
    "csrf_token",
    "log_in",
    "log_out",
    "logged_in",
]

#: The form field and the request header that carry the CSRF token.
CSRF_FIELD = "csrf"
CSRF_HEADER = "X-CSRF-Token"
#: Wrong passwords for one name within :data:`FAILURE_WINDOW` seconds before a pause.
MAX_FAILURES = 5
FAILURE_WINDOW = 300.0

_SESSION_ARBITER = "arbiter"
_SESSION_CSRF = "csrf"


@dataclass(frozen=True)
class Arbiters:
    """Arbiters who may log in besides the database's accounts (``skak serve --arbiter``):
    each name with an argon2id hash of the password, in memory only."""

    hashes: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def with_passwords(
        cls, accounts: Iterable[tuple[str, str]], *, hasher: PasswordHasher | None = None
    ) -> Arbiters:
        """The accounts ``(name, password)``; the passwords are hashed here and dropped.

        :raises ValueError: for an empty or padded name, a short password, or a name given
            twice.
        """
        hashes: dict[str, str] = {}
        for name, password in accounts:
            if not name.strip() or name != name.strip():
                raise ValueError(f"an arbiter's name must not be empty nor padded: {name!r}")
            if name in hashes:
                raise ValueError(f"arbiter {name} is named twice")
            hashes[name] = hash_password(password, hasher=hasher)
        return cls(hashes)

    def __bool__(self) -> bool:
        return bool(self.hashes)

    def __contains__(self, name: object) -> bool:
        return name in self.hashes


class LoginBrake:
    """Failed logins by name and by address in a sliding window (see the module)."""

    def __init__(
        self,
        *,
        max_failures: int = MAX_FAILURES,
        window: float = FAILURE_WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _keys(self, name: str, address: str) -> list[tuple[str, int]]:
        by_name = (f"name:{name.casefold()}", self.max_failures)
        return [by_name, (f"ip:{address}", 4 * self.max_failures)]

    def wait(self, name: str, address: str) -> int:
        """Seconds until a login for ``name`` from ``address`` is taken again (0: now)."""
        now = self.clock()
        longest = 0.0
        with self._lock:
            for key, limit in self._keys(name, address):
                times = self._failures.get(key)
                if not times:
                    continue
                while times and now - times[0] >= self.window:
                    times.popleft()
                if len(times) >= limit:
                    longest = max(longest, self.window - (now - times[0]))
        return int(longest + 0.999)

    def failed(self, name: str, address: str) -> None:
        now = self.clock()
        with self._lock:
            for key, _ in self._keys(name, address):
                self._failures.setdefault(key, deque()).append(now)

    def succeeded(self, name: str) -> None:
        with self._lock:
            self._failures.pop(f"name:{name.casefold()}", None)


def check_login(request: Request, name: str, password: str) -> bool:
    """Whether ``name`` may log in with ``password``: an arbiter of ``--arbiter`` or one
    with an account in the database."""
    arbiters: Arbiters = request.app.state.arbiters
    known = arbiters.hashes.get(name)
    if known is not None:
        return password_matches(known, password)
    skak: Skak = request.app.state.skak
    return skak.verify_arbiter(name, password)


class LoginRequired(Exception):
    """An arbiter's page was asked for without a login."""


class CsrfRefused(Exception):
    """A change came without the session's CSRF token."""


def logged_in(request: Request) -> str | None:
    """The arbiter logged in on this request's session, while the account still exists
    (one removed with ``skak user remove`` is logged out at its next request)."""
    name = request.session.get(_SESSION_ARBITER)
    if not isinstance(name, str):
        return None
    arbiters: Arbiters = request.app.state.arbiters
    if name in arbiters:
        return name
    skak: Skak = request.app.state.skak
    return name if name in skak.accounts() else None


def log_in(request: Request, name: str) -> None:
    """Start a new session for ``name`` (a new CSRF token too)."""
    request.session.clear()
    request.session[_SESSION_ARBITER] = name
    request.session[_SESSION_CSRF] = secrets.token_urlsafe(32)


def log_out(request: Request) -> None:
    request.session.clear()


def csrf_token(request: Request) -> str:
    """The session's CSRF token, made on first use."""
    token = request.session.get(_SESSION_CSRF)
    if not isinstance(token, str):
        token = secrets.token_urlsafe(32)
        request.session[_SESSION_CSRF] = token
    return token


def check_csrf(request: Request, sent: str | None) -> None:
    """:raises CsrfRefused: unless ``sent`` (the form's field, else the header) is the
    session's token."""
    token = request.session.get(_SESSION_CSRF)
    sent = sent or request.headers.get(CSRF_HEADER)
    if not isinstance(token, str) or not sent or not hmac.compare_digest(sent, token):
        raise CsrfRefused()
