"""The web in a real browser: Playwright drives Debian's Chromium (``/usr/bin/chromium``,
installed by ``.ci/run``; no browser is downloaded) against ``skak serve``'s app on a free
loopback port. An arbiter logs in, pairs round 1 after its preview, types the results with
the keyboard on the board list and sees them saved; the public standings show them; a
second arbiter typing on a board changed meanwhile sees the conflict.

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app as cli
from skak.faces.web import Arbiters, create_app
from skak.model import Player, Ratings, Result, Scoring, Tournament
from tests.web.conftest import ARBITER, CHEAP, FIELD, PASSWORD, arbiters, register

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

#: Debian's Chromium; $SKAK_CHROMIUM names another.
CHROMIUM = os.environ.get("SKAK_CHROMIUM", "/usr/bin/chromium")
#: Where the screenshot goes, to be looked at.
SCREENSHOTS = Path(os.environ.get("SKAK_SCREENSHOTS", "/tmp"))


def _missing() -> str | None:
    try:
        import playwright
        from playwright.sync_api import sync_playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    driver = Path(playwright.__file__).parent / "driver"
    if not driver.is_dir() or not any(driver.iterdir()):
        return f"Playwright's driver is missing ({driver})"
    if shutil.which(CHROMIUM) is None:
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``skak serve``'s app under uvicorn in a thread, on 127.0.0.1 only."""

    def __init__(self, skak: Skak, arbiters: Arbiters) -> None:
        import uvicorn

        self.port = _free_port()
        config = uvicorn.Config(
            create_app(skak, arbiters=arbiters),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *_: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Server, Skak, int]]:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    tid = register(skak)
    with Server(skak, arbiters()) as s:
        yield s, skak, tid
    skak.close()


def _log_in(page: Page, url: str, name: str, password: str) -> None:
    """Log in on the Danish login page (Danish is the pages' default)."""
    page.goto(f"{url}/login")
    page.get_by_label("Navn").fill(name)
    page.get_by_label("Adgangskode").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{url}/arbiter")


#: Twelve players as a club's list comes: Danish column names, a semicolon between them.
CSV = "navn;ratingtal;klub\n" + "".join(
    f"{last}, {first};{rating};{club}\n"
    for last, first, rating, club in [
        ("Andersen", "Anna", 2210, "Aarhus Skakklub"),
        ("Bruun", "Bent", 2105, "Skakklubben K41"),
        ("Carlsen", "Clara", 1990, "Aarhus Skakklub"),
        ("Dahl", "Dennis", 1875, "Brønshøj Skakforening"),
        ("Eriksen", "Emil", 1760, "Skakklubben K41"),
        ("Frost", "Freja", 1650, "Aarhus Skakklub"),
        ("Gram", "Gustav", 1615, "Nørresundby Skakklub"),
        ("Holm", "Hanne", 1590, "Brønshøj Skakforening"),
        ("Iversen", "Ib", 1540, "Skakklubben K41"),
        ("Juhl", "Jonna", 1480, "Nørresundby Skakklub"),
        ("Krogh", "Karl", 1430, "Aarhus Skakklub"),
        ("Lund", "Lise", 1375, "Brønshøj Skakforening"),
    ]
)
#: What the arbiter types on each round's six boards, by keyboard.
TYPED = {
    1: ["1", "=", "0", "1", "+", "="],
    2: ["0", "1", "=", "=", "1", "0"],
    3: ["=", "0", "1", "-", "=", "1"],
}


_QUARTERS = {"¼": Fraction(1, 4), "½": Fraction(1, 2), "¾": Fraction(3, 4)}


def _points(text: str) -> Fraction:
    """A column's points or tie-break as the pages write them (``2``, ``2½``, ``¾``)."""
    text = text.strip()
    part = _QUARTERS.get(text[-1:], Fraction(0))
    whole = text[:-1] if text[-1:] in _QUARTERS else text
    return Fraction(int(whole or 0)) + part


