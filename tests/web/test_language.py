"""Every page in Danish (the default) and English: ``?lang=`` chooses and a cookie keeps it;
skak's errors and notes in the page's language, as the CLI says them."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web import create_app
from skak.faces.web._render import LANGUAGE_COOKIE
from skak.model import Player, Ratings, Result, Tournament
from tests.web.conftest import FIELD, arbiters, log_in, register, text_of

PUBLIC = [
    "/tournaments",
    "/t/{tid}/standings",
    "/t/{tid}/rounds/1",
    "/t/{tid}/crosstable",
    "/t/{tid}/players",
    "/t/{tid}/players/1",
    "/t/{tid}/players/6",
    "/t/{tid}/rating",
    "/login",
]
ARBITER = [
    "/arbiter",
    "/arbiter/new",
    "/arbiter/import",
    "/arbiter/t/{tid}",
    "/arbiter/t/{tid}/players",
    "/arbiter/t/{tid}/players/1",
    "/arbiter/t/{tid}/pair",
    "/arbiter/t/{tid}/rounds/1",
    "/arbiter/t/{tid}/history",
]


@pytest.fixture
def browser(skak: Skak) -> Iterator[TestClient]:
    """A browser that has chosen no language."""
    with TestClient(create_app(skak, arbiters=arbiters())) as c:
        yield c


def _played(skak: Skak, tid: int) -> None:
    skak.tournaments.pair(tid)
    for board, result in enumerate((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN), 1):
        skak.tournaments.enter_result(tid, 1, board, result)


def test_danish_is_the_default(browser: TestClient, skak: Skak, tid: int) -> None:
    _played(skak, tid)
    page = browser.get(f"/t/{tid}/standings").text
    assert '<html lang="da">' in page
    text = text_of(page)
    assert "Stilling efter runde 1" in text and "Korrektion i rækkefølge: BH, SB." in text
    assert "Standings" not in text


def test_lang_chooses_and_the_cookie_remembers(browser: TestClient, skak: Skak, tid: int) -> None:
    _played(skak, tid)
    english = browser.get(f"/t/{tid}/standings?lang=en")
    assert '<html lang="en">' in english.text and "Standings after round 1" in english.text
    assert browser.cookies.get(LANGUAGE_COOKIE) == "en"
    assert "Crosstable after round 1" in browser.get(f"/t/{tid}/crosstable").text
    assert 'href="/t/1/crosstable?lang=da"' in browser.get(f"/t/{tid}/crosstable").text
    back = browser.get(f"/t/{tid}/crosstable?lang=da").text
    assert "Krydstabel efter runde 1" in back
    assert browser.cookies.get(LANGUAGE_COOKIE) == "da"
    assert browser.get(f"/t/{tid}/standings?lang=fr").status_code == 200  # ignored, not an error


@pytest.mark.parametrize("lang", ["da", "en"])
def test_every_page_speaks_the_language_chosen(
    browser: TestClient, skak: Skak, tid: int, lang: str
) -> None:
    """Each page in each language: the heading's language and none of the other's words in
    the page's own menu."""
    _played(skak, tid)
    log_in(browser)
    menu = {
        "da": ("Turneringer", "Stilling", "Krydstabel"),
        "en": ("Tournaments", "Standings", "Crosstable"),
    }
    other = "en" if lang == "da" else "da"
    for url in PUBLIC + ARBITER:
        r = browser.get(url.format(tid=tid) + f"?lang={lang}")
        assert r.status_code == 200, (url, r.status_code)
        assert f'<html lang="{lang}">' in r.text, url
        nav = re.search(r'<nav class="site">.*?</nav>', r.text, re.S)
        assert nav and menu[lang][0] in nav.group(0) and menu[other][0] not in nav.group(0), url


def test_errors_are_said_in_the_pages_language(browser: TestClient, skak: Skak, tid: int) -> None:
    token = log_in(browser)
    skak.tournaments.pair(tid)
    r = browser.get(f"/arbiter/t/{tid}/pair?lang=da")  # results are missing
    assert r.status_code == 409
    assert "der mangler resultater" in text_of(r.text)
    row = browser.post(
        f"/arbiter/t/{tid}/rounds/1/boards/1", data={"csrf": token, "result": "2-0", "seen": ""}
    )
    assert "Ikke gemt:" in text_of(row.text)
    missing = browser.get("/t/99/standings")
    assert missing.status_code == 404 and "Ikke fundet" in missing.text
    english = browser.get("/t/99/standings?lang=en")
    assert "Not found" in english.text


