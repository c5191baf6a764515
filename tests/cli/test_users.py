"""``skak user``: the arbiters' accounts for the web, kept hashed in the database."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from skak.api import Grant, Role, Skak
from skak.faces.cli import app


def _run(runner: CliRunner, *args: str, code: int = 0, stdin: str | None = None) -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code == code, result.output + result.stderr
    return result.stdout + result.stderr


def test_an_account_is_added_listed_changed_and_removed(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "klub.db")
    out = _run(
        runner, "user", "add", "Inge Holm", "--password-stdin", "--db", db, stdin="rokade-e1g1\n"
    )
    assert "Inge Holm may log in" in out
    _run(runner, "user", "add", "Ole Olsen", "--password-stdin", "--db", db, stdin="fianchetto\n")
    listed = json.loads(_run(runner, "user", "list", "--json", "--db", db))
    assert listed["arbiters"] == ["Inge Holm", "Ole Olsen"]
    assert [a["roles"] for a in listed["accounts"]] == [["admin"], ["admin"]]
    s = Skak(db)
    assert s.accounts.verify("Inge Holm", "rokade-e1g1")
    assert not s.accounts.verify("Inge Holm", "rokade-e8g8")
    _run(
        runner,
        "user",
        "password",
        "Inge Holm",
        "--password-stdin",
        "--db",
        db,
        stdin="lang-rokade\n",
    )
    assert s.accounts.verify("Inge Holm", "lang-rokade")
    assert not s.accounts.verify("Inge Holm", "rokade-e1g1")
    _run(runner, "user", "remove", "Ole Olsen", "--db", db)
    assert s.accounts.get().names == ("Inge Holm",)
    assert "Inge Holm" in _run(runner, "user", "list", "--db", db)
    s.close()


def test_the_errors_are_named_with_their_exit_codes(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "klub.db")
    assert "8–1000 characters" in _run(
        runner, "user", "add", "Inge", "--password-stdin", "--db", db, code=3, stdin="kort\n"
    )
    _run(runner, "user", "add", "Inge", "--password-stdin", "--db", db, stdin="hemmelig\n")
    again = _run(
        runner, "user", "add", "Inge", "--password-stdin", "--db", db, code=5, stdin="x" * 9
    )
    assert "already has an account" in again
    assert "no arbiter account 'Ole'" in _run(runner, "user", "remove", "Ole", "--db", db, code=4)
    padded = _run(
        runner, "user", "add", " Inge ", "--password-stdin", "--db", db, code=3, stdin="y" * 9
    )
    assert "without spaces around it" in padded


def test_without_a_terminal_the_password_must_come_on_stdin(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = _run(runner, "user", "add", "Inge", "--db", str(tmp_path / "k.db"), code=3)
    assert "--password-stdin" in out


def test_the_accounts_are_checked_with_the_database(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "klub.db")
    _run(runner, "user", "add", "Inge", "--password-stdin", "--db", db, stdin="hemmelig\n")
    assert "is sound" in _run(runner, "check", "--db", db)


def test_roles_are_given_granted_revoked_and_listed(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "liga.db")
    add = ("user", "add", "--password-stdin", "--db", db)
    out = _run(runner, *add, "Per Holm", "--role", "klub", "--club", "Skovlunde", stdin="x" * 9)
    assert "as club (Skovlunde)" in out
    _run(runner, *add, "Inge Holm", "--role", "dommer", stdin="y" * 9)
    _run(runner, "user", "grant", "Inge Holm", "--role", "leader", "--record", "3", "--db", db)
    listed = json.loads(_run(runner, "user", "list", "--json", "--db", db))
    assert listed["accounts"] == [
        {"name": "Inge Holm", "roles": ["arbiter", "leader #3"]},
        {"name": "Per Holm", "roles": ["club (Skovlunde)"]},
    ]
    _run(runner, "user", "revoke", "Inge Holm", "--role", "arbiter", "--db", db)
    assert "leader #3" in _run(runner, "user", "list", "--db", db)
    refused = [
        (("user", "revoke", "Inge Holm", "--role", "arbiter"), 4, "has no role arbiter"),
        (("user", "grant", "Inge Holm", "--role", "club"), 3, "names its club"),
        (("user", "grant", "Inge Holm", "--role", "registrar", "--record", "2"), 3, "no --record"),
        (("user", "grant", "Inge Holm", "--role", "kaptajn"), 3, "unknown role 'kaptajn'"),
        (("user", "grant", "Ole", "--role", "admin"), 4, "no arbiter account 'Ole'"),
    ]
    for args, code, words in refused:
        assert words in _run(runner, *args, "--db", db, code=code), args
    s = Skak(db)
    assert s.accounts.get().roles["Inge Holm"] == (Grant(Role.LEADER, 3),)
    s.close()


def test_an_api_token_is_issued_once_replaced_and_revoked(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = str(tmp_path / "klub.db")
    _run(runner, "user", "add", "Per Holm", "--password-stdin", "--db", db, stdin="rokade-e1g1\n")
    first = _run(runner, "user", "token", "Per Holm", "--label", "klubserver", "--db", db)
    token = first.split()[-1]
    assert token.startswith("skak_") and len(token) == len("skak_") + 43
    s = Skak(db)
    assert s.accounts.token_owner(token) == "Per Holm"
    assert s.accounts.tokens("Per Holm") == ("klubserver",)
    # the database keeps the digest only, never the token
    with sqlite3.connect(db) as raw:
        stored = json.dumps(raw.execute("SELECT * FROM stream_events").fetchall(), default=str)
    assert "token_issued" in stored and token not in stored
    second = _run(runner, "user", "token", "Per Holm", "--label", "klubserver", "--db", db)
    renewed = second.split()[-1]
    assert renewed != token
    assert s.accounts.token_owner(token) is None
    assert s.accounts.token_owner(renewed) == "Per Holm"
    _run(runner, "user", "token", "Per Holm", "--label", "klubserver", "--revoke", "--db", db)
    assert s.accounts.token_owner(renewed) is None
    out = _run(
        runner, "user", "token", "Per Holm", "--label", "bærbar", "--revoke", "--db", db, code=4
    )
    assert "no API token 'bærbar'" in out
    _run(runner, "user", "token", "Nobody", "--db", db, code=4)


def test_a_removed_account_loses_its_tokens(tmp_path: Path) -> None:
    s = Skak(tmp_path / "klub.db", create=True)
    s.accounts.add("Per Holm", "rokade-e1g1", roles=["arbiter"])
    token = s.accounts.issue_token("Per Holm")
    assert not s.accounts.token_owner("skak_" + "x" * 43)
    assert not s.accounts.token_owner(token[5:])
    s.accounts.remove("Per Holm")
    assert s.accounts.token_owner(token) is None
    s.accounts.add("Per Holm", "rokade-e1g1", roles=["arbiter"])
    assert s.accounts.token_owner(token) is None
