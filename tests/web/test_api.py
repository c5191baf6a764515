"""The HTTP API under /api/v1 (issue 36, item 7): every public view as the CLI's ``--json``
writes it, and the commands an account's roles allow, with its API token. A command without
a valid token is refused (401) and writes nothing, one the token's roles do not allow is
refused (403) and writes nothing, and a login's cookie does not count. Every route of the
API is called here (a test walks the app's routes), and /openapi.json lists them."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fastapi import routing
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from skak.api import Grant, Role, Skak
from skak.faces.cli import app as cli
from skak.io.dsu_list import COLUMNS
from skak.records.cup.commands import EnterCupTeams
from tests.cli.test_junior_command import _file as junior_file
from tests.cli.test_rating_commands import list_row
from tests.teams.cup_fixture import DAY as CUP_DAY
from tests.teams.cup_fixture import team as cup_team
from tests.web.conftest import CHEAP, log_in
from tests.web.test_league_pages import make_season

API = "/api/v1"
PASSWORD = "api-konto-1"


def _token(skak: Skak, name: str, *roles: Grant | str) -> str:
    skak.accounts.add(name, PASSWORD, roles=list(roles), hasher=CHEAP)
    return skak.accounts.issue_token(name)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def events(db: Path) -> tuple[int, ...]:
    """What the database holds: its streams and each one's version (a write changes it)."""
    query = (
        "select s.id, coalesce(max(e.version), 0) from streams s "
        "left join stream_events e on e.stream_id = s.id group by s.id order by s.id"
    )
    with sqlite3.connect(db) as con:
        return tuple(v for row in con.execute(query) for v in row)


