"""The web's forms and the HTTP API's commands, fuzzed: whatever a browser or a program
sends to a route that changes something, the answer is a page or a JSON error with a 4xx
status (or a success), never a 500.

Every POST route of the pages (the arbiter's, the leader's, the captains', the registrar's,
the discipline register's, the correspondence leader's, the desk's and the hall's, the
login) and every command of ``/api/v1`` is tried on a database that has something of each
kind: a Monrad tournament with its first round paired, a league season with round 1
played, a cup with its teams, a junior championship, a correspondence group and a rating
list. The pages are sent by a logged-in administrator with the session's CSRF token (now
and then without), the API's commands with his token. The fields are the route's own (its
form's fields, the names its templates give, the API's JSON schema) with values that would
do, broken values, any text, and files of every kind the parsers read (:mod:`tests.fuzz`).

The default run tries :data:`tests.fuzz.FORM_CASES` cases per route; ``SKAK_TEST_LONG=1``
the long budget. Each route starts from the same database, made anew.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi import routing
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from skak.api import Grant, Role, Skak
from skak.faces.web import create_app
from skak.faces.web._render import LANGUAGE_COOKIE
from skak.io.dsu_list import COLUMNS
from skak.records.cup.commands import EnterCupTeams
from tests.cli.test_junior_command import _file as junior_file
from tests.cli.test_rating_commands import list_row
from tests.fuzz import FORM_CASES, LONG, SEEDS, count, fuzz_settings, inputs
from tests.teams.cup_fixture import DAY as CUP_DAY
from tests.teams.cup_fixture import team as cup_team
from tests.web.conftest import CHEAP, arbiters, log_in, register
from tests.web.test_corr_pages import make_group
from tests.web.test_league_pages import make_season

pytestmark = pytest.mark.long

ADMIN = "Ada Admin"
PASSWORD = "fuzz-konto-1"
TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "skak" / "faces" / "web" / "templates"
_CHANGES = {"POST", "PUT", "PATCH", "DELETE"}


def _routes() -> list[tuple[str, str, Any]]:
    """Every route of the app that changes something: (method, path, route)."""
    with tempfile.TemporaryDirectory() as folder:
        skak = Skak(Path(folder) / "routes.db", create=True)
        app: Any = create_app(skak, arbiters=arbiters())
        walk = getattr(routing, "iter_route_contexts", None)
        routes = list(walk(app.routes)) if walk is not None else list(app.routes)
        skak.close()
    return sorted(
        (method, str(r.path), r)
        for r in routes
        if hasattr(r, "path")
        for method in (getattr(r, "methods", None) or ())
        if method in _CHANGES
    )


def _template_names() -> list[str]:
    """The field names the pages' forms give (``board{{ b }}`` as board1 … board8)."""
    names: set[str] = set()
    for page in TEMPLATES.rglob("*.html"):
        for name in re.findall(r'name="([^"]+)"', page.read_text(encoding="utf-8")):
            stem = name.split("{{")[0]
            if "{{" in name:
                names.update(f"{stem}{b}" for b in range(1, 9))
                names.update((f"{stem}home", f"{stem}away", f"{stem}white", f"{stem}black"))
            elif stem and stem not in ("csrf", "viewport"):
                names.add(stem)
    return sorted(names)


FIELD_NAMES = _template_names()


