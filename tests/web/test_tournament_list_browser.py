"""The list of tournaments on a phone (issue 39, item 1): at 390 px the page, its search form
and a page of long names and places is no wider than the screen, and the form and the
paging links work in Chromium."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.api import Skak, Tournament
from tests.web.conftest import arbiters
from tests.web.test_browser import SCREENSHOTS, Server, _missing, browser

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")
__all__ = ["browser"]  # the fixture, shared with the web's other browser tests


def test_the_list_fits_a_phone_and_its_form_and_pages_work(
    browser: Browser, tmp_path: Path
) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    first = date(2026, 1, 1)
    for i in range(55):
        town = "Nørresundby" if i % 2 else "Frederiksberg"
        name = f"Kredsmesterskab i hurtigskak for ungdomsspillere {i:02d} {town}"
        skak.tournaments.create(
            Tournament(
                name,
                "dutch",
                place=f"{town} Bibliotek og Kulturhus, store sal",
                organiser=f"{town} Skakforening af 1923",
                start_date=first + timedelta(i),
                end_date=first + timedelta(i + 2),
            )
        )
    with Server(skak, arbiters()) as srv:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = phone.new_page()
        page.goto(f"{srv.url}/tournaments")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.locator("table.list tbody tr").count() == 50
        page.screenshot(path=str(SCREENSHOTS / "web-tournaments-phone.png"), full_page=True)
        page.get_by_role("link", name="næste").click()
        page.wait_for_url(f"{srv.url}/tournaments?page=2")
        assert page.locator("table.list tbody tr").count() == 5
        page.get_by_label("Navn, spillested eller arrangør").fill("nørresundby 07")
        page.get_by_role("button", name="Søg").click()
        page.wait_for_url("**q=*")
        rows = page.locator("table.list tbody tr")
        assert rows.count() == 1
        assert "07 Nørresundby" in rows.first.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        phone.close()
    skak.close()