def test_an_arbiters_whole_evening_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    """The issue's scenario: log in, create a Monrad tournament, add 12 players by CSV,
    pair three rounds, type every result by keyboard, correct one, undo one; the public
    standings equal ``skak standings --json``; a public page refuses a POST, a form without
    its CSRF token is refused; screenshots of the round page and the public standings."""
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)

        # A new Monrad tournament
        page.get_by_role("link", name="Ny turnering").click()
        page.locator("input[name=name]").fill("Klubmesterskab 2026")
        page.locator("select[name=system]").select_option("monrad")
        page.locator("input[name=rounds]").fill("3")
        page.locator("input[name=place]").fill("Aarhus")
        page.locator("input[name=tiebreaks]").fill("BH, SB")
        page.get_by_role("button", name="Opret").click()
        page.wait_for_url(re.compile(r".*/arbiter/t/\d+/players$"))
        tid = skak.tournaments.rows()[0].id
        assert f"Turnering #{tid} Klubmesterskab 2026 er oprettet" in page.content()

        # Twelve players from a CSV file
        csv = tmp_path / "spillere.csv"
        csv.write_text(CSV, encoding="utf-8")
        page.locator("input[name=file]").set_input_files(str(csv))
        page.get_by_role("button", name="Indlæs").click()
        page.wait_for_selector("p.flash")
        assert "12 spillere er indlæst fra spillere.csv." in page.content()
        assert page.locator("table.players tbody tr").count() == 12

        # Three rounds: the preview, the confirmation, every result by keyboard
        for number in (1, 2, 3):
            page.get_by_role("link", name="Rundelægning").first.click()
            assert page.get_by_text("Begrundelse").is_visible()
            page.get_by_role("button", name=f"Bekræft og gem runde {number}").click()
            page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/rounds/{number}")
            page.locator("#board-1 input[name=result]").focus()
            for key in TYPED[number]:
                page.keyboard.type(key)
                page.keyboard.press("Enter")
            for board in range(1, 7):
                page.locator(f"#board-{board}.saved").wait_for(timeout=10_000)
            if number == 2:
                page.screenshot(path=str(SCREENSHOTS / "web-round.png"), full_page=True)
        t = skak.tournaments.get(tid)
        assert all(p.result is not None for r in t.rounds for p in r.pairings)
        assert [str(p.result) for p in t.round(1).pairings] == [
            "1-0",
            "½-½",
            "0-1",
            "1-0",
            "+-",
            "½-½",
        ]

        # A correction (board 3 of round 3: 1 becomes ½), then an undo of it
        page.locator("#board-3 input[name=result]").fill("½")
        page.keyboard.press("Tab")
        page.locator("#board-3 td.status", has_text="rettet fra 1-0").wait_for(timeout=10_000)
        assert str(skak.tournaments.get(tid).round(3).board(3).result) == "½-½"
        page.get_by_role("link", name="Historik og fortryd").click()
        assert "Seneste ændring" in page.content()
        page.get_by_role("button", name="Fortryd den").click()
        assert str(skak.tournaments.get(tid).round(3).board(3).result) == "½-½"  # asked first
        page.get_by_role("button", name="Ja, fortryd den").click()
        page.wait_for_selector("p.flash")
        assert str(skak.tournaments.get(tid).round(3).board(3).result) == "1-0"
        assert {h.actor for h in skak.tournaments.history(tid)[1:]} == {ARBITER}

        # The public standings, as `skak standings --json` has them
        public = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        phone = public.new_page()
        phone.goto(f"{srv.url}/")
        phone.wait_for_url(f"{srv.url}/t/{tid}/standings")
        done = CliRunner().invoke(cli, ["standings", "--json", "--db", str(tmp_path / "skak.db")])
        assert done.exit_code == 0, done.output
        expected = json.loads(done.stdout)["standings"]
        rows = phone.locator("table.standings tbody tr")
        assert rows.count() == len(expected) == 12
        for i, row in enumerate(expected):
            cells = rows.nth(i)
            assert cells.locator("th").inner_text() == row["name"]
            assert cells.locator("td").nth(0).inner_text() == str(row["place"])
            assert _points(cells.locator("td.points").inner_text()) == Fraction(
                Decimal(row["points"])
            )
            shown = [cells.locator("td").nth(6 + i).text_content() or "" for i in range(2)]
            assert [_points(v) for v in shown] == [
                Fraction(Decimal(row["tiebreaks"][code])) for code in ("BH", "SB")
            ]
        assert phone.locator("th:has-text('Klub')").is_hidden()  # a phone's narrow table
        phone.screenshot(path=str(SCREENSHOTS / "web-standings-phone.png"), full_page=True)
        wide = public.new_page()
        wide.set_viewport_size({"width": 1000, "height": 700})
        wide.goto(f"{srv.url}/t/{tid}/standings")
        wide.screenshot(path=str(SCREENSHOTS / "web-standings.png"), full_page=True)

        # A public page refuses a POST; a change without its CSRF token is refused
        refused = phone.request.post(f"{srv.url}/t/{tid}/standings")
        assert refused.status == 405
        before = skak.tournaments.history(tid)
        forged = page.request.post(
            f"{srv.url}/arbiter/t/{tid}/rounds/1/boards/1", form={"result": "0", "seen": "1"}
        )
        assert forged.status == 403
        assert skak.tournaments.history(tid) == before
        public.close()
        context.close()
    skak.close()


