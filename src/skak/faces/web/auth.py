"""The arbiters' login: accounts, a signed session cookie, CSRF tokens, a brake on guessing.

The design is as small as a server for one tournament hall allows, and no smaller:

* **Accounts.** The database's arbiter accounts (``skak user add NAME``: argon2id hashes
  in the ``arbiter-accounts`` record, :mod:`skak.api`), read at each request, so an account
  added or removed while the server runs counts at once; and, for a quick start, the names
  ``skak serve --arbiter NAME`` gives, with their passwords hashed the same way and kept in
  this process's memory only (:class:`Arbiters`).
* **Sessions.** Starlette's ``SessionMiddleware`` keeps the logged-in name in a cookie
  signed (HMAC, itsdangerous) with a random secret made at each start (one for all the
  workers of ``skak serve --workers N``), ``HttpOnly``, ``SameSite=Lax`` and, behind an
  HTTPS proxy, ``Secure``; a restart logs everybody out. The cookie holds no password: a
  session id (a logged-out one is refused, even from a copy of the cookie, by every worker:
  the logout is written to the database, :class:`Sessions`) and a digest of the account's
  password hash (a changed password or a removed account ends the session).
* **CSRF.** Each session gets a random token; every form (and every HTMX request, by a
  header) sends it back, and a change without it is refused (403) — checked with
  :func:`hmac.compare_digest`.
* **Guessing.** After :data:`MAX_FAILURES` wrong passwords for one name from one address,
  or ``4 × MAX_FAILURES`` from one address, within :data:`FAILURE_WINDOW` seconds, logins
  from it are refused until the oldest failure is that old (:class:`LoginBrake`). A name is
  braked per address, so nobody can lock an arbiter out from another phone. The attempts
  are counted in the database, so the workers of one server count them together.

* **API tokens.** A program sends ``Authorization: Bearer TOKEN`` (``skak user token``):
  the token is looked up by its SHA-256 digest in the accounts' record and acts with its
  account's roles (:func:`token_user`); it needs no cookie and no CSRF token, since a browser
  never sends it by itself.

The name of the logged-in arbiter is the ``actor`` recorded in the history.
"""

from __future__ import annotations

import contextlib
import hashlib
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

    from skak.api import Marks

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "FAILURE_WINDOW",
    "MAX_FAILURES",
    "SESSION_ARBITER",
    "Arbiters",
    "CsrfRefused",
    "LoginBrake",
    "LoginRequired",
    "Sessions",
    "check_csrf",
    "check_login",
    "csrf_token",
    "log_in",
    "log_out",
    "logged_in",
    "token_user",
]

#: The form field and the request header that carry the CSRF token.
CSRF_FIELD = "csrf"
CSRF_HEADER = "X-CSRF-Token"
#: Wrong passwords for one name within :data:`FAILURE_WINDOW` seconds before a pause.
MAX_FAILURES = 5
FAILURE_WINDOW = 300.0

