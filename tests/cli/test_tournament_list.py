"""``skak tournaments`` as a federation lists them (issue 39, item 1): newest first, a page at a
time (``--limit``, ``--page``), searched (``--search``) and filtered (``--organiser``,
``--from``, ``--to``, ``--kind``, ``--status``); ``--json`` is the library's view."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app

#: (name, place, organiser, first day, kind)
FIELD = (
    ("Vinterturnering", "Vejle", "Vejle Skakklub", "2026-01-17", "standard"),
    ("Påskelyn", "Århus", "Aarhus Skakklub", "2026-04-03", "blitz"),
    ("Sommer Open", "Aarhus", "Aarhus Skakklub", "2026-07-04", "standard"),
    ("Efterår", "Odense", "Odense Skakklub", "2025-10-11", "rapid"),
)


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def listed(runner: CliRunner, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(runner, "tournaments", "--json", *args))
    return data


def names(runner: CliRunner, *args: str) -> list[str]:
    return [t["name"] for t in listed(runner, *args)["tournaments"]]


@pytest.fixture
def field(runner: CliRunner) -> None:
    for name, place, organiser, first, kind in FIELD:
        ok(runner, "new", name, "--place", place, "--organiser", organiser, "--start", first,
           "--kind", kind)  # fmt: skip


@pytest.mark.usefixtures("field")
def test_the_list_is_paged_newest_first(runner: CliRunner) -> None:
    newest_first = [f[0] for f in sorted(FIELD, key=lambda f: f[3], reverse=True)]
    assert names(runner) == newest_first
    first, second = listed(runner, "--limit", "3"), listed(runner, "--limit", "3", "--page", "2")
    assert [t["name"] for t in first["tournaments"] + second["tournaments"]] == newest_first
    assert (first["total"], first["pages"], second["page"]) == (4, 2, 2)
    line = first["tournaments"][0]
    assert {k: line[k] for k in ("name", "place", "organiser", "start", "kind", "status")} == {
        "name": "Sommer Open",
        "place": "Aarhus",
        "organiser": "Aarhus Skakklub",
        "start": "2026-07-04",
        "kind": "standard",
        "status": "planned",
    }
    table = ok(runner, "tournaments", "--limit", "3")
    assert "Sommer Open" in table and "Efterår" not in table
    assert "page 1 of 2 (4 tournaments)" in " ".join(table.split())


@pytest.mark.usefixtures("field")
def test_search_and_filters(runner: CliRunner) -> None:
    assert names(runner, "--search", "aarhus") == ["Sommer Open", "Påskelyn"]
    assert names(runner, "--search", "OPEN sommer") == ["Sommer Open"]
    assert names(runner, "--organiser", "vejle skakklub") == ["Vinterturnering"]
    assert names(runner, "--kind", "blitz") == ["Påskelyn"]
    assert names(runner, "--from", "2026-01-01", "--to", "2026-04-30") == [
        "Påskelyn",
        "Vinterturnering",
    ]
    assert names(runner, "--status", "running") == []
    assert names(runner, "--status", "planned", "--search", "odense") == ["Efterår"]
    ok(runner, "delete", "Påskelyn", "--yes")
    assert names(runner, "--search", "aarhus") == ["Sommer Open"]
    assert listed(runner)["total"] == 3


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (("--page", "0"), "the page must be 1 or more, not 0"),
        (("--limit", "0"), "must be 1–500, not 0"),
        (("--status", "paused"), "unknown status 'paused'"),
        (("--from", "1. maj"), "--from '1. maj' is not a date"),
    ],
)
def test_a_list_asked_for_wrong_is_refused_with_exit_code_3(
    runner: CliRunner, args: tuple[str, ...], refusal: str
) -> None:
    ok(runner, "new", "Klub")
    result = runner.invoke(app, ["tournaments", *args])
    assert result.exit_code == 3, result.output
    assert refusal in " ".join(result.stderr.split())
