"""The registrar's queue on the web (issue 36 item 1): ``POST /api/v1/reports`` with an
API token (401 without one, and nothing written), the status at ``/api/v1/reports/{id}``,
the club's page and upload, the registrar's page with each check and the rating changes,
applied (the public card shows the tournament) or returned with a note the club sees."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skak.api import Grant, Skak
from skak.faces.web import create_app
from skak.faces.web._render import LANGUAGE_COOKIE
from skak.views.rating_reports import report_document_of
from tests.records.reports.helpers import CLUB, NAME, TODAY, club, federation
from tests.web.conftest import CHEAP, arbiters, csrf_of, log_in, text_of
from tests.web.test_api import API, Calls

REGISTRAR, CLUB_ACCOUNT = "kartotek", "vejle"
PASSWORD = "kodeord-1234"


@pytest.fixture
def fed(tmp_path: Path) -> Iterator[Skak]:
    s = federation(tmp_path / "fed.db")
    s.accounts.add(REGISTRAR, PASSWORD, roles=["registrar"], hasher=CHEAP)
    s.accounts.add(CLUB_ACCOUNT, PASSWORD, roles=[Grant.parse("club", club=CLUB)], hasher=CHEAP)
    s.accounts.add("odense", PASSWORD, roles=[Grant.parse("club", club="Odense")], hasher=CHEAP)
    yield s
    s.close()


@pytest.fixture
def doc(tmp_path: Path) -> dict[str, object]:
    s, tid = club(tmp_path / "club.db")
    made = report_document_of(
        s.tournaments.get(tid), s.discipline.get(), [], today=TODAY, club=CLUB
    )
    s.close()
    return made


def client_of(fed: Skak, lang: str = "en") -> TestClient:
    return TestClient(create_app(fed, arbiters=arbiters()), cookies={LANGUAGE_COOKIE: lang})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_without_a_token_nothing_is_written(fed: Skak, doc: dict[str, object]) -> None:
    with client_of(fed) as c:
        for headers in ({}, bearer("skak_not-a-token"), {"Authorization": "Basic eDp5"}):
            r = c.post("/api/v1/reports", json=doc, headers=headers)
            assert r.status_code == 401
            assert r.headers["WWW-Authenticate"] == "Bearer"
            assert "API token" in r.json()["error"]
        assert c.get("/api/v1/reports/1").status_code == 401
    assert fed.reports.rows() == []


def test_a_report_sent_with_a_token_waits_with_its_status(
    fed: Skak, doc: dict[str, object]
) -> None:
    token = fed.accounts.issue_token(CLUB_ACCOUNT)
    with client_of(fed) as c:
        r = c.post("/api/v1/reports", json=doc, headers=bearer(token))
        assert r.status_code == 201, r.text
        sent = r.json()
        assert sent["url"] == f"/api/v1/reports/{sent['id']}" == r.headers["Location"]
        report = sent["report"]
        assert (report["tournament"], report["status"], report["passed"]) == (
            NAME,
            "received",
            True,
        )
        assert [ch["check"] for ch in report["checks"]] == [
            "complete",
            "players",
            "quarantine",
            "not_applied",
            "rating",
        ]
        status = c.get(sent["url"], headers=bearer(token)).json()
        assert status["status"] == "received" and status["club"] == CLUB
        listed = c.get("/api/v1/reports", headers=bearer(token)).json()["reports"]
        assert [x["id"] for x in listed] == [sent["id"]]
        other = fed.accounts.issue_token("odense")
        assert c.get(sent["url"], headers=bearer(other)).status_code == 404
        assert c.get("/api/v1/reports", headers=bearer(other)).json() == {"reports": []}


def test_the_server_says_why_a_report_is_refused(fed: Skak, doc: dict[str, object]) -> None:
    with client_of(fed) as c:
        odense = fed.accounts.issue_token("odense")
        r = c.post("/api/v1/reports", json=doc, headers=bearer(odense))
        assert r.status_code == 403
        assert "odense may not do this" in r.json()["error"]
        vejle = fed.accounts.issue_token(CLUB_ACCOUNT)
        r = c.post("/api/v1/reports", content=b"{not json", headers=bearer(vejle))
        assert r.status_code == 400
        assert r.json()["error"].startswith("the report: not JSON")
        r = c.post("/api/v1/reports", json=doc | {"version": 9}, headers=bearer(vejle))
        assert r.status_code == 400 and "version 9" in r.json()["error"]
    assert fed.reports.rows() == []


def test_the_registrar_applies_and_the_card_shows_the_tournament(
    fed: Skak, doc: dict[str, object]
) -> None:
    row = fed.reports.receive(doc, actor=CLUB_ACCOUNT)
    with client_of(fed) as c:
        csrf = log_in(c, REGISTRAR, PASSWORD)
        page = c.get("/registrar/reports")
        assert page.status_code == 200
        text = text_of(page.text)
        assert f"#{row.id} {NAME}" in text
        assert text.count("pass ·") == 5 and "fail ·" not in text
        assert "Rating changes (dsu-2024)" in text
        new = {line.dsu_id: line.new for line in fed.reports.status(row.id).view().changes}
        r = c.post(
            f"/registrar/reports/{row.id}/apply", data={"csrf": csrf}, follow_redirects=False
        )
        assert r.status_code == 303
        assert "applied to the rating registry" in text_of(c.get("/registrar/reports").text)
        card = text_of(c.get("/ratings/104").text)
        assert f"{new[104]}" in card and NAME in card
    assert fed.reports.get(row.id).status == "applied"


def test_a_club_account_may_not_see_the_queue_or_apply(fed: Skak, doc: dict[str, object]) -> None:
    row = fed.reports.receive(doc, actor=CLUB_ACCOUNT)
    with client_of(fed) as c:
        csrf = log_in(c, CLUB_ACCOUNT, PASSWORD)
        assert c.get("/registrar/reports").status_code == 403
        r = c.post(f"/registrar/reports/{row.id}/apply", data={"csrf": csrf})
        assert r.status_code == 403
    assert fed.reports.get(row.id).status == "received"


def test_a_failing_check_is_shown_and_the_report_returned_with_a_note(
    fed: Skak, doc: dict[str, object]
) -> None:
    doc["arbiters"] = []
    row = fed.reports.receive(doc, actor=CLUB_ACCOUNT)
    with client_of(fed) as c:
        csrf = log_in(c, REGISTRAR, PASSWORD)
        text = text_of(c.get("/registrar/reports").text)
        assert "fail · §6's report complete" in text
        assert "the arbiters' names are missing" in text
        refused = c.post(f"/registrar/reports/{row.id}/apply", data={"csrf": csrf})
        assert refused.status_code == 409
        note = "Name the arbiters, please."
        r = c.post(
            f"/registrar/reports/{row.id}/return",
            data={"csrf": csrf, "note": note},
            follow_redirects=False,
        )
        assert r.status_code == 303
    token = fed.accounts.issue_token(CLUB_ACCOUNT)
    with client_of(fed) as c:
        status = c.get(f"/api/v1/reports/{row.id}", headers=bearer(token)).json()
        assert (status["status"], status["note"]) == ("returned", note)
        log_in(c, CLUB_ACCOUNT, PASSWORD)
        text = text_of(c.get("/reports").text)
        assert f"#{row.id} {NAME}" in text and f"Note: {note}" in text
        assert f"The registrar's note: {note}" in text_of(c.get(f"/reports/{row.id}").text)


def test_the_club_uploads_the_report_file(fed: Skak, doc: dict[str, object]) -> None:
    with client_of(fed, "da") as c:
        csrf = log_in(c, CLUB_ACCOUNT, PASSWORD)
        files = {"file": ("rapport.json", json.dumps(doc).encode(), "application/json")}
        r = c.post("/reports/upload", data={"csrf": csrf}, files=files, follow_redirects=False)
        assert r.status_code == 303, r.text
        page = c.get(r.headers["location"])
        assert page.status_code == 200
        text = text_of(page.text)
        assert NAME in text and "venter på ratingansvarlig" in text
        bad = {"file": ("rapport.json", b"[]", "application/json")}
        refused = c.post("/reports/upload", data={"csrf": csrf}, files=bad)
        assert refused.status_code == 400
    assert len(fed.reports.rows()) == 1


def test_the_queue_fits_a_phone(fed: Skak, doc: dict[str, object]) -> None:
    """No table wider than the page but inside a scrolling box; the forms are plain."""
    fed.reports.receive(doc, actor=CLUB_ACCOUNT)
    with client_of(fed, "da") as c:
        log_in(c, REGISTRAR, PASSWORD)
        html = c.get("/registrar/reports").text
    assert html.count('<table class="list">') == html.count('<div class="scroll">\n<table')
    assert "Ratingændringer" in html or "ratingændringer" in html.lower()
    assert csrf_of(html)


def test_a_large_report_is_no_form(fed: Skak) -> None:
    """A report of a large open is more than a form's 64 KB: the API takes it (up to an
    upload's 8 MB) and reads it."""
    token = fed.accounts.issue_token(CLUB_ACCOUNT)
    body = b'{"padding": "' + b"x" * 200_000 + b'"}'
    with client_of(fed) as c:
        r = c.post("/api/v1/reports", content=body, headers=bearer(token))
    assert r.status_code == 400  # read, and refused as no report; not 413
    assert "not a skak rating report" in r.json()["error"]


def test_the_report_routes_answer_as_the_openapi_document_says(
    fed: Skak, doc: dict[str, object]
) -> None:
    """Every route under /api/v1/reports is called, and each answer fits the JSON Schema
    /openapi.json gives for it (as ``tests/web/test_api.py`` checks the other routes)."""
    token = fed.accounts.issue_token(CLUB_ACCOUNT)
    with client_of(fed) as c:
        calls = Calls(c)
        sent = calls("POST", "/reports", token, json=doc)
        assert sent.status_code == 201
        assert calls("GET", "/reports", token).json()["reports"][0]["id"] == sent.json()["id"]
        calls("GET", f"/reports/{sent.json()['id']}", token)
        ours = {(m, r) for m, r in calls.routes if r.startswith(f"{API}/reports")}
        assert len(ours) == 3 and calls.seen == ours
