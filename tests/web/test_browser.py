"""The web in a real browser: Playwright drives Debian's Chromium (``/usr/bin/chromium``,
installed by ``.ci/run``; no browser is downloaded) against ``skak serve``'s app on a free
loopback port. An arbiter logs in, pairs round 1 after its preview, types the results with
the keyboard on the board list and sees them saved; the public standings show them; a
second arbiter typing on a board changed meanwhile sees the conflict.

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from skak.api import Skak
from skak.model import Player, Ratings, Result, Tournament
from skak.web import Arbiters, create_app
from tests.web.conftest import ARBITER, PASSWORD, register

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
    arbiters = Arbiters.with_passwords([(ARBITER, PASSWORD), ("Ole Olsen", "fianchetto")], n=2**10)
    with Server(skak, arbiters) as s:
        yield s, skak, tid
    skak.close()


def _log_in(page: Page, url: str, name: str, password: str) -> None:
    page.goto(f"{url}/login")
    page.get_by_label("Name (navn)").fill(name)
    page.get_by_label("Password (adgangskode)").fill(password)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{url}/arbiter")


def test_an_arbiter_pairs_and_types_the_results_and_the_public_sees_them(
    browser: Browser, server: tuple[Server, Skak, int]
) -> None:
    srv, skak, tid = server
    arbiter = browser.new_context(viewport={"width": 1100, "height": 800})
    page = arbiter.new_page()
    _log_in(page, srv.url, ARBITER, PASSWORD)

    # Pair round 1: the preview, then the confirmation
    page.goto(f"{srv.url}/arbiter/t/{tid}/pair")
    assert page.get_by_text("Why (begrundelse)").is_visible()
    page.get_by_role("button", name="Confirm and save round 1 (bekræft)").click()
    page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/rounds/1")
    assert skak.load(tid).current_round == 1

    # Type the results with the keyboard: 1 Enter = Enter - Enter
    page.locator("#board-1 input[name=result]").focus()
    for key in ("1", "=", "-"):
        page.keyboard.type(key)
        page.keyboard.press("Enter")
    for board, shown in ((1, "1-0"), (2, "½-½"), (3, "-+")):
        row = page.locator(f"#board-{board}")
        row.and_(page.locator("tr.saved")).wait_for(timeout=10_000)
        assert row.locator("input[name=result]").input_value() == shown
        assert "Saved" in row.locator("td.status").inner_text()
    t = skak.load(tid)
    assert [p.result for p in t.round(1).pairings] == [
        Result.WHITE_WIN,
        Result.DRAW,
        Result.BLACK_FORFEIT_WIN,
    ]
    assert {h.actor for h in skak.history(tid)[-4:]} == {ARBITER}
    page.screenshot(path=str(SCREENSHOTS / "skak-web-results.png"), full_page=True)

    # The public standings, on a phone, without a login
    public = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone = public.new_page()
    phone.goto(f"{srv.url}/")
    phone.wait_for_url(f"{srv.url}/t/{tid}/standings")
    rows = phone.locator("table.standings tbody tr")
    view = skak.standings(tid)
    assert rows.count() == len(view.standings)
    first = view.standings[0]
    assert (
        first.name in rows.nth(0).inner_text()
        and "1" in rows.nth(0).locator(".points").inner_text()
    )
    assert phone.locator("th:has-text('Club (klub)')").is_hidden()  # a phone's narrow table
    phone.screenshot(path=str(SCREENSHOTS / "skak-web-standings-phone.png"), full_page=True)
    public.close()
    arbiter.close()


def test_a_second_arbiter_sees_the_conflict(
    browser: Browser, server: tuple[Server, Skak, int]
) -> None:
    srv, skak, tid = server
    skak.pair(tid)
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
    assert "changed by someone else" in two.locator("#board-2 td.status").inner_text()
    assert two.locator("#board-2 input[name=result]").input_value() == "0-1"
    assert skak.load(tid).round(1).board(2).result is Result.BLACK_WIN
    first.close()
    second.close()


def test_a_rounds_pairing_list_prints_on_one_a4_page(browser: Browser, tmp_path: Path) -> None:
    """50 boards (100 players with names of a realistic length) on one A4 page."""
    skak = Skak(tmp_path / "skak.db", create=True)
    tid = skak.create(Tournament("Danmarksmesterskabet 2026", "dutch", number_of_rounds=9)).id
    field = [
        Player(i, f"Østergaard-Nielsen, Mads Kristian {i}", ratings=Ratings(dsu=2400 - i))
        for i in range(1, 101)
    ]
    skak.add_players(tid, lambda _t: field)
    skak.pair(tid)
    with Server(skak, Arbiters()) as srv:
        page = browser.new_page()
        page.goto(f"{srv.url}/t/{tid}/rounds/1")
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        page.close()
    skak.close()
    pages = re.findall(rb"/Type\s*/Page[^s]", pdf)
    assert len(pages) == 1
    assert pdf.startswith(b"%PDF")
