"""The arbiter prints from the browser (issue: the arbiter's hall, done when: "the arbiter
… prints"): on a paired round's page, the print links give the pairing list, the list for
the notice board, who plays where and the result slips as PDF files named for the
tournament and the round, at 1280 and 390 px."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.api import Skak
from skak.faces.web import Arbiters
from tests.web.conftest import ARBITER, CHEAP, PASSWORD, register
from tests.web.test_browser import Server, _log_in, _missing

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


@pytest.mark.parametrize("width", [1280, 390])
def test_the_arbiter_prints_a_round(browser: Browser, tmp_path: Path, width: int) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    tid = register(skak)
    skak.tournaments.pair(tid)
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=width < 600, accept_downloads=True
        )
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        page.goto(f"{srv.url}/arbiter/t/{tid}/rounds/1")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for name in ("rundelægning efter bræt", "resultatsedler"):
            link = page.get_by_role("link", name=name).first
            href = link.get_attribute("href")
            assert href is not None and "/print/" in href
            answer = page.request.get(f"{srv.url}{href}")
            assert answer.status == 200
            assert answer.headers["content-type"] == "application/pdf"
            assert answer.body().startswith(b"%PDF")
            assert "klubturnering-2026" in answer.headers["content-disposition"]
        context.close()
    skak.close()