def test_a_second_arbiter_sees_the_conflict(
    browser: Browser, server: tuple[Server, Skak, int]
) -> None:
    srv, skak, tid = server
    skak.tournaments.pair(tid)
    first, second = browser.new_context(), browser.new_context()
    one, two = first.new_page(), second.new_page()
    _log_in(one, srv.url, ARBITER, PASSWORD)
    _log_in(two, srv.url, "Ole Olsen", "fianchetto")
    for page in (one, two):
        page.goto(f"{srv.url}/arbiter/t/{tid}/rounds/1")
    one.locator("#board-2 input[name=result]").fill("0")
    one.keyboard.press("Tab")
    one.locator("#board-2.saved").wait_for(timeout=10_000)
    two.locator("#board-2 input[name=result]").fill("1")
    two.keyboard.press("Tab")
    two.locator("#board-2.conflict").wait_for(timeout=10_000)
    assert "ændret af en anden" in two.locator("#board-2 td.status").inner_text()
    assert two.locator("#board-2 input[name=result]").input_value() == "0-1"
    assert skak.tournaments.get(tid).round(1).board(2).result is Result.BLACK_WIN
    first.close()
    second.close()


def test_a_rounds_pairing_list_prints_on_one_a4_page(browser: Browser, tmp_path: Path) -> None:
    """50 boards (100 players with names of a realistic length) on one A4 page."""
    skak = Skak(tmp_path / "skak.db", create=True)
    tid = skak.tournaments.create(
        Tournament("Danmarksmesterskabet 2026", "dutch", number_of_rounds=9)
    ).id
    field = [
        Player(i, f"Østergaard-Nielsen, Mads Kristian {i}", ratings=Ratings(dsu=2400 - i))
        for i in range(1, 101)
    ]
    skak.tournaments.add_players(tid, lambda _t: field)
    skak.tournaments.pair(tid)
    with Server(skak, Arbiters()) as srv:
        page = browser.new_page()
        page.goto(f"{srv.url}/t/{tid}/rounds/1")
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        page.close()
    skak.close()
    pages = re.findall(rb"/Type\s*/Page[^s]", pdf)
    assert len(pages) == 1
    assert pdf.startswith(b"%PDF")


