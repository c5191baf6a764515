"""The hall screen and the player page in a real browser (Playwright and Debian's Chromium,
as :mod:`tests.web.test_browser`): the screen follows a result entered meanwhile without
reloading, shows its two parts in turn, and neither page overflows a phone or a laptop.
Screenshots of both go to ``$SKAK_SCREENSHOTS`` (``docs/screenshots/`` for the README).

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.api import Skak
from skak.faces.web import Arbiters
from skak.model import Player, Ratings, Result, Tournament
from tests.web.test_browser import SCREENSHOTS, Server, _missing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

#: Twelve players of a club evening.
FIELD = [
    ("Andersen, Anna", 2210, "Aarhus Skakklub"),
    ("Bruun, Bent", 2105, "Skakklubben K41"),
    ("Carlsen, Clara", 1990, "Aarhus Skakklub"),
    ("Dahl, Dennis", 1875, "Brønshøj Skakforening"),
    ("Eriksen, Emil", 1760, "Skakklubben K41"),
    ("Frost, Freja", 1650, "Aarhus Skakklub"),
    ("Gram, Gustav", 1615, "Nørresundby Skakklub"),
    ("Holm, Hanne", 1590, "Brønshøj Skakforening"),
    ("Iversen, Ib", 1540, "Skakklubben K41"),
    ("Juhl, Jonna", 1480, "Nørresundby Skakklub"),
    ("Krogh, Karl", 1430, "Aarhus Skakklub"),
    ("Lund, Lise", 1375, "Brønshøj Skakforening"),
]
W, D, B = Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN
PLAYED = {1: [W, D, B, W, D, W], 2: [D, W, W, B, W, D]}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    from tests.web.test_browser import CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _evening(tmp_path: Path) -> tuple[Skak, int]:
    """A five-round Monrad evening of twelve players: two rounds played, the third paired
    with two results in, one player withdrawn."""
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    t = Tournament(
        "Klubmesterskab 2026", "monrad", number_of_rounds=5, place="Aarhus", tiebreaks=("BH", "SB")
    )
    tid = skak.tournaments.create(t).id
    field = [
        Player(i, name, ratings=Ratings(dsu=rating), club=club)
        for i, (name, rating, club) in enumerate(FIELD, 1)
    ]
    skak.tournaments.add_players(tid, lambda _t: field)
    for number, results in PLAYED.items():
        skak.tournaments.pair(tid)
        for board, result in enumerate(results, start=1):
            skak.tournaments.enter_result(tid, number, board, result)
    skak.tournaments.withdraw(tid, 12, from_round=3)
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 3, 2, Result.DRAW)
    skak.tournaments.enter_result(tid, 3, 4, Result.BLACK_WIN)
    return skak, tid


def test_the_screen_follows_a_result_without_a_reload(browser: Browser, tmp_path: Path) -> None:
    skak, tid = _evening(tmp_path)
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.goto(f"{srv.url}/t/{tid}/screen?poll=1&turn=600")
        parts = page.locator("#screen-parts")
        board_1 = page.locator("table.screen-pairings tbody tr").first
        assert board_1.locator("td.result").inner_text() == ""
        assert page.locator("figure.qr svg path").count() == 1
        assert page.locator(".pairings-panel").is_visible()
        assert page.locator(".standings-panel").is_hidden()
        version = page.locator("#screen").get_attribute("data-version")
        page.evaluate("window.skakMarker = 'still the same page'")
        navigations = page.evaluate("performance.getEntriesByType('navigation').length")

        skak.tournaments.enter_result(tid, 3, 1, Result.WHITE_WIN)
        page.wait_for_function(
            "document.querySelector('table.screen-pairings tbody tr td.result').textContent"
            ".trim() === '1-0'",
            timeout=15_000,
        )
        assert page.evaluate("window.skakMarker") == "still the same page"
        assert page.evaluate("performance.getEntriesByType('navigation').length") == navigations
        newer = page.locator("#screen").get_attribute("data-version")
        assert newer is not None and version is not None and int(newer) > int(version)
        assert parts.locator(".standings-panel").get_attribute("hidden") is not None
        context.close()

        # The two parts in turn; the screenshot of the pairings, as a hall's screen has it,
        # its QR code on the address `skak serve --public-url` names
        srv.server.config.app.state.public_url = "https://skak.aarhus-skakklub.dk"
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        page.goto(f"{srv.url}/t/{tid}/screen?turn=2")
        caption = page.locator("figure.qr figcaption").inner_text()
        assert caption.endswith(f"https://skak.aarhus-skakklub.dk/t/{tid}")
        page.screenshot(path=str(SCREENSHOTS / "web-hall-screen.png"))
        page.locator(".standings-panel").wait_for(state="visible", timeout=10_000)
        assert page.locator(".pairings-panel").is_hidden()
        assert "udgået" in page.locator(".standings-panel").inner_text()
        page.screenshot(path=str(SCREENSHOTS / "web-hall-screen-standings.png"))
        page.locator(".pairings-panel").wait_for(state="visible", timeout=10_000)
        context.close()
    skak.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_player_page_and_the_screen_fit(browser: Browser, tmp_path: Path, width: int) -> None:
    skak, tid = _evening(tmp_path)
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=width < 600
        )
        page = context.new_page()
        for path in (f"/t/{tid}/players/1", f"/t/{tid}/players/12", f"/t/{tid}/screen"):
            page.goto(f"{srv.url}{path}")
            assert page.evaluate("document.documentElement.scrollWidth") <= width, path
        # From the standings to a player's page by his name
        page.goto(f"{srv.url}/t/{tid}/standings")
        page.get_by_role("link", name="Carlsen, Clara").click()
        page.wait_for_url(f"{srv.url}/t/{tid}/players/3")
        rows = page.locator("table.player-rounds tbody tr")
        assert rows.count() == 3
        assert page.locator("dd.performance").inner_text().split()[0].isdigit()
        box = "document.querySelector('table.player-rounds').parentElement"
        assert page.evaluate(f"{box}.scrollWidth <= {box}.clientWidth")  # no scrolling
        if width < 600:
            page.screenshot(path=str(SCREENSHOTS / "web-player-phone.png"), full_page=True)
        context.close()
    skak.close()
