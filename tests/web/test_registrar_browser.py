"""The correction cascade in a real browser (Playwright and Debian's Chromium, as
:mod:`tests.web.test_browser`; issue 36 item 8): the registrar fills in the correction on a
phone, sees every change it causes without the page scrolling sideways, confirms it, and
the player's public card shows it. Screenshots go to ``$SKAK_SCREENSHOTS``.

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.api import Grant, Role, Skak
from skak.faces.web import Arbiters
from tests.web.conftest import CHEAP
from tests.web.test_browser import SCREENSHOTS, Server, _log_in, _missing
from tests.web.test_registrar_corrections import PASSWORD, _registry

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


def test_a_correction_previewed_and_confirmed_on_a_phone(browser: Browser, tmp_path: Path) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    _registry(skak)
    skak.accounts.add("Rolf Registrator", PASSWORD, roles=[Grant(Role.REGISTRAR)], hasher=CHEAP)
    version = skak.registry.version()
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = context.new_page()
        _log_in(page, srv.url, "Rolf Registrator", PASSWORD)
        page.goto(f"{srv.url}/registrar")
        for name, value in (
            ("tournament", "Turnering 1"),
            ("round", "1"),
            ("first", "1"),
            ("second", "2"),
            ("result", "0-1"),
        ):
            page.locator(f"input[name={name}]").first.fill(value)
        page.get_by_role("button", name="Vis hvad det ændrer").click()
        preview = page.locator("#preview")
        preview.wait_for()
        assert "Turnering 1, runde 1: Spiller 1–Spiller 2 1-0 → 0-1" in preview.inner_text()
        assert preview.locator("h3").count() == 4  # three tournaments and the cards
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(
            path=str(SCREENSHOTS / "web-registrar-correction-phone.png"), full_page=True
        )
        assert skak.registry.version() == version  # nothing written yet
        page.get_by_role("button", name="Bekræft rettelsen").click()
        page.wait_for_url(f"{srv.url}/registrar")
        assert "Rettelsen er skrevet" in page.locator("p.flash").inner_text()
        assert skak.registry.version() == version + 1
        page.goto(f"{srv.url}/ratings/1")
        assert "rettelse: Turnering 1, round 1" in page.content()  # the reason in Danish
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        context.close()
    skak.close()
