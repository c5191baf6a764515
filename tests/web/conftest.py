"""The web's fixtures: a database with a Monrad tournament, the app on it, an arbiter."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web import Arbiters, create_app
from skak.faces.web._render import LANGUAGE_COOKIE
from skak.model import Player, Ratings, Tournament

ARBITER = "Inge Holm"
PASSWORD = "rokade-e1g1"

#: Six players with names the tests look for on the pages.
FIELD = [
    ("Andersen, Anna", 2210),
    ("Bruun, Bent", 2105),
    ("Carlsen, Clara", 1990),
    ("Dahl, Dennis", 1875),
    ("Eriksen, Emil", 1760),
    ("Frost, Freja", 1650),
]


def register(api: Skak, name: str = "Klubturnering 2026", players: int = 6) -> int:
    """A three-round Monrad tournament with its players; :returns: its ID."""
    t = Tournament(name, "monrad", number_of_rounds=3, place="Aarhus", tiebreaks=("BH", "SB"))
    tid = api.tournaments.create(t).id
    field = [Player(i, n, ratings=Ratings(dsu=r)) for i, (n, r) in enumerate(FIELD, 1)]
    api.tournaments.add_players(tid, lambda _t: field[:players])
    return tid


@pytest.fixture
def skak(tmp_path: Path) -> Iterator[Skak]:
    """A database file (an in-memory one lives in one thread; the app serves from several)."""
    s = Skak(tmp_path / "skak.db", create=True, actor="setup")
    yield s
    s.close()


@pytest.fixture
def tid(skak: Skak) -> int:
    return register(skak)


#: argon2 at its cheapest: the tests hash many passwords (the server's default is argon2-cffi's).
CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def arbiters() -> Arbiters:
    return Arbiters.with_passwords([(ARBITER, PASSWORD), ("Ole Olsen", "fianchetto")], hasher=CHEAP)


@pytest.fixture
def client(skak: Skak) -> Iterator[TestClient]:
    """A browser on the app, reading the pages in English (the tests look for English
    words; the Danish pages have tests of their own)."""
    with TestClient(create_app(skak, arbiters=arbiters()), cookies={LANGUAGE_COOKIE: "en"}) as c:
        yield c


def csrf_of(html: str) -> str:
    """The CSRF token a page's forms carry."""
    found = re.search(r'name="csrf" value="([^"]+)"', html) or re.search(
        r'"X-CSRF-Token": "([^"]+)"', html
    )
    assert found, "no CSRF token on the page"
    return found.group(1)


def log_in(client: TestClient, name: str = ARBITER, password: str = PASSWORD) -> str:
    """Log in; :returns: the session's CSRF token."""
    token = csrf_of(client.get("/login").text)
    r = client.post(
        "/login",
        data={"name": name, "password": password, "csrf": token, "next": "/arbiter"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    return csrf_of(client.get("/arbiter").text)


@pytest.fixture
def arbiter(client: TestClient) -> str:
    """The client logged in as :data:`ARBITER`; the value is the CSRF token."""
    return log_in(client)


def text_of(html: str) -> str:
    """A page's text, tags dropped and spaces folded (for "this name, then those points")."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()