def test_typing_on_past_a_save_loses_nothing(browser: Browser, tmp_path: Path) -> None:
    """Gladiator (4.9.8): the result, then at once the play-off on the same row. The second
    save waits for the first one's answer and goes with the board as that answer left it,
    so the arbiter never conflicts with himself and his typing is never wiped. The first
    answer is held until he is half-way through the play-off: the row takes it around his
    field, and his half-typed "½," is not saved on its own (a field taken off the page fires
    "change" on its way out)."""
    from playwright.sync_api import Route

    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    t = Tournament("Gladiator 2026", "monrad", number_of_rounds=3, scoring=Scoring(gladiator=True))
    tid = skak.tournaments.create(t).id
    skak.tournaments.add_players(tid, lambda _t: [Player(i, f"Spiller {i}") for i in range(1, 5)])
    skak.tournaments.pair(tid)
    with Server(skak, arbiters()) as srv:
        page = browser.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        page.goto(f"{srv.url}/arbiter/t/{tid}/rounds/1")
        held: list[Route] = []
        sent: list[str] = []

        def hold_the_first(route: Route) -> None:
            sent.append(route.request.post_data or "")
            if len(sent) == 1:
                held.append(route)
            else:
                route.continue_()

        page.route("**/rounds/1/boards/1", hold_the_first)
        page.locator("#board-1 input[name=result]").fill("=")
        page.keyboard.press("Tab")  # the result's save leaves; the cursor is in the play-off
        page.keyboard.type("½,")
        page.wait_for_function("() => document.querySelector('#board-1').matches('.htmx-request')")
        held[0].continue_()
        page.wait_for_function(
            "() => document.querySelector('#board-1 input[name=seen]').value === '½-½'"
        )
        page.keyboard.type("1")
        page.keyboard.press("Tab")
        status = page.locator("#board-1 td.status")
        status.filter(has_text="Gemt: remis, omkamp ½-½ 1-0.").wait_for(timeout=10_000)
        board = skak.tournaments.get(tid).round(1).board(1)
        assert (board.result, board.playoff) == (Result.DRAW, (Result.DRAW, Result.WHITE_WIN))
        assert [parse_qs(body).get("playoff", [""]) for body in sent] == [[""], ["½,1"]]
        assert "Ikke gemt" not in page.locator("#board-1").inner_text()
        page.close()
    skak.close()


