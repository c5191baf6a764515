"""The arbiters' login: accounts hashed in memory, a signed session, CSRF on every change."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.web import Arbiters, PasswordHash, create_app
from skak.web.app import SESSION_COOKIE
from tests.web.conftest import ARBITER, PASSWORD, csrf_of, log_in

ARBITER_PAGES = [
    "/arbiter",
    "/arbiter/t/{tid}",
    "/arbiter/t/{tid}/pair",
    "/arbiter/t/{tid}/rounds/1",
    "/arbiter/t/{tid}/history",
]
CHANGES = [
    ("/arbiter/t/{tid}/pair", {"version": "2"}),
    ("/arbiter/t/{tid}/rounds/1/boards/1", {"result": "1", "seen": ""}),
    ("/arbiter/t/{tid}/undo", {"seq": "2"}),
]


@pytest.mark.parametrize("url", ARBITER_PAGES)
def test_an_arbiters_page_asks_for_a_login_first(client: TestClient, tid: int, url: str) -> None:
    path = url.format(tid=tid)
    r = client.get(path, follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == f"/login?next={path}"


@pytest.mark.parametrize(("url", "form"), CHANGES)
def test_a_change_without_a_login_is_refused_and_changes_nothing(
    client: TestClient, skak: Skak, tid: int, url: str, form: dict[str, str]
) -> None:
    skak.pair(tid)
    before = skak.history(tid)
    r = client.post(url.format(tid=tid), data=form, follow_redirects=False)
    assert r.status_code == 401
    assert "Log in first" in r.text
    hx = client.post(url.format(tid=tid), data=form, headers={"HX-Request": "true"})
    assert hx.status_code == 401
    assert skak.history(tid) == before


def test_logging_in_leads_where_the_arbiter_was_going(client: TestClient, tid: int) -> None:
    page = client.get(f"/login?next=/arbiter/t/{tid}/history")
    assert f'value="/arbiter/t/{tid}/history"' in page.text
    r = client.post(
        "/login",
        data={
            "name": ARBITER,
            "password": PASSWORD,
            "csrf": csrf_of(page.text),
            "next": f"/arbiter/t/{tid}/history",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == f"/arbiter/t/{tid}/history"
    assert SESSION_COOKIE in r.cookies or client.cookies.get(SESSION_COOKIE)
    history = client.get(f"/arbiter/t/{tid}/history")
    assert history.status_code == 200
    assert ARBITER in history.text  # "logged in as"


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example", "\\\\evil"])
def test_the_login_leads_nowhere_else(client: TestClient, target: str) -> None:
    token = csrf_of(client.get("/login").text)
    r = client.post(
        "/login",
        data={"name": ARBITER, "password": PASSWORD, "csrf": token, "next": target},
        follow_redirects=False,
    )
    assert r.headers["location"] == "/arbiter"


@pytest.mark.parametrize(
    ("name", "password"), [(ARBITER, "wrong"), ("Nobody", PASSWORD), ("", ""), (ARBITER, "")]
)
def test_a_wrong_password_is_refused(client: TestClient, name: str, password: str) -> None:
    token = csrf_of(client.get("/login").text)
    r = client.post("/login", data={"name": name, "password": password, "csrf": token})
    assert r.status_code == 401
    assert "Wrong name or password" in r.text
    assert client.get("/arbiter", follow_redirects=False).status_code == 303


def test_a_login_without_its_csrf_token_is_refused(client: TestClient) -> None:
    client.get("/login")
    r = client.post("/login", data={"name": ARBITER, "password": PASSWORD})
    assert r.status_code == 403
    assert client.get("/arbiter", follow_redirects=False).status_code == 303


@pytest.mark.parametrize(("url", "form"), CHANGES)
def test_a_change_without_the_csrf_token_is_refused(
    client: TestClient, skak: Skak, tid: int, arbiter: str, url: str, form: dict[str, str]
) -> None:
    skak.pair(tid)
    before = skak.history(tid)
    r = client.post(url.format(tid=tid), data=form, follow_redirects=False)
    assert r.status_code == 403
    assert "security token" in r.text
    wrong = client.post(
        url.format(tid=tid), data=form | {"csrf": arbiter[:-2] + "xx"}, follow_redirects=False
    )
    assert wrong.status_code == 403
    assert skak.history(tid) == before


def test_logging_out_ends_the_session(client: TestClient, arbiter: str) -> None:
    r = client.post("/logout", data={"csrf": arbiter}, follow_redirects=False)
    assert r.status_code == 303
    assert client.get("/arbiter", follow_redirects=False).status_code == 303


def test_a_forged_session_cookie_is_not_a_login(client: TestClient, skak: Skak) -> None:
    log_in(client)
    arbiters = Arbiters.with_passwords([(ARBITER, PASSWORD)], n=2**10)
    other = TestClient(create_app(skak, arbiters=arbiters))
    other.cookies.set(SESSION_COOKIE, client.cookies[SESSION_COOKIE])  # another server's secret
    assert other.get("/arbiter", follow_redirects=False).status_code == 303
    client.cookies.clear()
    client.cookies.set(SESSION_COOKIE, "eyJhcmJpdGVyIjogIkluZ2UgSG9sbSJ9.forged.sig")
    assert client.get("/arbiter", follow_redirects=False).status_code == 303


def test_a_server_without_arbiters_has_public_pages_only(skak: Skak, tid: int) -> None:
    with TestClient(create_app(skak)) as c:
        assert "has no arbiter accounts" in c.get("/login").text
        token = csrf_of(c.get("/login").text)
        r = c.post("/login", data={"name": "x", "password": "y", "csrf": token})
        assert r.status_code == 401
        assert c.get(f"/t/{tid}/standings").status_code == 200


def test_passwords_are_kept_only_as_scrypt_hashes() -> None:
    arbiters = Arbiters.with_passwords([("Inge", "hemmelig")], n=2**10)
    stored = arbiters.hashes["Inge"]
    assert b"hemmelig" not in stored.salt + stored.digest
    assert "hemmelig" not in repr(arbiters)
    assert arbiters.check("Inge", "hemmelig")
    assert not arbiters.check("Inge", "Hemmelig")
    assert not arbiters.check("Ole", "hemmelig")
    again = PasswordHash.of("hemmelig", n=2**10)
    assert again.salt != stored.salt and again.digest != stored.digest  # salted


@pytest.mark.parametrize(
    "accounts", [[("", "x")], [(" Inge", "x")], [("Inge", "")], [("Inge", "a"), ("Inge", "b")]]
)
def test_bad_accounts_are_refused(accounts: list[tuple[str, str]]) -> None:
    with pytest.raises(ValueError, match="arbiter"):
        Arbiters.with_passwords(accounts, n=2**10)