class _Forms(HTMLParser):
    """The POST forms of a page (action, fields with the values the page gives them) and
    its links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.links: list[str] = []
        self._form: dict[str, str] | None = None
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "option":
            self._option(a)
        elif tag == "a" and a.get("href", "").startswith("/"):
            self.links.append(a["href"])
        elif tag == "form" and a.get("method", "get").lower() == "post":
            self._form = {}
            self.forms.append((a.get("action", ""), self._form))
        elif "hx-post" in a and self._form is None:  # a row's field sent on its own (HTMX)
            self._form = {}
            self.forms.append((a["hx-post"], self._form))
        elif self._form is None or "name" not in a:
            return
        elif tag == "input" and a.get("type") in ("checkbox", "radio"):
            if "checked" in a or a["name"] not in self._form:
                self._form[a["name"]] = a.get("value", "on")
        elif tag in ("input", "button"):
            self._form.setdefault(a["name"], a.get("value", ""))
        elif tag == "select":
            self._select = a["name"]
        elif tag == "textarea":
            self._textarea = a["name"]
            self._form[a["name"]] = ""

    def handle_data(self, data: str) -> None:
        if self._form is not None and self._textarea is not None:
            self._form[self._textarea] += data

    def handle_endtag(self, tag: str) -> None:
        if tag in ("form", "tr"):
            self._form = None
        elif tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def _option(self, a: dict[str, str]) -> None:
        if (
            self._form is not None
            and self._select is not None
            and ("selected" in a or self._select not in self._form)
        ):
            self._form[self._select] = a.get("value", "")


def _crawl(
    client: TestClient, starts: list[str], limit: int = 400
) -> list[tuple[str, dict[str, str]]]:
    """The POST forms of the pages reached from ``starts`` (at most ``limit`` pages): each
    one's action and the fields as the page fills them in."""
    seen: set[str] = set()
    todo = list(starts)
    forms: list[tuple[str, dict[str, str]]] = []
    while todo and len(seen) < limit:
        url = todo.pop(0).split("#")[0]
        if url in seen or "logout" in url or url.endswith((".pdf", ".trf", ".csv", ".svg")):
            continue
        seen.add(url)
        answer = client.get(url)
        if answer.status_code != 200 or "html" not in answer.headers.get("content-type", ""):
            continue
        parser = _Forms()
        parser.feed(answer.text)
        for action, fields in parser.forms:
            fields.pop("csrf", None)
            forms.append((action or url, fields))
        todo.extend(link for link in parser.links if link not in seen)
    return forms


@dataclass
class World:
    """The database the routes are tried on, and who tries them."""

    skak: Skak
    pages: TestClient  # logged in as ADMIN
    stranger: TestClient  # not logged in (for /login and /logout)
    csrf: str
    token: str
    path_values: dict[str, list[str]]
    forms: dict[str, list[tuple[str, dict[str, str]]]]


def _build(skak: Skak, tmp_path: Path) -> dict[str, list[str]]:
    """Something of every kind in the database; :returns: the values a path may take."""
    tid = register(skak)
    skak.tournaments.pair(tid)
    rows = [list_row(1, "A, A", 1800), list_row(2, "B, B", 1700), list_row(3, "C, C", 1600)]
    text = ";".join(f'"{c}"' for c in COLUMNS) + "\n" + "".join(rows)
    skak.registry.import_text(text, "liste.csv", date(2026, 8, 1))
    sid = make_season(skak)
    cid = skak.cup.new("Pokal 2025 Bredde", "bredde", CUP_DAY, 3).id
    skak.cup.execute(cid, EnterCupTeams(tuple(cup_team(n) for n in "ABCD")))
    jid = skak.junior.import_file(junior_file(tmp_path), name="Junior Hold DM 2025").id
    gid = make_group(skak)
    teams = [t.name for t in skak.league.get(sid).teams] + list("ABCD") + ["1. HK", "2. HK"]
    return {
        "tid": [str(tid)],
        "sid": [str(sid)],
        "cid": [str(cid)],
        "jid": [str(jid)],
        "gid": [str(gid)],
        "number": ["1", "2", "3", "6", "7"],
        "board": ["1", "2", "3", "4"],
        "round_number": ["1", "2", "3"],
        "team": teams,
        "work": ["amend", "merge", "undo", "import", "align", "compress", "correct"],
    }


@dataclass(frozen=True)
class Template:
    """The database :func:`_build` made, closed, to be copied for each route, and what the
    routes' paths may name in it."""

    file: Path
    token: str
    path_values: dict[str, list[str]]
    forms: dict[str, list[tuple[str, dict[str, str]]]]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Template:
    folder = tmp_path_factory.mktemp("world")
    skak = Skak(folder / "skak.db", create=True, actor="setup")
    values = _build(skak, folder)
    clubs = {t.club for t in skak.league.get(int(values["sid"][0])).teams} | set("ABCD")
    roles = [Grant(Role.ADMIN), *(Grant(Role.CLUB, club=c) for c in sorted(clubs))]
    skak.accounts.add(ADMIN, PASSWORD, roles=roles, hasher=CHEAP)
    token = skak.accounts.issue_token(ADMIN)
    with TestClient(create_app(skak, arbiters=arbiters())) as client:
        log_in(client, ADMIN, PASSWORD)
        v = {k: vs[0] for k, vs in values.items()}
        starts = ["/", "/arbiter", "/captain", "/corr", "/discipline", "/leagues", "/registrar"]
        starts += [
            f"/arbiter/t/{v['tid']}",
            f"/arbiter/t/{v['tid']}/rounds/1",
            f"/leader/league/{v['sid']}",
            f"/leader/cup/{v['cid']}",
            f"/leader/junior/{v['jid']}",
            f"/leader/corr/{v['gid']}",
        ]
        crawled = _crawl(client, starts)
    skak.close()
    forms: dict[str, list[tuple[str, dict[str, str]]]] = {}
    for _method, path, _route in ROUTES:
        pattern = re.sub(r"\\\{[a-z_]+\\\}", "[^/?]+", re.escape(path)) + r"(\?.*)?"
        forms[path] = [(url, f) for url, f in crawled if re.fullmatch(pattern, url)]
    return Template(folder / "skak.db", token, values, forms)


