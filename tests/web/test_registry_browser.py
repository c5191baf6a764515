"""Registering from the rating registry and the round page's reasons in a real browser
(Playwright and Debian's Chromium, as :mod:`tests.web.test_browser`): typing part of a name
lists the registry's matches without a reload, a click registers one, and neither the
players page with its matches nor a round page with every board's reason opened overflows a
phone or a laptop. Screenshots go to ``$SKAK_SCREENSHOTS`` (``docs/screenshots/`` for the
README).

Skipped, with the reason, when Playwright or its driver or Chromium is not installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from skak.api import Skak
from skak.faces.web import Arbiters
from skak.model import Tournament
from tests.web.conftest import ARBITER, CHEAP, PASSWORD
from tests.web.test_browser import SCREENSHOTS, Server, _log_in, _missing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

#: DSU's list with names and clubs as long as a Danish club's list has them.
LIST = (
    '"Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"\n'
    + "".join(
        f'"{100 + i}";"{1960 + i}";"{name}";"{club}";"";"{2100 - 40 * i}";"";"";"";"";"20"\n'
        for i, (name, club) in enumerate(
            [
                ("Vestergaard-Christensen, Anne-Mette Kristine", "Skakklubben Nordkalotten"),
                ("Bønnelykke-Østergaard, Hans Christian Frederik", "Brønshøj Skakforening"),
                ("Schmidt-Nielsen, Karl-Emil Valdemar", "Nørresundby Skakklub"),
                ("Rasmussen-Kjærsgaard, Marie-Louise Birgitte", "Aarhus Skakklub"),
                ("Andersen-Lykkegaard, Poul Erik Johannes", "Skakklubben K41"),
                ("Thorsen-Bjerregaard, Sofie Amalie Kathrine", "Skovlunde Skakklub"),
                ("Østergaard-Hansen, Ib", "Aarhus Skakklub"),
                ("Hansen, Søren", "Skakklubben K41"),
            ],
            start=1,
        )
    )
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    from tests.web.test_browser import CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_search_the_registry_add_and_read_why(browser: Browser, tmp_path: Path, width: int) -> None:
    skak = Skak(tmp_path / "skak.db", create=True, actor="setup")
    (tmp_path / "liste.csv").write_text(LIST, encoding="utf-8")
    skak.registry.import_list(tmp_path / "liste.csv", date(2026, 11, 1))
    tid = skak.tournaments.create(
        Tournament("Skovlunde Skakklubs Klubmesterskab 2026", "dutch", number_of_rounds=5)
    ).id
    skak.accounts.add(ARBITER, PASSWORD, hasher=CHEAP, actor="admin")
    with Server(skak, Arbiters()) as srv:
        context = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=width < 600
        )
        page = context.new_page()
        _log_in(page, srv.url, ARBITER, PASSWORD)
        page.goto(f"{srv.url}/arbiter/t/{tid}/players")
        field = page.get_by_label("Navn eller DSU-medlemsnummer")
        field.press_sequentially("hansen", delay=30)
        rows = page.locator("#registry-matches tbody tr")
        rows.first.wait_for()
        assert rows.count() == 2  # Østergaard-Hansen and Hansen, Søren, without a reload
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 1280:
            page.screenshot(path=str(SCREENSHOTS / "web-registry-search.png"))
        page.locator("#registry-matches tr", has_text="Hansen, Søren").get_by_role(
            "button", name="Tilmeld"
        ).click()
        page.wait_for_url(f"{srv.url}/arbiter/t/{tid}/players")
        assert "Tilmeldte Hansen, Søren (DSU 108)" in page.content()
        for number in range(101, 108):
            skak.tournaments.register_from_registry(tid, [number])
        (p,) = [p for p in skak.tournaments.get(tid).players if p.dsu_id == 108]
        assert (p.club, p.birth_year, p.ratings.dsu) == ("Skakklubben K41", 1968, 1780)
        skak.tournaments.pair(tid)
        page.goto(f"{srv.url}/t/{tid}/rounds/1")
        summaries = page.locator("tr.why summary")
        assert summaries.count() == 4
        for i in range(4):
            summaries.nth(i).click()
        assert page.locator("tr.why details[open]").count() == 4
        assert "pointgruppe 0: 8 spillere med 0 point" in page.locator("tr.why").first.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if width == 390:
            page.screenshot(path=str(SCREENSHOTS / "web-round-why-phone.png"), full_page=True)
        context.close()
    skak.close()