def cli_json(db: Path, *args: str) -> Any:
    done = CliRunner().invoke(cli, [*args, "--db", str(db), "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def api_routes(client: TestClient) -> set[tuple[str, str]]:
    """The API's routes in the app, by method and path (the app's own list, walked as
    FastAPI walks it for the OpenAPI document)."""
    app: Any = client.app
    walk = getattr(routing, "iter_route_contexts", None)  # FastAPI 0.16x keeps them nested
    routes = list(walk(app.routes)) if walk is not None else list(app.routes)
    return {
        (method, str(r.path))
        for r in routes
        if str(getattr(r, "path", "")).startswith(API + "/")
        for method in getattr(r, "methods", None) or ()
    }


def _route(routes: set[tuple[str, str]], method: str, url: str) -> str:
    """The route of ``routes`` a request of ``method`` to ``url`` reaches."""
    path = url.partition("?")[0]
    found = [
        r for m, r in routes if m == method and re.fullmatch(re.sub(r"\{[^}]+\}", "[^/]+", r), path)
    ]
    assert len(found) == 1, (method, url, found)
    return found[0]


_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}


def conforms(data: Any, schema: dict[str, Any], where: str = "$") -> None:
    """``data`` is what ``schema`` says (the few words of JSON Schema the API's document
    uses); a view's object has its properties and no others. :raises AssertionError:
    naming the place that is not."""
    if "anyOf" in schema:
        fits = []
        for option in schema["anyOf"]:
            try:
                conforms(data, option, where)
                fits.append(option)
            except AssertionError:
                pass
        assert fits, (where, data, schema)
        return
    if "enum" in schema:
        assert data in schema["enum"], (where, data, schema["enum"])
    kind = schema.get("type")
    if kind == "integer":
        assert isinstance(data, int) and not isinstance(data, bool), (where, data)
    elif kind is not None:
        assert isinstance(data, _TYPES[kind]) and not (kind != "boolean" and data is True), (
            where,
            data,
            kind,
        )
    if kind == "object" and "properties" in schema:
        assert set(schema["required"]) <= set(data) <= set(schema["properties"]), (where, set(data))
        for key, value in data.items():
            conforms(value, schema["properties"][key], f"{where}.{key}")
    elif kind == "object":
        for key, value in data.items():
            conforms(value, schema.get("additionalProperties", {}), f"{where}.{key}")
    if kind == "array" and "prefixItems" in schema:
        assert len(data) == len(schema["prefixItems"]), (where, data)
        for i, (value, item) in enumerate(zip(data, schema["prefixItems"], strict=True)):
            conforms(value, item, f"{where}[{i}]")
    elif kind == "array":
        for i, value in enumerate(data):
            conforms(value, schema.get("items", {}), f"{where}[{i}]")


class Calls:
    """The API's routes a test called, by method and route path; each answer is checked
    against what the OpenAPI document says of it."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.routes = api_routes(client)
        self.document = client.get("/openapi.json").json()
        self.seen: set[tuple[str, str]] = set()

    def __call__(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        headers = bearer(token) if token else {}
        answer = self.client.request(method, API + path, headers=headers, **kwargs)
        assert answer.status_code < 300, (method, path, answer.status_code, answer.text)
        assert answer.headers["content-type"].startswith("application/json")
        route = _route(self.routes, method, API + path)
        self.seen.add((method, route))
        said = self.document["paths"][route][method.lower()]["responses"]
        conforms(
            answer.json(), said[str(answer.status_code)]["content"]["application/json"]["schema"]
        )
        return answer


@pytest.fixture
def db(skak: Skak, tmp_path: Path) -> Path:
    return tmp_path / "skak.db"


@pytest.fixture
def calls(client: TestClient) -> Calls:
    return Calls(client)


def _registry(skak: Skak) -> None:
    """A, B and C (1800, 1700, 1600) from DSU's list of 2026-08-01."""
    rows = [list_row(1, "A, A", 1800), list_row(2, "B, B", 1700), list_row(3, "C, C", 1600)]
    text = ";".join(f'"{c}"' for c in COLUMNS) + "\n" + "".join(rows)
    skak.registry.import_text(text, "liste.csv", date(2026, 8, 1))


def test_every_route_of_the_api_is_called(
    calls: Calls, skak: Skak, tid: int, tmp_path: Path
) -> None:
    """A day of work through the API only, touching every route (a new route must be
    called here too, or this test fails)."""
    _registry(skak)
    arbiter = _token(skak, "Inge Dommer", Grant(Role.ARBITER), Grant(Role.ARBITER, tid))
    registrar = _token(skak, "Rita Register", Grant(Role.REGISTRAR))
    sid = make_season(skak)
    captains = {
        club: _token(skak, f"Kaptajn {club}", Grant(Role.CLUB, club=club))
        for club in ("Skovlunde", "Brønshøj", "Nordkalotten", "Evans")
    }
    cid = skak.cup.new("Pokal 2025 Bredde", "bredde", CUP_DAY, 3).id
    skak.cup.execute(cid, EnterCupTeams(tuple(cup_team(n) for n in "ABCD")))
    jid = skak.junior.import_file(junior_file(tmp_path), name="Junior Hold DM 2025").id

    # A rated round robin of the registry's three members, played and applied.
    created = calls("POST", "/tournaments", arbiter, json={"name": "RR", "start": "2026-09-01"})
    assert created.status_code == 201
    rr = created.json()["id"]
    assert created.headers["location"] == f"{API}/tournaments/{rr}"
    added = calls("POST", f"/tournaments/{rr}/players", arbiter, json={"members": [1, 2, 3]})
    assert [p["name"] for p in added.json()] == ["A, A", "B, B", "C, C"]
    for n in (1, 2, 3):
        paired = calls("POST", f"/tournaments/{rr}/rounds", arbiter).json()
        games = [b["board"] for b in paired["pairings"] if b["black"] is not None]
        results = [{"board": b, "result": "1-0"} for b in games]
        after = calls(
            "POST", f"/tournaments/{rr}/rounds/{n}/results", arbiter, json={"results": results}
        )
        assert [b["result"] for b in after.json()["pairings"] if b["black"]] == ["1-0"] * len(games)
    applied = calls(
        "POST", "/ratings/tournaments", registrar, json={"tournament": rr, "date": "2026-10-01"}
    )
    assert applied.status_code == 201 and applied.json()["name"] == "RR"
    card = calls("GET", "/ratings/3").json()
    assert card["ratings"] == {"standard": 1612}  # as skak rating show says after the same
    assert [p["dsu_id"] for p in calls("GET", "/ratings?name=b").json()] == [2]
    assert calls("GET", f"/tournaments/{rr}/rating").status_code == 200

    # The club's Monrad: a late entry, round 1 paired and entered, a withdrawal.
    new = calls(
        "POST", f"/tournaments/{tid}/players", arbiter, json={"name": "Gram, Gert", "rating": 1500}
    )
    assert new.json()[0]["start_number"] == 7
    calls("POST", f"/tournaments/{tid}/rounds", arbiter, json={"allow_unfinished": False})
    one = calls(
        "PUT", f"/tournaments/{tid}/rounds/1/boards/1", arbiter, json={"result": "½", "seen": None}
    )
    assert (one.json()["result"], one.json()["changed"]) == ("½-½", True)
    rest = [{"board": b, "result": "1-0"} for b in (2, 3)]
    calls("POST", f"/tournaments/{tid}/rounds/1/results", arbiter, json={"results": rest})
    left = calls("POST", f"/tournaments/{tid}/players/6/withdraw", arbiter, json={"from_round": 2})
    assert left.json()["start_number"] == 6
    for path in (
        "",
        "/standings",
        "/crosstable",
        "/rounds",
        "/rounds/1",
        "/players",
        "/players/1",
        "/prizes",
    ):
        calls("GET", f"/tournaments/{tid}{path}")
    listed = calls("GET", "/tournaments").json()
    assert sorted(t["id"] for t in listed["tournaments"]) == sorted([tid, rr])
    assert listed["total"] == 2 and listed["page"] == listed["pages"] == 1
    searched = calls("GET", "/tournaments", params={"search": "rr", "limit": 5}).json()
    assert [t["id"] for t in searched["tournaments"]] == [rr]

    # The league's round 2: line-ups and a card by the captains, confirmed; one disputed.
    season = skak.league.get(sid)
    first, second = [f for f in season.schedule("2. division", 1) if f.round == 2]
    for t in first.teams():
        club = season.team(t).club
        players = [f"{t[:3]}{b}" for b in range(1, 5)]
        calls("PUT", f"/leagues/{sid}/lineups/2/{t}", captains[club], json={"players": players})
    home, away = season.team(first.home).club, season.team(first.away).club
    card = calls(
        "PUT",
        f"/leagues/{sid}/matches/2/{first.home}/card",
        captains[home],
        json={"results": list("11½0")},
    )
    assert (card.json()["home_points"], card.json()["away_points"]) == ("2.5", "1.5")
    confirmed = calls("POST", f"/leagues/{sid}/matches/2/{first.away}/confirm", captains[away])
    assert confirmed.json()["state"] == "confirmed"
    for t in second.teams():
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    skak.league.result(sid, 2, second.home, list("1110"))
    objector = captains[season.team(second.away).club]
    disputed = calls(
        "POST",
        f"/leagues/{sid}/matches/2/{second.away}/dispute",
        objector,
        json={"reason": "bræt 3 endte remis"},
    )
    assert disputed.json()["state"] == "disputed"
    assert [s["name"] for s in calls("GET", "/leagues").json()] == [season.name]
    for path in ("/standings", "/matches", f"/matches/2/{first.home}", f"/lineups/2/{first.home}"):
        calls("GET", f"/leagues/{sid}{path}")

    # The cup, the junior championship, and a warning in the discipline register.
    assert [c["id"] for c in calls("GET", "/cups").json()] == [cid]
    calls("GET", f"/cups/{cid}/standings")
    assert [j["id"] for j in calls("GET", "/juniors").json()] == [jid]
    calls("GET", f"/juniors/{jid}/standings")
    warned = calls(
        "POST",
        "/discipline",
        registrar,
        json={
            "kind": "advarsel",
            "member": 2,
            "event": "Vejle EMT",
            "last_day": "2026-10-04",
            "date": "2026-10-04",
        },
    )
    assert (warned.json()["kind"], warned.json()["member"]) == ("warning", 2)

    assert len(calls.routes) >= 29
    # the reports to the registrar are called by tests/web/test_report_queue.py, with a
    # club's tournament and a federation's registry of their own
    elsewhere = {(m, r) for m, r in calls.routes if r.startswith(f"{API}/reports")}
    assert len(elsewhere) == 3
    assert calls.routes - calls.seen - elsewhere == set()


def _command_routes(client: TestClient) -> list[tuple[str, str]]:
    return sorted((m, r) for m, r in api_routes(client) if m != "GET")


def _fill(path: str) -> str:
    return re.sub(r"\{[a-z_]+\}", "1", path)


def test_a_command_without_a_valid_token_is_refused_and_writes_nothing(
    client: TestClient, skak: Skak, tid: int, db: Path
) -> None:
    """Every command route alike: no token, a token unknown, a token revoked, another
    scheme, and a logged-in arbiter's cookie without a token (the API takes no CSRF token,
    so a cookie alone never changes anything) — 401 with a JSON error, nothing written."""
    token = _token(skak, "Inge Dommer", Grant(Role.ARBITER, tid))
    skak.accounts.revoke_token("Inge Dommer")
    log_in(client)  # the server's --arbiter, who may do everything on the pages
    before = events(db)
    routes = _command_routes(client)
    assert len(routes) >= 10
    for method, path in routes:
        bodies: list[dict[str, Any]] = [
            {"json": {}},
            {"content": b"{not json", "headers": {"Content-Type": "application/json"}},
        ]
        for body in bodies:  # a body that cannot be read is no reason to skip the token
            answer = client.request(method, _fill(path), **body)
            assert answer.status_code == 401, (method, path, body, answer.text)
        for headers in (
            {},
            bearer("skak_" + "x" * 43),
            bearer(token),
            {"Authorization": f"Basic {token}"},
        ):
            answer = client.request(method, _fill(path), headers=headers, json={})
            assert answer.status_code == 401, (method, path, headers, answer.text)
            assert answer.json()["code"] == "unauthorized"
            assert answer.headers["www-authenticate"] == "Bearer"
    assert events(db) == before


def test_a_token_whose_roles_do_not_allow_it_is_refused(
    client: TestClient, skak: Skak, tid: int, db: Path
) -> None:
    """403 and nothing written: a captain creates no tournament, an arbiter runs no
    tournament he was not given and applies nothing to the registry, a captain enters no
    other club's line-up."""
    sid = make_season(skak)
    arbiter = _token(skak, "Ole Ny", Grant(Role.ARBITER))
    captain = _token(skak, "Kaptajn Evans", Grant(Role.CLUB, club="Evans"))
    other = next(t.name for t in skak.league.get(sid).teams if t.club != "Evans")
    before = events(db)
    refused = [
        client.post(f"{API}/tournaments", headers=bearer(captain), json={"name": "X"}),
        client.post(f"{API}/tournaments/{tid}/rounds", headers=bearer(arbiter)),
        client.post(f"{API}/tournaments/{tid}/players/1/withdraw", headers=bearer(arbiter)),
        client.post(
            f"{API}/ratings/tournaments", headers=bearer(arbiter), json={"tournament": tid}
        ),
        client.post(
            f"{API}/discipline",
            headers=bearer(captain),
            json={"kind": "warning", "member": 5, "event": "X", "last_day": "2026-10-01"},
        ),
        client.put(
            f"{API}/leagues/{sid}/lineups/2/{other}",
            headers=bearer(captain),
            json={"players": ["a"]},
        ),
    ]
    for answer in refused:
        assert answer.status_code == 403, answer.text
        assert answer.json()["code"] == "forbidden"
        assert "Ole Ny" in answer.json()["error"] or "Kaptajn Evans" in answer.json()["error"]
    assert events(db) == before


def test_the_views_are_the_clis_json(client: TestClient, skak: Skak, tid: int, db: Path) -> None:
    """The same view, the same JSON: the standings, the crosstable, a round, the players,
    a player's card in the rating registry, the league's standings."""
    skak.tournaments.pair(tid)
    skak.tournaments.enter_results(tid, 1, [(1, "1-0", ()), (2, "½", ()), (3, "0-1", ())])
    _registry(skak)
    sid = make_season(skak)

    def api(path: str) -> Any:
        answer = client.get(API + path)
        assert answer.status_code == 200, answer.text
        return answer.json()

    t = str(tid)
    assert api(f"/tournaments/{tid}/standings") == cli_json(db, "standings", "-t", t)
    tiebreaks = cli_json(db, "standings", "-t", t, "--tiebreaks", "SB,BH")
    assert api(f"/tournaments/{tid}/standings?tiebreaks=SB,BH") == tiebreaks
    assert api(f"/tournaments/{tid}/crosstable") == cli_json(db, "crosstable", "-t", t)
    assert api(f"/tournaments/{tid}/rounds/1") == cli_json(db, "round", "show", "1", "-t", t)
    assert api(f"/tournaments/{tid}/players") == cli_json(db, "players", "list", "-t", t)
    assert api(f"/tournaments/{tid}/players/2") == cli_json(db, "players", "show", "2", "-t", t)
    assert api("/tournaments") == cli_json(db, "tournaments")
    assert api("/ratings/2") == cli_json(db, "rating", "show", "2")
    assert api("/ratings?club=&limit=2") == cli_json(db, "rating", "list", "--limit", "2")
    assert api(f"/leagues/{sid}/standings") == cli_json(
        db, "league", "standings", "--season", str(sid)
    )
    assert api(f"/leagues/{sid}/matches") == cli_json(
        db, "league", "schedule", "--season", str(sid)
    )


def test_refusals_are_json_with_the_status_of_their_kind(
    client: TestClient, skak: Skak, tid: int
) -> None:
    token = _token(skak, "Inge Dommer", Grant(Role.ARBITER, tid))

    def refused(method: str, path: str, status: int, code: str, **kwargs: Any) -> str:
        answer = client.request(method, API + path, headers=bearer(token), **kwargs)
        assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text
        assert set(answer.json()) == {"error", "code"}
        return str(answer.json()["error"])

    assert "99" in refused("GET", "/tournaments/99/standings", 404, "not_found")
    refused("GET", "/tournaments/abc/standings", 400, "bad_input")
    refused("GET", "/nothing/here", 404, "not_found")
    refused("DELETE", "/tournaments", 405, "method_not_allowed")
    client.post(f"{API}/tournaments/{tid}/rounds", headers=bearer(token))
    refused("POST", f"/tournaments/{tid}/rounds", 409, "conflict")  # results missing
    refused(
        "PUT", f"/tournaments/{tid}/rounds/1/boards/1", 400, "bad_input", json={"result": "3-0"}
    )
    refused(
        "PUT",
        f"/tournaments/{tid}/rounds/1/boards/1",
        400,
        "bad_input",
        json={"result": "1-0", "colour": "white"},
    )
    client.put(
        f"{API}/tournaments/{tid}/rounds/1/boards/1", headers=bearer(token), json={"result": "1-0"}
    )
    stale = {"result": "0-1", "seen": None}  # the board had no result when the caller looked
    refused("PUT", f"/tournaments/{tid}/rounds/1/boards/1", 409, "conflict", json=stale)


def test_the_errors_are_danish_unless_english_is_asked_for(
    client: TestClient, skak: Skak, tid: int
) -> None:
    client.cookies.clear()
    danish = client.post(f"{API}/tournaments", json={"name": "X"}).json()["error"]
    english = client.post(f"{API}/tournaments?lang=en", json={"name": "X"}).json()["error"]
    assert "API-nøgle" in danish and danish != english and "needs an API token" in english
    missing = client.get(f"{API}/tournaments/99/standings").json()["error"]
    assert missing != client.get(f"{API}/tournaments/99/standings?lang=en").json()["error"]


def test_the_openapi_document_lists_the_api_and_not_the_pages(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    paths = document["paths"]
    routes = api_routes(client)
    assert {(m.lower(), r) for m, r in routes} == {(m, p) for p, ops in paths.items() for m in ops}
    assert all(p.startswith(API) for p in paths)  # no /t/{tid}/standings, no /login
    for ops in paths.values():
        for op in ops.values():
            assert op["tags"] and op["summary"] and op["description"]
            assert any(s.startswith("2") for s in op["responses"])
    create = paths[f"{API}/tournaments"]["post"]
    assert "401" in create["responses"] and "403" in create["responses"]
    assert create["requestBody"]["content"]["application/json"]["schema"]