@pytest.fixture
def world(template: Template, tmp_path: Path) -> Iterator[World]:
    """A copy of the template's database, the app on it, and the administrator logged in."""
    for suffix in ("", "-wal"):
        source = template.file.with_name(template.file.name + suffix)
        if source.exists():
            shutil.copyfile(source, tmp_path / f"skak.db{suffix}")
    skak = Skak(tmp_path / "skak.db")
    app = create_app(skak, arbiters=arbiters())
    cookies = {LANGUAGE_COOKIE: "en"}
    with TestClient(app, cookies=cookies) as pages, TestClient(app, cookies=cookies) as stranger:
        csrf = log_in(pages, ADMIN, PASSWORD)
        yield World(
            skak, pages, stranger, csrf, template.token, template.path_values, template.forms
        )
    skak.close()


_DOCUMENT: dict[str, Any] = {}


def _document(client: TestClient) -> dict[str, Any]:
    """The app's OpenAPI document (made once: it takes a while)."""
    if not _DOCUMENT:
        _DOCUMENT.update(client.get("/openapi.json").json())
    return _DOCUMENT


#: Values a field may well be given: numbers, results, dates, names, words of the forms.
GOOD = [
    "", "0", "1", "2", "3", "7", "-1", "1.5", "99999999999999999999999", "1e309", "NaN",
    "½", "=", "1-0", "0-1", "½-½", "+", "-", "+-", "-+", "0-0", "1/2", "f",
    "2025-10-04", "2026-09-01", "2011-09-10", "2026-02-30", "0000-00-00",
    "on", "yes", "ja", "true", "save", "confirm", "approve", "reject", "home", "away",
    "white", "black", "warning", "advarsel", "karantæne", "dutch", "monrad", "berger",
    "BH,SB", "BH/C1", "90+30", "40/90+30", "standard", "rapid", "Hansen, Jens", "A, A",
    "Skovlunde 1", "Sko1", "Bro2", "A", "1. HK", "a1", "6-7", "1. e4", "2... Nc6", "2. Nf3",
    "1001", "1 2 3", "1,2", "2:home", "3:away:late", "1\n2", "\x00", "<script>",
]  # fmt: skip


def _broken(values: list[str]) -> st.SearchStrategy[str]:
    """A value of ``values`` with a piece of another or of any text put in."""
    return st.builds(
        lambda v, at, piece: v[: at % (len(v) + 1)] + piece + v[at % (len(v) + 1) :],
        st.sampled_from(values),
        st.integers(0, 40),
        st.one_of(st.sampled_from(values), st.text(max_size=6)),
    )


VALUE = st.one_of(st.sampled_from(GOOD), st.sampled_from(GOOD), _broken(GOOD), st.text(max_size=40))


def _path(path: str, values: dict[str, list[str]]) -> st.SearchStrategy[str]:
    """The route's path with its parameters given: a value the database has, mostly."""
    names = re.findall(r"\{([a-z_]+)\}", path)
    parts = [
        st.one_of(
            *[st.sampled_from(values.get(n, ["1"]))] * 4,
            _broken(values.get(n, ["1"])),
            st.integers(-3, 10**25).map(str),
            st.text(min_size=1, max_size=12),
        ).map(lambda v: quote(v, safe=""))
        for n in names
    ]

    def fill(given: tuple[str, ...]) -> str:
        out = path
        for n, v in zip(names, given, strict=True):
            out = out.replace("{" + n + "}", v, 1)
        return out

    return st.tuples(*parts).map(fill)