def test_the_league_pages_fit_a_phone(browser: Browser, tmp_path: Path) -> None:
    """Every public page of a league season, a cup, a junior team championship and a
    correspondence group at 390 px, and the leaders' and captain's pages: no horizontal overflow
    (the page is no wider than the screen; a wide table scrolls in its own box)."""
    from datetime import date

    from tests.web.test_league_pages import make_season

    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    sid = make_season(skak)
    cid = skak.cup.new("Pokal 2025 Bredde", "bredde", date(2025, 6, 8), 5).id
    season = skak.league.get(sid)
    f = next(f for f in season.schedule("2. division", 1) if f.round == 1)
    skak.league.rule(sid, "5.1 §13 e", "Resultatkortet kom for sent.", penalties=[(f.home, 1)])
    from skak.api import Grant, Role

    skak.accounts.add("Lise Leder", "kaptajn-77", roles=[Grant(Role.LEADER, sid)], hasher=CHEAP)
    from tests.cli.test_junior_command import _file

    jid = skak.junior.import_file(_file(tmp_path), name="Junior Hold DM 2025").id
    from tests.web.test_corr_pages import make_group

    gid = make_group(skak)
    paths = [
        "/leagues",
        "/corr",
        f"/corr/{gid}",
        f"/corr/{gid}/game/21",
        "/ratings",
        "/events",
        f"/junior/{jid}",
        f"/league/{sid}",
        f"/league/{sid}/standings",
        f"/league/{sid}/schedule",
        f"/league/{sid}/match/1/{f.home}",
        f"/league/{sid}/team/{f.home}",
        f"/league/{sid}/rulings",
        f"/cup/{cid}",
    ]
    with Server(skak, arbiters()) as srv:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = phone.new_page()
        for path in paths:
            page.goto(f"{srv.url}{path}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
        page.goto(f"{srv.url}/league/{sid}/standings")
        page.screenshot(path=str(SCREENSHOTS / "web-league-standings-phone.png"), full_page=True)
        _log_in(page, srv.url, "Lise Leder", "kaptajn-77")
        for path in (
            f"/leader/league/{sid}",
            f"/leader/league/{sid}/rule?round=1&team={f.home}",
            f"/leader/league/{sid}/season-end",
            f"/leader/junior/{jid}",
            f"/leader/cup/{cid}",
            "/captain",
            "/discipline",
            "/registrar",
            "/leader/corr",
            f"/leader/corr/{gid}",
            f"/leader/corr/{gid}/overdue?as_of=2011-10-20",
            f"/leader/corr/{gid}/letters?as_of=2011-10-20",
        ):
            page.goto(f"{srv.url}{path}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, (path, width)
        phone.close()
    skak.close()


def test_captains_and_the_leader_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    """A captain checks a line-up (the refusal in Danish, board, player, paragraph), saves
    the right one and reports the card; the away captain disputes it; the leader rules on
    it (5.1 §14–§15), the ruling is published on the public page and the public standings
    count the card as ruled. Screenshots of the line-up form with its refusal and of the
    leader's cards."""
    from skak.api import Grant, Role
    from tests.web.test_league_pages import make_season

    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    sid = make_season(skak)
    f = next(f for f in skak.league.get(sid).schedule("2. division", 1) if f.round == 2)
    clubs = {t: t.removesuffix(" 1") for t in (f.home, f.away)}
    for club in clubs.values():
        skak.accounts.add(
            f"Kaptajn {club}", "kaptajn-77", roles=[Grant(Role.CLUB, club=club)], hasher=CHEAP
        )
    skak.accounts.add("Lise Leder", "kaptajn-77", roles=[Grant(Role.LEADER, sid)], hasher=CHEAP)
    skak.league.lineup(sid, 2, f.away, [f"{f.away[:3]}{b}" for b in range(1, 5)])
    with Server(skak, Arbiters()) as srv:
        home = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = home.new_page()
        _log_in(page, srv.url, f"Kaptajn {clubs[f.home]}", "kaptajn-77")
        page.goto(f"{srv.url}/captain")
        page.get_by_role("link", name="Holdopstilling").first.click()
        prefix = f.home[:3]
        for b in range(1, 5):
            page.locator(f"input[name=board{b}]").fill(f"{prefix}{5 - b}")
        page.get_by_role("button", name="Kontrollér").click()
        refusal = page.locator("ul.error").inner_text()
        assert "bræt 1:" in refusal and "(5.1 §10 b)" in refusal
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(SCREENSHOTS / "web-captain-lineup.png"), full_page=True)
        for b in range(1, 5):
            page.locator(f"input[name=board{b}]").fill(f"{prefix}{b}")
        page.get_by_role("button", name="Gem holdopstillingen").click()
        assert "bryder ingen regel" in page.locator("p.ok").inner_text()
        page.goto(f"{srv.url}/captain/league/{sid}/result/2/{f.home}")
        for b, token in enumerate(["1", "1", "½", "0"], start=1):
            page.locator(f"select[name=board{b}]").select_option(token)
        page.get_by_role("button", name="Indberet resultatet").click()
        page.wait_for_url(re.compile(r".*/league/\d+/match/2/.*"))
        assert "2½–1½" in page.content()
        home.close()

        away = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = away.new_page()
        _log_in(page, srv.url, f"Kaptajn {clubs[f.away]}", "kaptajn-77")
        page.goto(f"{srv.url}/captain")
        page.locator("input[name=reason]").first.fill("bræt 3 endte 1-0 til os")
        page.get_by_role("button", name="Gør indsigelse").first.click()
        page.wait_for_url(f"{srv.url}/captain")
        away.close()

        leader = browser.new_context(viewport={"width": 1000, "height": 700})
        page = leader.new_page()
        _log_in(page, srv.url, "Lise Leder", "kaptajn-77")
        page.goto(f"{srv.url}/leader/league/{sid}")
        assert "bræt 3 endte 1-0 til os" in page.content()
        page.screenshot(path=str(SCREENSHOTS / "web-leader-cards.png"), full_page=True)
        page.get_by_role("link", name="Afsig kendelse").first.click()
        page.locator("input[name=paragraph]").fill("5.1 §12")
        page.locator("textarea[name=text]").fill("Dommerens rapport: bræt 3 endte remis.")
        for b, token in enumerate(["1", "1", "½", "0"], start=1):
            page.locator(f"select[name=board{b}]").select_option(token)
        assert page.evaluate("document.documentElement.scrollWidth") <= 1000
        page.get_by_role("button", name="Afsig kendelsen").click()
        page.wait_for_url(f"{srv.url}/leader/league/{sid}")
        assert "Kendelse 1 er offentliggjort" in page.locator("p.flash").inner_text()
        leader.close()

        public = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = public.new_page()
        page.goto(f"{srv.url}/league/{sid}/rulings?lang=da")
        ruling = page.locator("article.ruling").inner_text()
        assert "Kendelse 1" in ruling and "bræt 3 endte remis" in ruling and "§15 b" in ruling
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(SCREENSHOTS / "web-league-rulings-phone.png"), full_page=True)
        page.goto(f"{srv.url}/league/{sid}/standings")
        played = {
            row.locator("th").inner_text(): row.locator("td").nth(1).inner_text()
            for row in page.locator("table.standings tbody tr").all()
        }
        assert played[f.home] == "2"
        public.close()
    line = next(c for c in skak.league.cards(sid) if c.round == 2)
    assert line.state == "approved" and line.approved_by == "Lise Leder"
    assert [r.state for r in skak.league.rulings(sid)] == ["given"]
    skak.close()


