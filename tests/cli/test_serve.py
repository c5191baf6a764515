"""``skak serve``: the server on the database the CLI uses, with arbiters' accounts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from skak.api import password_matches
from skak.errors import InputError
from skak.faces.cli import app
from skak.faces.cli.serve import PASSWORD_VARIABLE, arbiter_accounts


def _run(runner: CliRunner, *args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout + result.stderr


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What uvicorn was asked to serve (the test runs no server)."""
    seen: dict[str, Any] = {}

    def run(web: Any, **options: Any) -> None:
        seen["app"] = web
        seen.update(options)

    monkeypatch.setattr("uvicorn.run", run)
    return seen


def test_serve_serves_the_clis_database(
    runner: CliRunner, tmp_path: Path, served: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(runner, "demo", "--players", "4")
    monkeypatch.setenv(PASSWORD_VARIABLE, "hemmelig")
    out = _run(runner, "serve", "--arbiter", "Inge Holm", "--port", "8123")
    assert served["host"] == "127.0.0.1" and served["port"] == 8123
    assert served["proxy_headers"] is False  # no proxy declared: X-Forwarded-For not believed
    assert "http://127.0.0.1:8123/" in out and "Inge Holm" in out
    assert "hemmelig" not in out
    with TestClient(served["app"]) as c:
        page = c.get("/")  # the demo's standings at /
        assert page.status_code == 200
        assert "Stilling efter runde" in page.text  # in Danish, the pages' default
        known = c.app.state.arbiters.hashes["Inge Holm"]  # type: ignore[attr-defined]
        assert password_matches(known, "hemmelig")


def test_serve_without_arbiters_is_public_only(runner: CliRunner, served: dict[str, Any]) -> None:
    _run(runner, "demo", "--players", "4")
    out = _run(runner, "serve", "--host", "0.0.0.0")
    assert "public pages only" in out
    assert "plain HTTP" in out  # open to the network: a warning
    assert not served["app"].state.arbiters


def test_serve_needs_a_database(runner: CliRunner, tmp_path: Path, served: dict[str, Any]) -> None:
    out = _run(runner, "serve", "--db", str(tmp_path / "none.db"), code=10)
    assert "no skak database" in out
    assert not (tmp_path / "none.db").exists()
    assert not served


@pytest.mark.parametrize("port", ["0", "70000"])
def test_a_bad_port_is_named(runner: CliRunner, served: dict[str, Any], port: str) -> None:
    _run(runner, "demo", "--players", "4")
    assert "is not a port number" in _run(runner, "serve", "--port", port, code=3)


def test_without_a_password_or_terminal_serve_says_how(
    runner: CliRunner, served: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(runner, "demo", "--players", "4")
    monkeypatch.delenv(PASSWORD_VARIABLE, raising=False)
    out = _run(runner, "serve", "--arbiter", "Inge", code=3)
    assert PASSWORD_VARIABLE in out
    assert not served


def test_accounts_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PASSWORD_VARIABLE, "pw-hemmelig")
    accounts = arbiter_accounts(["Inge", "Ole"])
    assert set(accounts.hashes) == {"Inge", "Ole"}
    with pytest.raises(InputError, match="given once"):
        arbiter_accounts(["Inge", "Inge "])
    with pytest.raises(InputError, match="1–100 characters"):
        arbiter_accounts(["x" * 101])


def test_a_short_password_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PASSWORD_VARIABLE, "kort")
    with pytest.raises(InputError, match="8–1000 characters"):
        arbiter_accounts(["Inge"])


def test_serve_names_the_databases_accounts(runner: CliRunner, served: dict[str, Any]) -> None:
    _run(runner, "demo", "--players", "4")
    added = runner.invoke(
        app, ["user", "add", "Karen Krog", "--password-stdin"], input="dronningeoffer\n"
    )
    assert added.exit_code == 0, added.output
    out = _run(runner, "serve", "--secure-cookies")
    assert "arbiters: Karen Krog" in out


def test_the_public_address_for_the_qr_code(runner: CliRunner, served: dict[str, Any]) -> None:
    _run(runner, "demo", "--players", "4")
    _run(runner, "serve", "--public-url", "https://skak.klub.dk/")
    assert served["app"].state.public_url == "https://skak.klub.dk"
    out = _run(runner, "serve", "--public-url", "skak.klub.dk", code=3)  # bad input
    assert "--public-url 'skak.klub.dk' is no address like https://skak.klub.dk" in out
