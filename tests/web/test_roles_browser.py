"""Two more roles' main flows in a real browser (Playwright and Debian's Chromium, as
:mod:`tests.web.test_browser`; issue 36 item 8): the registrar gives a warning on the
discipline register from a phone, and the correspondence leader reads the overdue report
and its letters. Each page fits a 390 px phone; screenshots go to ``$SKAK_SCREENSHOTS``
(``docs/screenshots/`` for the README).

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.api import Grant, Role, Skak
from skak.faces.web import Arbiters
from tests.web.conftest import CHEAP
from tests.web.test_browser import SCREENSHOTS, Server, _log_in, _missing
from tests.web.test_corr_pages import LEADER, PASSWORD, make_group

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    from tests.web.test_browser import CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_registrar_gives_a_warning_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    skak.accounts.add("Rita Register", PASSWORD, roles=[Grant(Role.REGISTRAR)], hasher=CHEAP)
    version = skak.discipline.version()
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport=PHONE, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, "Rita Register", PASSWORD)
        page.goto(f"{srv.url}/discipline")
        assert "Intet står i registeret" in page.content()
        form = page.locator("form.leader-form")
        form.get_by_label("Medlemsnummer").fill("4711")
        form.get_by_label("Navn").fill("Hansen, Bo")
        form.get_by_label("Turnering").fill("Vejle Open 2026")
        form.get_by_label("Sidste spilledag").fill("2026-11-22")
        form.get_by_label("Givet").fill("2026-11-25")
        form.get_by_label("Begrundelse").fill("udeblev uden afbud")
        _fits(page)
        form.get_by_role("button", name="Registrér").click()
        page.wait_for_load_state()
        shown = page.locator("main").inner_text()
        # a warning stands a year from the tournament's last day (§19)
        assert "4711\tHansen, Bo\tadvarsel\t2027-11-22" in shown
        _fits(page)
        context.close()
    assert skak.discipline.version() == version + 1
    (standing,) = skak.discipline.standing_for(4711, date(2026, 11, 26)).entries
    assert (standing.kind, standing.tournament) == ("warning", "Vejle Open 2026")
    assert standing.last_day == date(2026, 11, 22)
    skak.close()


def test_the_overdue_report_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    gid = make_group(skak)
    skak.accounts.add(LEADER, PASSWORD, roles=[Grant(Role.CORRESPONDENCE, gid)], hasher=CHEAP)
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport=PHONE, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, LEADER, PASSWORD)
        page.goto(f"{srv.url}/leader/corr/{gid}/overdue?as_of=2011-10-03")
        shown = page.locator("main").inner_text()
        assert "parti 6-7 (F – G): G er tavs efter gentagelsen" in shown
        assert "1 brev at udskrive" in shown
        _fits(page)
        page.screenshot(path=str(SCREENSHOTS / "web-corr-overdue-phone.png"), full_page=True)
        page.goto(f"{srv.url}/leader/corr/{gid}/letters?as_of=2011-10-03")
        assert "Til G" in page.locator("main").inner_text()
        _fits(page)
        context.close()
    skak.close()
