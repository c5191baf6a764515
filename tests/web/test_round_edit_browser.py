"""The arbiter edits a pairing in a real browser (Playwright and Debian's Chromium, as
:mod:`tests.web.test_browser`): colours swapped by a board's button, opponents exchanged
by the form, a rematch refused until confirmed with a reason; the edit page does not
overflow a phone or a laptop. A screenshot of the page goes to ``$SKAK_SCREENSHOTS``.

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
from tests.web.conftest import ARBITER, CHEAP, FIELD, PASSWORD
from tests.web.test_browser import SCREENSHOTS, Server, _log_in, _missing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    from tests.web.test_browser import CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _boards(skak: Skak, tid: int, number: int) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in skak.tournaments.get(tid).round(number).pairings]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_arbiter_edits_a_pairing(browser: Browser, tmp_path: Path, width: int) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    tid = skak.tournaments.create(Tournament("Onsdagsturnering", "dutch", number_of_rounds=5)).id
    field = [Player(i, n, ratings=Ratings(dsu=2300 - 50 * i)) for i, (n, _r) in enumerate(FIELD, 1)]
    skak.tournaments.add_players(tid, lambda _t: field[:7])
    skak.tournaments.pair(tid)
    r1 = _boards(skak, tid, 1)
    for board in range(1, 4):
        skak.tournaments.enter_result(tid, 1, board, Result.DRAW)
    skak.tournaments.pair(tid)
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=width < 600
        )
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        page.goto(f"{srv.url}/arbiter/t/{tid}/rounds/2")
        page.get_by_role("link", name="Ret parringen (før resultaterne)").click()
        page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/rounds/2/edit")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        r2 = _boards(skak, tid, 2)
        page.locator("table.pairings tbody tr").first.get_by_role("button").click()
        page.wait_for_selector("p.flash")
        assert "runde 2 ændret: bræt 1" in page.locator("p.flash").inner_text()
        assert _boards(skak, tid, 2)[0] == (r2[0][1], r2[0][0])
        # Two players of round 1's first board are brought together again: a rematch.
        r2 = _boards(skak, tid, 2)
        a, b = r1[0]
        first = next(i for i, g in enumerate(r2, 1) if a in g)
        second = next(i for i, g in enumerate(r2, 1) if b in g)
        if (r2[first - 1][1] == a) == (r2[second - 1][1] == b):  # one colour: swap one first
            page.locator("table.pairings tbody tr").nth(first - 1).get_by_role("button").click()
            page.wait_for_selector("p.flash")
        form = page.locator("#edit-form")
        form.get_by_label("Ændring").select_option("exchange")
        form.get_by_label("Bræt eller spiller").first.fill(str(first))
        form.get_by_label("Bræt eller spiller").nth(1).fill(str(second))
        form.get_by_label("Byt de").select_option(label="sorte spillere")
        before = _boards(skak, tid, 2)
        form.get_by_role("button", name="Gem ændringen").click()
        page.wait_for_selector("ul.breaches")
        assert "ingen gentagen parring" in page.locator("ul.breaches").inner_text()
        assert _boards(skak, tid, 2) == before  # nothing saved yet
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width < 600:
            page.screenshot(path=str(SCREENSHOTS / "web-round-edit-confirm.png"), full_page=True)
        page.get_by_label("Begrundelse (gemmes i historikken)").fill("spillerne ønskede det")
        page.get_by_role("button", name="Ja, bekræft bruddet og gem").click()
        page.wait_for_selector("p.flash")
        assert "begrundelse: spillerne ønskede det" in page.locator("p.flash").inner_text()
        assert frozenset(r1[0]) in {frozenset(g) for g in _boards(skak, tid, 2)}
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width < 600:
            page.screenshot(path=str(SCREENSHOTS / "web-round-edit.png"), full_page=True)
        context.close()
    skak.close()
