"""The arbiters' login: accounts held in memory, a signed session cookie, CSRF tokens.

The design is as small as a server for one tournament hall allows, and no smaller:

* **Accounts.** ``skak serve --arbiter NAME`` names who may log in; each password is read
  once at start (``$SKAK_WEB_PASSWORD`` or a prompt) and kept only as a salted scrypt hash
  (:func:`hashlib.scrypt`, n=2¹⁴, r=8, p=1) in this process's memory. Nothing about the
  accounts is written to the database or to disk; a restart asks again.
* **Sessions.** Starlette's ``SessionMiddleware`` keeps the logged-in name in a cookie
  signed (HMAC, itsdangerous) with a random secret made at each start, ``HttpOnly`` and
  ``SameSite=Lax``; a restart logs everybody out. The cookie holds no password.
* **CSRF.** Each session gets a random token; every form (and every HTMX request, by a
  header) sends it back, and a change without it is refused (403) — checked with
  :func:`hmac.compare_digest`, as the password is.

The name of the logged-in arbiter is the ``actor`` recorded in the history.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from starlette.requests import Request

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "Arbiters",
    "CsrfRefused",
    "LoginRequired",
    "PasswordHash",
    "check_csrf",
    "csrf_token",
    "log_in",
    "log_out",
    "logged_in",
]

#: The form field and the request header that carry the CSRF token.
CSRF_FIELD = "csrf"
CSRF_HEADER = "X-CSRF-Token"

_SESSION_ARBITER = "arbiter"
_SESSION_CSRF = "csrf"


@dataclass(frozen=True, slots=True)
class PasswordHash:
    """A password as scrypt hashed it, with its salt and cost (never the password)."""

    salt: bytes = field(repr=False)
    digest: bytes = field(repr=False)
    n: int = 2**14
    r: int = 8
    p: int = 1

    @classmethod
    def of(cls, password: str, *, n: int = 2**14) -> PasswordHash:
        salt = secrets.token_bytes(16)
        return cls(salt, _scrypt(password, salt, n, 8, 1), n)

    def matches(self, password: str) -> bool:
        return hmac.compare_digest(
            _scrypt(password, self.salt, self.n, self.r, self.p), self.digest
        )


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=32)


@dataclass(frozen=True)
class Arbiters:
    """Who may log in: each arbiter's name and password hash, in memory only."""

    hashes: Mapping[str, PasswordHash] = field(default_factory=dict)

    @classmethod
    def with_passwords(cls, accounts: Iterable[tuple[str, str]], *, n: int = 2**14) -> Arbiters:
        """The accounts ``(name, password)``; the passwords are hashed here and dropped.

        :raises ValueError: for an empty name or password, or a name given twice.
        """
        hashes: dict[str, PasswordHash] = {}
        for name, password in accounts:
            if not name.strip() or name != name.strip():
                raise ValueError(f"an arbiter's name must not be empty nor padded: {name!r}")
            if not password:
                raise ValueError(f"arbiter {name}: the password is empty")
            if name in hashes:
                raise ValueError(f"arbiter {name} is named twice")
            hashes[name] = PasswordHash.of(password, n=n)
        return cls(hashes)

    def __bool__(self) -> bool:
        return bool(self.hashes)

    def __contains__(self, name: object) -> bool:
        return name in self.hashes

    def check(self, name: str, password: str) -> bool:
        """Whether ``password`` is ``name``'s; an unknown name costs as much time as a
        known one, so the answer's time does not tell which names exist."""
        known = self.hashes.get(name)
        if known is None:
            _DUMMY.matches(password)
            return False
        return known.matches(password)


_DUMMY = PasswordHash(b"\0" * 16, b"\0" * 32, 2**14)


class LoginRequired(Exception):
    """An arbiter's page was asked for without a login."""


class CsrfRefused(Exception):
    """A change came without the session's CSRF token."""


def logged_in(request: Request) -> str | None:
    """The arbiter logged in on this request's session (one the server still knows)."""
    name = request.session.get(_SESSION_ARBITER)
    arbiters: Arbiters = request.app.state.arbiters
    return name if isinstance(name, str) and name in arbiters else None


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