def test_a_card_confirmed_counts_and_another_clubs_team_is_refused(
    browser: Browser, tmp_path: Path
) -> None:
    """The home captain enters his line-up and the result; the away captain confirms it and
    the public standings count it at once; a captain who tries another club's line-up is
    refused (403) and nothing is written."""
    from skak.api import Grant, Role
    from tests.web.test_league_pages import make_season

    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    sid = make_season(skak)
    season = skak.league.get(sid)
    f = next(f for f in season.schedule("2. division", 1) if f.round == 2)
    other = next(t.name for t in season.teams if t.name not in f.teams())
    for t in (f.home, f.away, other):
        club = t.removesuffix(" 1")
        skak.accounts.add(
            f"Kaptajn {club}", "kaptajn-77", roles=[Grant(Role.CLUB, club=club)], hasher=CHEAP
        )
    skak.league.lineup(sid, 2, f.away, [f"{f.away[:3]}{b}" for b in range(1, 5)])
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, f"Kaptajn {f.home.removesuffix(' 1')}", "kaptajn-77")
        page.goto(f"{srv.url}/captain/league/{sid}/lineup/2/{f.home}")
        for b in range(1, 5):
            page.locator(f"input[name=board{b}]").fill(f"{f.home[:3]}{b}")
        page.get_by_role("button", name="Gem holdopstillingen").click()
        page.goto(f"{srv.url}/captain/league/{sid}/result/2/{f.home}")
        for b, token in enumerate(["1", "1", "1", "0"], start=1):
            page.locator(f"select[name=board{b}]").select_option(token)
        page.get_by_role("button", name="Indberet resultatet").click()
        page.wait_for_url(re.compile(r".*/league/\d+/match/2/.*"))
        context.close()

        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, f"Kaptajn {f.away.removesuffix(' 1')}", "kaptajn-77")
        page.goto(f"{srv.url}/captain")
        page.get_by_role("button", name="Bekræft").first.click()
        page.wait_for_url(f"{srv.url}/captain")
        assert "bekræftet" in page.locator("p.flash").inner_text()
        page.goto(f"{srv.url}/league/{sid}/standings")
        points = {
            row.locator("th").inner_text(): row.locator("td").all_inner_texts()
            for row in page.locator("table.standings tbody tr").all()
        }
        assert points[f.home][1] == "2"  # two matches played, the confirmed one counted
        context.close()

        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, f"Kaptajn {other.removesuffix(' 1')}", "kaptajn-77")
        version = skak.league.version(sid)
        page.goto(f"{srv.url}/captain/league/{sid}/lineup/3/{f.home}")
        for b in range(1, 5):
            page.locator(f"input[name=board{b}]").fill(f"{f.home[:3]}{b}")
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            page.get_by_role("button", name="Gem holdopstillingen").click()
        assert answer.value.status == 403
        assert "må ikke ændre" in page.content()
        assert skak.league.version(sid) == version
        context.close()
    line = next(c for c in skak.league.cards(sid) if c.round == 2)
    assert line.state == "confirmed"
    skak.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_no_page_overflows_the_screen(browser: Browser, tmp_path: Path, width: int) -> None:
    """Every page, the arbiter's too, at a laptop's 1280 px and a phone's 390 px: the page is
    no wider than the screen (a wide table scrolls in its own box), and a saved result's
    status is on the screen."""
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    tid = skak.tournaments.create(
        Tournament("Skovlunde Skakklubs Klubmesterskab 2026", "monrad", number_of_rounds=5)
    ).id
    long_names = [  # names as long as a Danish club's list has them
        "Vestergaard-Christensen, Anne-Mette Kristine",
        "Bønnelykke-Østergaard, Hans Christian Frederik",
        "Schmidt-Nielsen, Karl-Emil Valdemar",
        "Rasmussen-Kjærsgaard, Marie-Louise Birgitte",
        "Andersen-Lykkegaard, Poul Erik Johannes",
        "Thorsen-Bjerregaard, Sofie Amalie Kathrine",
    ]
    field = [Player(i, n, ratings=Ratings(dsu=2000 - i)) for i, n in enumerate(long_names, 1)]
    skak.tournaments.add_players(tid, lambda _t: field)
    skak.tournaments.pair(tid)
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    paths = [
        "/tournaments",
        f"/t/{tid}/standings",
        f"/t/{tid}/rounds/1",
        f"/t/{tid}/crosstable",
        f"/t/{tid}/players",
        f"/t/{tid}/players/1",
        f"/t/{tid}/screen",
        "/arbiter",
        "/arbiter/new",
        "/arbiter/import",
        f"/arbiter/t/{tid}",
        f"/arbiter/t/{tid}/players",
        f"/arbiter/t/{tid}/players/1",
        f"/arbiter/t/{tid}/pair",
        f"/arbiter/t/{tid}/rounds/1",
        f"/arbiter/t/{tid}/history",
        f"/arbiter/t/{tid}/checkin",
        f"/arbiter/t/{tid}/checkin/close",
        f"/arbiter/t/{tid}/rounds/1/edit",
        f"/t/{tid}/prizes",
        f"/arbiter/t/{tid}/prizes",
        f"/arbiter/t/{tid}/delete",
    ]
    skak.tournaments.set_prizes(
        tid,
        place="1000,600,400",
        categories=["club:Skovlunde Skakklub:250", "rating<1600:200"],
        order="place,club:Skovlunde Skakklub",
    )
    skak.tournaments.forbid_pairing(tid, [1, 2], rounds=(2, 3))
    skak.tournaments.forbid_groups(tid, "club", rounds=(2, 2))
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=width < 600
        )
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        wide = []
        for path in paths:
            page.goto(f"{srv.url}{path}")
            scroll = page.evaluate("document.documentElement.scrollWidth")
            if scroll > width:
                wide.append((path, scroll))
        assert wide == []
        page.goto(f"{srv.url}/arbiter/t/{tid}/rounds/1")
        page.locator("#board-1 input[name=result]").fill("1")
        page.keyboard.press("Enter")
        status = page.locator("#board-1 td.status")
        status.wait_for()
        page.locator("#board-1.saved").wait_for(timeout=10_000)
        box = status.bounding_box()
        assert box is not None and box["x"] + 40 <= width, box  # "Gemt" can be read
        context.close()
    skak.close()