def test_the_result_labels_and_flashes_are_danish(
    browser: TestClient, skak: Skak, tid: int
) -> None:
    token = log_in(browser)
    skak.tournaments.pair(tid)
    row = browser.post(
        f"/arbiter/t/{tid}/rounds/1/boards/2", data={"csrf": token, "result": "=", "seen": ""}
    )
    assert "Gemt: remis." in text_of(row.text)


#: Words of the pages' own English text: none may be left on a Danish page.
ENGLISH = re.compile(  # whole words, not parts of codes such as fide-round-robin
    r"(?<![\w-])(Round|Board|Standings|Players|Result|Results|Saved|History|Points|Name|Club|White|"
    r"Black|Undo|Confirm|Import|Withdraw|Absence|Tie-breaks?|Crosstable|Place|Games|Title|"
    r"Federation|Password|Log in|Overview|Created|Preview|Rounds|player|players|round|board|"
    r"paired|added|edited|withdrawn|corrected|undo)(?![\w-])"
)


def _main_text(html: str) -> str:
    """The text of a page's ``<main>``, without what the core still says only in English:
    the settings' descriptions (README: "Web"). The pairing preview's explanation is in it."""
    main = re.search(r"<main>(.*)</main>", html, re.S)
    assert main, "no <main>"
    body = re.sub(r'<dl class="settings">.*?</dl>', " ", main.group(1), flags=re.S)
    body = re.sub(r"<(option|code)[^>]*>.*?</\1>", " ", body, flags=re.S)
    return text_of(body)


def test_a_danish_page_has_no_english_of_its_own(browser: TestClient, skak: Skak, tid: int) -> None:
    _played(skak, tid)
    skak.tournaments.withdraw(tid, 6)
    skak.tournaments.edit_player(tid, 2, rating_changes={"dsu": 2111})
    log_in(browser)
    for url in PUBLIC + ARBITER:
        page = browser.get(url.format(tid=tid) + "?lang=da")
        leftover = ENGLISH.findall(_main_text(page.text))
        assert not leftover, (url, leftover)


# -- the rating notes, the crosstable's byes and the pairing explanation ("The arbiter's hall") --


def test_the_rating_page_says_its_notes_in_danish(browser: TestClient, skak: Skak) -> None:
    """Remarks of the rating result (a FIDE rating used for a player without a DSU rating,
    the method) are said in the page's language."""
    t = Tournament("Hal", "monrad", number_of_rounds=3)
    tid = skak.tournaments.create(t).id
    field = [
        Player(i, name, ratings=Ratings(dsu=rating) if i != 4 else Ratings(fide=1900))
        for i, (name, rating) in enumerate(FIELD, 1)
    ]
    skak.tournaments.add_players(tid, lambda _t: field)
    for number in (1, 2, 3):
        skak.tournaments.pair(tid)
        for board, result in enumerate((Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN), 1):
            skak.tournaments.enter_result(tid, number, board, result)
    danish = text_of(browser.get(f"/t/{tid}/rating?lang=da").text)
    assert "FIDE-rating brugt (§4.5.5.2)" in danish
    assert "beregnet efter differensmetoden" in danish
    assert "FIDE rating used" not in danish and "difference" not in danish
    english = text_of(browser.get(f"/t/{tid}/rating?lang=en").text)
    assert "FIDE rating used (§4.5.5.2)" in english and "method: difference" in english


def test_the_crosstable_says_oversidder_in_danish(browser: TestClient, skak: Skak) -> None:
    tid = register(skak, "Lille", players=5)
    skak.tournaments.pair(tid)
    danish = browser.get(f"/t/{tid}/crosstable?lang=da").text
    assert '<td class="cell">oversidder</td>' in danish and ">bye<" not in danish
    english = browser.get(f"/t/{tid}/crosstable?lang=en").text
    assert '<td class="cell">bye</td>' in english


def test_the_pairing_preview_explains_in_danish(browser: TestClient, skak: Skak, tid: int) -> None:
    _played(skak, tid)
    log_in(browser)
    page = browser.get(f"/arbiter/t/{tid}/pair?lang=da").text
    why = re.search(r'<ul class="explanation">(.*?)</ul>', page, re.S)
    assert why, "no explanation"
    text = text_of(why.group(1))
    assert text.startswith("placering: 1. ")
    assert (
        "(placeret 1) møder" in text and "den nærmest følgende spiller, han ikke har mødt" in text
    )
    assert not ENGLISH.findall(text), ENGLISH.findall(text)
    english = text_of(browser.get(f"/arbiter/t/{tid}/pair?lang=en").text)
    assert "(placed 1) meets" in english
