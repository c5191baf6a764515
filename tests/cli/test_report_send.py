"""``skak report --send URL`` from a club's database reaches the registrar's queue of a
``skak serve`` on another database — a live server on 127.0.0.1, started as a process of its
own — and once the registrar applies it, ``/ratings/{member}`` shows the new rating with the
tournament as its reason (issue 36 item 1's test). ``--status`` follows the report; the
refusals end with README's exit codes."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from skak.api import Grant
from skak.faces.cli import app
from tests.records.reports.helpers import CLUB, NAME, club, federation
from tests.web.conftest import CHEAP

REGISTRAR, PASSWORD = "kartotek", "kodeord-1234"
SRC = Path(__file__).resolve().parents[2] / "src"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Live:
    """The federation's server: its address, a club's token, another club's token."""

    def __init__(self, url: str, token: str, other: str) -> None:
        self.url, self.token, self.other = url, token, other


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """``skak serve`` on the federation's database, as its own process (one for the
    module: it starts in seconds)."""
    path = tmp_path_factory.mktemp("federation") / "fed.db"
    fed = federation(path)
    fed.accounts.add(REGISTRAR, PASSWORD, roles=["registrar"], hasher=CHEAP)
    fed.accounts.add("vejle", PASSWORD, roles=[Grant.parse("club", club=CLUB)], hasher=CHEAP)
    fed.accounts.add("odense", PASSWORD, roles=[Grant.parse("club", club="Odense")], hasher=CHEAP)
    token, other = fed.accounts.issue_token("vejle"), fed.accounts.issue_token("odense")
    fed.close()
    port = _free_port()
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "skak", "serve", "--db", str(path), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/ratings", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"skak serve did not start: {server.stderr.read() if server.stderr else ''}"
                )
            time.sleep(0.2)
        yield Live(url, token, other)
    finally:
        server.terminate()
        server.wait(timeout=20)


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout + result.stderr


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def _apply_as_registrar(url: str, ident: int) -> None:
    """The registrar logs in on the server's page and applies report ``ident``."""
    with httpx.Client(base_url=url, follow_redirects=False) as web:
        page = web.get("/login").text
        csrf = re.search(r'name="csrf" value="([^"]+)"', page)
        assert csrf
        r = web.post(
            "/login",
            data={
                "name": REGISTRAR,
                "password": PASSWORD,
                "csrf": csrf.group(1),
                "next": "/registrar/reports",
            },
        )
        assert r.status_code == 303, r.text
        queue = web.get("/registrar/reports").text
        assert f"#{ident} {NAME}" in _text(queue)
        csrf = re.search(r'name="csrf" value="([^"]+)"', queue)
        assert csrf
        done = web.post(f"/registrar/reports/{ident}/apply", data={"csrf": csrf.group(1)})
        assert done.status_code == 303, done.text


def test_a_report_sent_reaches_the_queue_and_the_card(
    live: Live, tmp_path: Path, runner: CliRunner
) -> None:
    s, _tid = club(tmp_path / "club.db")
    s.close()
    db = str(tmp_path / "club.db")
    sent = _run(
        runner, "report", "--db", db, "--send", live.url, "--token", live.token, "--club", CLUB
    )
    assert "is in the registrar's queue" in sent
    found = re.search(r"(http://\S+/api/v1/reports/(\d+))", sent)
    assert found, sent
    address, ident = found.group(1), int(found.group(2))
    assert "✓" in sent and "✗" not in sent  # every check passed on the server
    waiting = _run(runner, "report", "--status", live.url, "--token", live.token)
    assert NAME in waiting and "waiting for the registrar" in waiting
    before = json.loads(
        _run(runner, "report", "--status", address, "--token", live.token, "--json")
    )
    (dahl,) = [c for c in before["changes"] if c["dsu_id"] == 104]
    assert dahl["registered"] == 1600 and dahl["new"] != 1600
    _apply_as_registrar(live.url, ident)
    page = httpx.get(f"{live.url}/ratings/104").text
    (line,) = [_text(row) for row in page.split("<tr>") if NAME in row]
    assert f"1600 {dahl['new']}" in line  # before and after, the tournament the reason
    after = json.loads(_run(runner, "report", "--status", address, "--token", live.token, "--json"))
    assert after["status"] == "applied" and after["decided_on"]
    assert "applied on" in _run(runner, "report", "--status", address, "--token", live.token)


def test_the_token_comes_from_the_environment(
    live: Live, tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, _tid = club(tmp_path / "club.db")
    s.close()
    monkeypatch.setenv("SKAK_TOKEN", live.token)
    out = _run(
        runner, "report", "--db", str(tmp_path / "club.db"), "--send", live.url, "--club", CLUB
    )
    assert "is in the registrar's queue" in out


def test_refusals_end_with_readmes_exit_codes(
    live: Live, tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SKAK_TOKEN", raising=False)
    s, _tid = club(tmp_path / "club.db")
    s.close()
    db = str(tmp_path / "club.db")
    send = ("report", "--db", db, "--send", live.url, "--club", CLUB)
    assert "an API token is needed" in _run(runner, *send, code=8)
    out = _run(runner, *send, "--token", "skak_wrong", code=8)
    assert "the server refused it (401)" in out
    out = _run(runner, *send, "--token", live.other, code=8)
    assert "(403)" in out and "odense may not do this" in out
    closed = f"http://127.0.0.1:{_free_port()}"
    out = _run(runner, "report", "--db", db, "--send", closed, "--token", live.token, code=9)
    assert "cannot be reached" in out and "try again" in out
    assert "is no server address" in _run(runner, *send[:4], "ftp://x", "--token", "t", code=3)
    out = _run(
        runner, "report", "--status", f"{live.url}/api/v1/reports/99", "--token", live.token, code=4
    )
    assert "(404)" in out
    seen = httpx.get(
        f"{live.url}/api/v1/reports", headers={"Authorization": f"Bearer {live.other}"}
    )
    assert seen.json() == {"reports": []}  # nothing was received from odense


def test_the_document_for_the_upload_page(tmp_path: Path, runner: CliRunner) -> None:
    s, _tid = club(tmp_path / "club.db", extra=((555, "Nielsen, Niels", 1500),))
    s.close()
    out = tmp_path / "rapport.json"
    _run(
        runner, "report", "--db", str(tmp_path / "club.db"), "--document", str(out),
        "--club", CLUB, "--entry", "555=1500",
    )  # fmt: skip
    doc = json.loads(out.read_text("utf-8"))
    assert (doc["format"], doc["version"], doc["club"]) == ("skak-rating-report", 1, CLUB)
    (nielsen,) = [p for p in doc["players"] if p["dsu_id"] == 555]
    assert nielsen["entry"] == {"rating": 1500, "authority": "club"}
    bad = _run(
        runner,
        "report",
        "--db",
        str(tmp_path / "club.db"),
        "--document",
        str(tmp_path / "x.json"),
        "--entry",
        "556=1500",
        code=3,
    )
    assert "no player of" in bad
    assert "write MEMBER=RATING" in _run(
        runner,
        "report",
        "--db",
        str(tmp_path / "club.db"),
        "--document",
        str(tmp_path / "y.json"),
        "--entry",
        "555",
        code=3,
    )