def test_the_check_in_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    """The arbiter checks two players in on the check-in page (by HTMX, no reload), closes
    the check-in after its confirmation, and round 1 pairs only those two: the four others
    are absent (0 points). A screenshot of the check-in page."""
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    tid = skak.tournaments.create(Tournament("Onsdagsturnering", "dutch", number_of_rounds=3)).id
    field = [Player(i, n, ratings=Ratings(dsu=2300 - 100 * i), club="Aarhus Skakklub")
             for i, (n, _r) in enumerate(FIELD, 1)]  # fmt: skip
    skak.tournaments.add_players(tid, lambda _t: field)
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        page.goto(f"{srv.url}/arbiter/t/{tid}")
        page.get_by_role("link", name="Indtjekning til næste runde").click()
        page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/checkin")
        for n in (2, 5):
            page.locator(f"#checkin-{n} button").click()
            page.locator(f"#checkin-{n}.in").wait_for(timeout=10_000)
        assert page.locator("#checkin-count").inner_text() == "2 tjekket ind, 4 mangler"
        assert skak.tournaments.get(tid).checked_in == {2, 5}
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(SCREENSHOTS / "web-checkin.png"), full_page=True)
        page.get_by_role("link", name="Luk indtjekningen").click()
        assert "4 spillere er ikke tjekket ind" in page.content()
        assert not skak.tournaments.get(tid).checkin_closed  # asked first
        page.get_by_role("button", name="Ja, luk indtjekningen").click()
        page.wait_for_selector("p.flash")
        assert "indtjekningen lukket" in page.content()
        page.goto(f"{srv.url}/arbiter/t/{tid}/pair")
        page.get_by_role("button", name="Bekræft og gem runde 1").click()
        page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/rounds/1")
        rnd = skak.tournaments.get(tid).round(1)
        assert [sorted(p.players) for p in rnd.pairings] == [[2, 5]]
        assert {b.player: b.result for b in rnd.byes} == dict.fromkeys(
            (1, 3, 4, 6), Result.ZERO_BYE
        )
        context.close()
    skak.close()


