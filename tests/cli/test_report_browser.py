"""The report's web page in a real browser: Playwright drives Debian's Chromium
(``/usr/bin/chromium``, as tests/web/test_browser.py; no browser is downloaded) on the
demo tournament's ``skak report --html``, checks what a reader sees and takes a screenshot
of the whole page (``$SKAK_SCREENSHOTS``, default ``/tmp``: ``report.png``).

Skipped, with the reason, when Playwright or its driver or Chromium is not installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from tests.cli.test_report import ITEMS, demo_with_a_warning
from tests.web.test_browser import CHROMIUM, _missing

SCREENSHOTS = Path(os.environ.get("SKAK_SCREENSHOTS", "/tmp"))

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")


def test_the_report_opens_in_chromium(runner: CliRunner, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    demo_with_a_warning(runner)
    done = runner.invoke(
        app, ["report", "--arbiter", "Inge Holm", "--arbiter", "Ole Olsen", "--html", "r.html"]
    )
    assert done.exit_code == 0, done.output
    page_file = tmp_path / "r.html"
    shot = SCREENSHOTS / "report.png"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.goto(page_file.as_uri())
            assert page.locator("h1").inner_text() == "Efterårsturnering 2026 (demo, seed 2026)"
            items = page.locator("table.items tbody tr")
            assert items.count() == 7
            assert [items.nth(i).locator("th").inner_text() for i in range(7)] == ITEMS
            assert page.locator("table.items td.ok").count() == 7
            assert page.locator("table.crosstable tbody tr").count() == 10
            assert page.locator("table.rating tbody tr").count() == 10
            assert page.locator("table.sanctions tbody tr").count() == 1
            assert page.get_by_role("link", name="kartotek@skak.dk").count() == 1
            page.screenshot(path=str(shot), full_page=True)
        finally:
            browser.close()
    assert shot.stat().st_size > 10_000