def _form_fields(route: Any) -> list[str]:
    """The names a route declares as its form's fields (FastAPI's ``Form()`` parameters)."""
    dependant = getattr(route, "dependant", None)
    params = getattr(dependant, "body_params", None) or []
    return [getattr(p, "alias", None) or p.name for p in params]


def _token(good: int) -> st.SearchStrategy[str]:
    """Which token a case sends: the session's (``good`` cases in ``good + 3``), none, a
    wrong one, or any characters."""
    kinds = st.sampled_from(["good"] * good + ["none", "bad", "text"])
    return kinds.flatmap(lambda k: st.text(max_size=8) if k == "text" else st.just(k))


def _form(route: Any) -> st.SearchStrategy[dict[str, Any]]:
    """A form: the route's fields (each given or not), some of the pages' other fields, the
    session's CSRF token or not, and now and then a file of any kind."""
    own = [n for n in _form_fields(route) if n != "csrf"]
    fields = st.fixed_dictionaries({}, optional=dict.fromkeys(own, VALUE))
    others = st.dictionaries(st.sampled_from(FIELD_NAMES), VALUE, max_size=6)
    kinds = sorted(SEEDS)
    upload = st.one_of(
        st.none(),
        st.sampled_from(kinds).flatmap(lambda k: st.tuples(st.just(k), inputs(k))),
    )
    return st.fixed_dictionaries(
        {
            "fields": fields,
            "others": others,
            "csrf": _token(8),
            "upload": upload,
        }
    )


_JSON = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**20), 10**20),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(GOOD),
        st.text(max_size=20),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=12,
)