def test_the_prizes_and_a_deletion_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    """The arbiter declares the prizes on their form and reads the prize list on a phone (a
    screenshot), then deletes the tournament from its overview after the confirmation: it
    leaves the lists and its pages answer 404."""
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    tid = skak.tournaments.create(Tournament("Sommerturnering", "monrad", number_of_rounds=1)).id
    other = skak.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=1)).id
    field = [Player(i, n, ratings=Ratings(dsu=r), club="Aarhus Skakklub")
             for i, (n, r) in enumerate(FIELD, 1)]  # fmt: skip
    skak.tournaments.add_players(tid, lambda _t: field)
    skak.tournaments.pair(tid)
    for board in (1, 2, 3):
        skak.tournaments.enter_result(tid, 1, board, "1-0" if board < 3 else "½-½")
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        page.goto(f"{srv.url}/arbiter/t/{tid}/prizes")
        page.fill("input[name=place]", "1000, 600, 400")
        page.fill("textarea[name=categories]", "rating<2000:250\nclub:Aarhus Skakklub:100")
        page.fill("input[name=order]", "place, rating<2000")
        page.get_by_role("button", name="Gem præmierne").click()
        page.wait_for_url(f"{srv.url}/t/{tid}/prizes")
        text = page.locator("main").inner_text()
        assert "Præmieliste" in text and "placeringspræmier" in text, text
        assert "bedste fra Aarhus Skakklub" in text and "rating under 2000" in text
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(SCREENSHOTS / "web-prizes-phone.png"), full_page=True)
        page.goto(f"{srv.url}/arbiter/t/{tid}")
        page.get_by_role("link", name="Slet turneringen").click()
        page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/delete")
        assert [r.id for r in skak.tournaments.rows()] == [tid, other]  # asked first
        page.fill("input[name=reason]", "en prøve")
        page.get_by_role("button", name="Ja, slet den").click()
        page.wait_for_url(f"{srv.url}/arbiter")
        assert "er slettet" in page.locator("p.flash").inner_text()
        assert [r.id for r in skak.tournaments.rows()] == [other]
        assert page.goto(f"{srv.url}/t/{tid}/standings").status == 404  # type: ignore[union-attr]
        context.close()
    skak.close()
