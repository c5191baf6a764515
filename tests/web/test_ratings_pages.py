"""The public rating pages (issue: the registrar's office, item 4): ``/ratings``, the rating
list searched by name, club or member number and as of a day, and ``/ratings/{member}``,
a player's card with every change and its reason — for everyone, in Danish and English."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from fastapi.testclient import TestClient

from skak.api import Skak
from tests.web.conftest import text_of

COLUMNS = (
    "Nummer", "Født år", "Navn", "Klub", "Titel", "Rating", "Hurtig", "Lyn", "Elo", "Fide",
    "K-factor",
)  # fmt: skip


def _list(tmp: Path, rows: list[tuple[int, str, int, str]]) -> Path:
    path = tmp / "liste.csv"
    lines = [";".join(f'"{c}"' for c in COLUMNS)]
    lines += [
        f'"{n}";"1980";"{name}";"{club}";"";"{r}";"";"";"";"";""' for n, name, r, club in rows
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_list_is_searched_and_the_card_shows_the_changes(
    client: TestClient, skak: Skak, tmp_path: Path
) -> None:
    rows = [
        (101, "Hansen, Bo", 1850, "Vejle Skakklub"),
        (102, "Østergaard-Hansen, Ib", 1720, "Skovlunde Skakklub"),
        (103, "Jensen, Åse", 1600, "Vejle Skakklub"),
    ]
    skak.registry.import_list(_list(tmp_path, rows), date(2026, 8, 1))
    skak.registry.import_list(_list(tmp_path, [(101, "Hansen, Bo", 1877, "Vejle Skakklub")]),
                              date(2026, 10, 1))  # fmt: skip
    hansens = text_of(client.get("/ratings", params={"q": "hansen"}).text)
    assert "Hansen, Bo" in hansens and "Østergaard-Hansen, Ib" in hansens
    assert "Jensen" not in hansens and "2 players" in hansens
    vejle = text_of(client.get("/ratings", params={"q": "vejle"}).text)
    assert "1877" in vejle and "1850" not in vejle and "Jensen, Åse" in vejle
    assert "Jensen, Åse" in text_of(client.get("/ratings", params={"q": "ase"}).text)
    before = text_of(client.get("/ratings", params={"q": "103 ", "date": "2026-07-01"}).text)
    assert "0 players" in before  # not on the list yet then
    then = text_of(client.get("/ratings", params={"q": "Hansen, Bo", "date": "2026-09-01"}).text)
    assert "1850" in then and "1877" not in then
    card = text_of(client.get("/ratings/101").text)
    assert "Hansen, Bo" in card and "1850" in card and "1877" in card and "+27" in card
    danish = text_of(client.get("/ratings/101?lang=da").text)
    assert "Ratinghistorik" in danish and "Langsom: 1877" in danish
    assert client.get("/ratings/999").status_code == 404
    assert client.get("/ratings", params={"date": "soon"}).status_code == 400


def test_a_kept_page_is_read_again_after_the_registry_changes(
    client: TestClient, skak: Skak, tmp_path: Path
) -> None:
    """The list and a card are kept per registry version for visitors: a change of the
    registry (here the next month's list) is on the next read of both."""
    skak.registry.import_list(_list(tmp_path, [(101, "Hansen, Bo", 1850, "Vejle")]),
                              date(2026, 8, 1))  # fmt: skip
    assert "1850" in text_of(client.get("/ratings", params={"q": "hansen"}).text)
    assert "1850" in text_of(client.get("/ratings/101").text)
    assert "1850" in text_of(client.get("/ratings", params={"q": "hansen"}).text)  # kept
    skak.registry.import_list(_list(tmp_path, [(101, "Hansen, Bo", 1877, "Vejle")]),
                              date(2026, 9, 1))  # fmt: skip
    listed = text_of(client.get("/ratings", params={"q": "hansen"}).text)
    assert "1877" in listed and "1850" not in listed
    assert "1877" in text_of(client.get("/ratings/101").text)