def _value_of(schema: dict[str, Any], components: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A JSON value for a property of the API's schema: of its type mostly, anything now
    and then."""
    if "$ref" in schema:
        return _body(components[schema["$ref"].rsplit("/", 1)[-1]], components)
    options = schema.get("anyOf") or [schema]
    typed: list[st.SearchStrategy[Any]] = []
    for o in options:
        kind = o.get("type")
        if "$ref" in o:
            typed.append(_body(components[o["$ref"].rsplit("/", 1)[-1]], components))
        elif "enum" in o:
            typed.append(st.sampled_from(o["enum"]))
        elif kind == "integer":
            typed.append(st.one_of(st.integers(-2, 12), st.integers(-(10**25), 10**25)))
        elif kind == "string":
            typed.append(VALUE)
        elif kind == "boolean":
            typed.append(st.booleans())
        elif kind == "array":
            typed.append(st.lists(_value_of(o.get("items", {}), components), max_size=9))
        elif kind == "null":
            typed.append(st.none())
    return st.one_of(*typed, *typed, *typed, _JSON) if typed else _JSON


def _body(schema: dict[str, Any], components: dict[str, Any]) -> st.SearchStrategy[Any]:
    props = schema.get("properties", {})
    required = set(schema.get("required", ()))
    return st.fixed_dictionaries(
        {k: _value_of(v, components) for k, v in props.items() if k in required},
        optional={k: _value_of(v, components) for k, v in props.items() if k not in required},
    )


def _request_schema(
    document: dict[str, Any], method: str, path: str
) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    components = document.get("components", {}).get("schemas", {})
    operation = document["paths"].get(path, {}).get(method.lower(), {})
    content = operation.get("requestBody", {}).get("content", {})
    schema = content.get("application/json", {}).get("schema")
    if schema is not None and "$ref" in schema:
        schema = components[schema["$ref"].rsplit("/", 1)[-1]]
    return schema, components


ROUTES = _routes()


def _id(route: tuple[str, str, Any]) -> str:
    return f"{route[0]} {route[1]}"


def test_every_kind_of_form_is_fuzzed() -> None:
    """The pages' forms of every role and the API's commands are among the routes."""
    paths = {p for _m, p, _r in ROUTES}
    for prefix in ("/arbiter/", "/leader/", "/captain/", "/registrar/", "/discipline/", "/api/v1/"):
        assert any(p.startswith(prefix) for p in paths), prefix
    assert len(ROUTES) >= 58


def _check(answer: Any, method: str, url: str) -> None:
    """A crash is a 500 (or any 5xx but "busy, try again")."""
    assert answer.status_code < 500 or answer.status_code == 503, (
        method,
        url,
        answer.status_code,
        answer.text[:2000],
    )


#: The routes each test tries: in the long run one route a test (each from the template's
#: database), else all of them in one test (the default run stays quick).
GROUPS = [[r] for r in ROUTES] if LONG else [ROUTES]


def _group_id(group: list[tuple[str, str, Any]]) -> str:
    return _id(group[0]) if len(group) == 1 else "every route"


def _request(route: tuple[str, str, Any], world: World) -> st.SearchStrategy[Any]:
    """One request to ``route``: a function that sends it and checks the answer."""
    method, path, r = route
    name = f"web {method} {path}"
    url = _path(path, world.path_values)
    if path.startswith("/api/"):
        schema, components = _request_schema(_document(world.pages), method, path)
        body = _body(schema, components) if schema is not None else st.just({})
        raw = st.one_of(st.none(), st.none(), st.none(), st.binary(max_size=64))
        token = _token(9)

        def api(url: str, body: Any, raw: bytes | None, token: str) -> None:
            count(name)
            headers: dict[str, Any] = {}
            if token == "good":
                headers["Authorization"] = f"Bearer {world.token}"
            elif token != "none":  # any characters, as the header's bytes
                headers["Authorization"] = f"Bearer {token}".encode()
            if raw is not None:
                headers["Content-Type"] = "application/json"
                answer = world.pages.request(method, url, headers=headers, content=raw)
            else:
                answer = world.pages.request(method, url, headers=headers, json=body)
            _check(answer, method, url)

        return st.builds(
            lambda *a: lambda: api(*a), url, st.one_of(body, body, body, _JSON), raw, token
        )

    client = world.stranger if path in ("/login", "/logout") else world.pages

    def page(url: str, form: dict[str, Any]) -> None:
        count(name)
        data = {**form["others"], **form["fields"]}
        sent = {"good": world.csrf, "bad": "x" + world.csrf}.get(form["csrf"], form["csrf"])
        if form["csrf"] != "none":
            data["csrf"] = sent
        files = None
        if form["upload"] is not None:
            kind, content = form["upload"]
            files = {"file": (f"fuzz.{kind}", content, "application/octet-stream")}
        answer = client.request(method, url, data=data, files=files, follow_redirects=False)
        _check(answer, method, url)

    any_form = st.builds(lambda *a: lambda: page(*a), url, _form(r))
    samples = world.forms.get(path, [])
    if not samples:
        return any_form
    sample = st.sampled_from(samples).flatmap(lambda s: _mutated(s, url, _form(r)))
    return st.one_of(any_form, *[st.builds(lambda a: lambda: page(*a), sample)] * 3)


def _mutated(
    sample: tuple[str, dict[str, str]],
    url: st.SearchStrategy[str],
    form: st.SearchStrategy[dict[str, Any]],
) -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    """A form a page gives, a few of its fields changed, dropped or broken, its address
    now and then another."""
    action, fields = sample
    names = sorted(fields) or ["csrf"]
    edit = st.tuples(st.sampled_from(names), st.sampled_from(["value", "drop", "break"]), VALUE)

    def apply(
        where: str, edits: list[tuple[str, str, str]], rest: dict[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        changed = dict(fields)
        for name, op, value in edits:
            if op == "drop":
                changed.pop(name, None)
            elif op == "value":
                changed[name] = value
            else:
                old = changed.get(name, "")
                changed[name] = old[: len(old) // 2] + value + old[len(old) // 2 :]
        return where, {**rest, "fields": changed, "others": {}}

    return st.builds(
        apply,
        st.one_of(*[st.just(action)] * 7, url),
        st.lists(edit, max_size=3),
        form,
    )


@pytest.mark.parametrize("group", GROUPS, ids=_group_id)
def test_a_form_answers_with_a_page_or_a_4xx(
    group: list[tuple[str, str, Any]], world: World
) -> None:
    """Whatever is sent: a page, a redirect or a 4xx, never a 500."""
    requests = [_request(route, world) for route in group]

    @fuzz_settings(FORM_CASES * len(group))
    @given(send=st.one_of(requests))
    def fuzz(send: Any) -> None:
        send()

    fuzz()


def test_the_pages_give_forms_to_start_from(template: Template) -> None:
    """Most forms are fuzzed from what a page fills in (its hidden version, its choices),
    so that the cases get past the first check."""
    pages = [p for _m, p, _r in ROUTES if not p.startswith("/api/")]
    found = sorted(p for p in pages if template.forms[p])
    assert len(found) >= len(pages) // 2, sorted(set(pages) - set(found))
