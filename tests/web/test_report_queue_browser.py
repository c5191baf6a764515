"""The registrar's queue in a real browser (Playwright and Debian's Chromium, as
:mod:`tests.web.test_browser`): a report with a failing check and one that passes, each
check in words and colour, the rating changes, applied with a click and the public card
showing the tournament — on a phone (390 px, no page wider than the screen) and a laptop.
Screenshots go to ``$SKAK_SCREENSHOTS`` (``docs/screenshots/`` for the README).

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.faces.web import Arbiters
from skak.views.rating_reports import report_document_of
from tests.records.reports.helpers import CLUB, NAME, TODAY, club, federation
from tests.web.conftest import CHEAP
from tests.web.test_browser import SCREENSHOTS, Server, _log_in, _missing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

REGISTRAR, PASSWORD = "Kartoteket", "kodeord-1234"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    from tests.web.test_browser import CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_registrar_applies_a_report_on_a_phone(
    browser: Browser, tmp_path: Path, width: int
) -> None:
    c, tid = club(tmp_path / "club.db", extra=((555, "Nielsen, Niels", 1500),))
    doc = report_document_of(c.tournaments.get(tid), c.discipline.get(), [], today=TODAY, club=CLUB)
    c.close()
    fed = federation(tmp_path / "fed.db")
    fed.accounts.add(REGISTRAR, PASSWORD, roles=["registrar"], hasher=CHEAP)
    failing = fed.reports.receive(doc, actor="klub")  # Nielsen: no entry rating
    doc["players"][-1]["entry"] = {"rating": 1500, "authority": "club"}  # type: ignore[index]
    passing = fed.reports.receive(doc, actor="klub")
    with Server(fed, Arbiters()) as srv:
        context = browser.new_context(
            viewport={"width": width, "height": 900}, is_mobile=width < 600
        )
        page = context.new_page()
        _log_in(page, srv.url, REGISTRAR, PASSWORD)
        page.goto(f"{srv.url}/registrar/reports")
        first = page.locator(f"#report-{failing.id}")
        assert "fejl · alle spillere er i kartoteket" in first.inner_text()
        assert first.get_by_role("button", name="Indfør i ratingkartoteket").is_disabled()
        second = page.locator(f"#report-{passing.id}")
        assert second.locator("li.failed").count() == 0
        assert "Ratingændringer (dsu-2024)" in second.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        name = "web-registrar-queue-phone.png" if width == 390 else "web-registrar-queue.png"
        page.screenshot(path=str(SCREENSHOTS / name), full_page=True)
        second.get_by_role("button", name="Indfør i ratingkartoteket").click()
        page.wait_for_url(f"{srv.url}/registrar/reports")
        assert (
            f"Indberetning #{passing.id} ({NAME}) er indført i ratingkartoteket." in page.content()
        )
        first.get_by_label("Bemærkning til klubben (hvad der skal rettes)").fill(
            "Nielsen mangler indplaceringstal."
        )
        first.get_by_role("button", name="Send retur til klubben").click()
        page.wait_for_url(f"{srv.url}/registrar/reports")
        assert page.locator("section.report").count() == 0
        page.goto(f"{srv.url}/ratings/555")
        assert NAME in page.content()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 390:  # the player's card with the tournament as the reason (README)
            page.screenshot(path=str(SCREENSHOTS / "web-rating-card-phone.png"), full_page=True)
        context.close()
    assert fed.reports.get(failing.id).note == "Nielsen mangler indplaceringstal."
    fed.close()