#: The session's key for the logged-in arbiter.
SESSION_ARBITER = "arbiter"
_SESSION_CSRF = "csrf"
_SESSION_ID = "sid"
_SESSION_GENERATION = "generation"


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
    """Logins by name and address, and by address alone, in a sliding window (see the
    module). An attempt is counted before its password is checked, under one lock, so
    guesses sent in parallel are braked as surely as guesses sent one by one; a login that
    succeeds takes its own attempt back. At most ``checks`` passwords are hashed at once
    (argon2 takes 64 MiB a check; per process).

    With ``marks`` (the database's, :attr:`skak.api.Skak.marks`) the attempts are kept in
    the database, counted and added in one write transaction, by the wall clock: every
    worker of a server counts the attempts sent to all of them. Without, in this process's
    memory (a read-only database; the tests' clock)."""

    def __init__(
        self,
        *,
        max_failures: int = MAX_FAILURES,
        window: float = FAILURE_WINDOW,
        checks: int = 4,
        clock: Callable[[], float] | None = None,
        marks: Marks | None = None,
    ) -> None:
        self.max_failures = max_failures
        self.window = window
        # Marks in the database are shared by processes: they count by the wall clock.
        self.clock = clock or (time.time if marks is not None else time.monotonic)
        self.marks = marks
        self.checking = threading.BoundedSemaphore(checks)
        self._attempts: dict[str, deque[float]] = {}
        self._lock = threading.Lock()
        self._calls = 0

    def _keys(self, name: str, address: str) -> list[tuple[str, int]]:
        """A name is braked per address, so that a phone in the hall cannot lock an
        arbiter out; an address is braked for every name it tries."""
        by_name = (f"name:{address}:{name.casefold()}", self.max_failures)
        return [by_name, (f"ip:{address}", 4 * self.max_failures)]

    def _prune(self, key: str, now: float) -> deque[float]:
        times = self._attempts.get(key, deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if not times:
            self._attempts.pop(key, None)
        return times

    def begin(self, name: str, address: str) -> int:
        """Count a login attempt before its password is checked; :returns: 0 when it may
        go ahead, else the seconds until one may (the attempt is then not counted)."""
        now = self.clock()
        if self.marks is not None:
            wait = self.marks.count_then_add(self._keys(name, address), now + self.window, now)
            return max(1, int(wait + 0.999)) if wait > 0 else 0
        with self._lock:
            self._calls += 1
            if self._calls % 1000 == 0:  # forget what is out of the window everywhere
                for key in list(self._attempts):
                    self._prune(key, now)
            longest = 0.0
            keys = self._keys(name, address)
            for key, limit in keys:
                times = self._prune(key, now)
                if len(times) >= limit:
                    longest = max(longest, self.window - (now - times[0]))
            if longest:
                return max(1, int(longest + 0.999))
            for key, _limit in keys:
                self._attempts.setdefault(key, deque()).append(now)
            return 0

    def succeeded(self, name: str, address: str) -> None:
        """A login that succeeded: its name's attempts from this address are forgotten,
        and the address's count gives back this attempt."""
        by_name, (by_address, _limit) = self._keys(name, address)
        if self.marks is not None:
            self.marks.remove(by_name[0])
            self.marks.remove_newest(by_address)
            return
        with self._lock:
            self._attempts.pop(by_name[0], None)
            times = self._attempts.get(by_address)
            if times:
                times.pop()


def check_login(request: Request, name: str, password: str) -> bool:
    """Whether ``name`` may log in with ``password``: an arbiter of ``--arbiter`` or one
    with an account in the database (a few checks at a time, see :class:`LoginBrake`)."""
    arbiters: Arbiters = request.app.state.arbiters
    brake: LoginBrake | None = getattr(request.app.state, "brake", None)
    with brake.checking if brake is not None else contextlib.nullcontext():
        known = arbiters.hashes.get(name)
        if known is not None:
            return password_matches(known, password)
        skak: Skak = request.app.state.skak
        return skak.accounts.verify(name, password)


class LoginRequired(Exception):
    """An arbiter's page was asked for without a login."""


class CsrfRefused(Exception):
    """A change came without the session's CSRF token."""


class Sessions:
    """The sessions ended before their cookie expires (logged out): their ids, each kept
    until the cookie would have expired anyway. A cookie is signed, so a copy of it taken
    before the logout would otherwise still open the arbiter's pages.

    With ``marks`` (the database's, :attr:`skak.api.Skak.marks`) a logout is written to the
    database, so that every worker of the server refuses the session from its next request
    on; without (a read-only database), it is known to this process only."""

    def __init__(
        self,
        max_age: float,
        clock: Callable[[], float] | None = None,
        marks: Marks | None = None,
    ) -> None:
        self.max_age = max_age
        self.clock = clock or (time.time if marks is not None else time.monotonic)
        self.marks = marks
        self._ended: dict[str, float] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _key(sid: str) -> str:
        return f"session:{sid}"

    def end(self, sid: str) -> None:
        now = self.clock()
        with self._lock:
            self._ended = {k: t for k, t in self._ended.items() if t > now}
            self._ended[sid] = now + self.max_age
        if self.marks is not None:
            self.marks.add(self._key(sid), now + self.max_age, now)

    def ended(self, sid: str) -> bool:
        with self._lock:
            if sid in self._ended:
                return True
        return self.marks is not None and self.marks.marked(self._key(sid), self.clock())


def _generation(password_hash: str) -> str:
    """A short digest of an account's password hash: a session records it at login, and
    a changed password (a new hash) ends every session made with the old one."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


def _password_hash(request: Request, name: str) -> str | None:
    arbiters: Arbiters = request.app.state.arbiters
    known = arbiters.hashes.get(name)
    if known is not None:
        return known
    skak: Skak = request.app.state.skak
    return skak.accounts.get().hashes.get(name)


def logged_in(request: Request) -> str | None:
    """The arbiter logged in on this request's session: while the account exists with the
    password it had at the login (``skak user remove`` or ``skak user password`` ends the
    session at its next request), and the session was not logged out."""
    name = request.session.get(SESSION_ARBITER)
    if not isinstance(name, str):
        return None
    sid, generation = request.session.get(_SESSION_ID), request.session.get(_SESSION_GENERATION)
    sessions: Sessions = request.app.state.sessions
    if not isinstance(sid, str) or sessions.ended(sid):
        return None
    known = _password_hash(request, name)
    if known is None or not hmac.compare_digest(
        str(generation).encode("utf-8", "surrogatepass"), _generation(known).encode()
    ):
        return None
    return name


def token_user(request: Request) -> str | None:
    """The account whose API token this request carries (``Authorization: Bearer TOKEN``,
    ``skak user token``); ``None`` without a header, or for a token unknown or revoked. A
    token is looked up by its digest, so the check is as fast for a wrong one."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    skak: Skak = request.app.state.skak
    return skak.accounts.token_owner(token.strip())


def log_in(request: Request, name: str) -> None:
    """Start a new session for ``name`` (a new id and CSRF token too)."""
    known = _password_hash(request, name)
    request.session.clear()
    request.session[SESSION_ARBITER] = name
    request.session[_SESSION_ID] = secrets.token_urlsafe(16)
    request.session[_SESSION_GENERATION] = _generation(known or "")
    request.session[_SESSION_CSRF] = secrets.token_urlsafe(32)


def log_out(request: Request) -> None:
    """End the session: this browser's cookie is cleared, and a copy of it is refused."""
    sid = request.session.get(_SESSION_ID)
    if isinstance(sid, str):
        sessions: Sessions = request.app.state.sessions
        sessions.end(sid)
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
    session's token. Compared as UTF-8 bytes: :func:`hmac.compare_digest` refuses a text
    with a character outside ASCII with a ``TypeError``, and a sender may type any."""
    token = request.session.get(_SESSION_CSRF)
    sent = sent or request.headers.get(CSRF_HEADER)
    if (
        not isinstance(token, str)
        or not sent
        or not hmac.compare_digest(sent.encode("utf-8", "surrogatepass"), token.encode())
    ):
        raise CsrfRefused()
