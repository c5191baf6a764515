"""The arbiter's players page registers from the rating registry (issue #37 item 9): a search
field that lists the registry's matches as one types (HTMX), each with a button that adds
him with the registry's name, club, birth year and ratings; a member registered already is
refused by name."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web._render import LANGUAGE_COOKIE
from tests.web.conftest import register, text_of

LIST = (
    '"Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"\n'
    '"101";"1980";"Hansen, Jens";"Aarhus Skakklub";"";"1850";"1800";"0";"1870";"1400001";"20"\n'
    '"102";"2001";"Berg, Anna";"K41";"WFM";"2010";"";"1990";"2040";"1400002";"20"\n'
    '"103";"1975";"Hansen, Søren";"Skakklubben Nordkalotten";"";"1720";"";"";"";"";"20"\n'
)

HTMX = {"HX-Request": "true"}


@pytest.fixture
def empty(skak: Skak, tmp_path: Path) -> int:
    """An empty tournament, and the registry of :data:`LIST`."""
    path = tmp_path / "liste.csv"
    path.write_text(LIST, encoding="utf-8")
    skak.registry.import_list(path, date(2026, 11, 1))
    return register(skak, "Forårsturnering", players=0)


def test_the_players_page_has_the_search_field(
    client: TestClient, empty: int, arbiter: str
) -> None:
    page = client.get(f"/arbiter/t/{empty}/players").text
    assert "Add from the rating registry" in page
    assert f'hx-get="/arbiter/t/{empty}/players/registry"' in page
    assert 'id="registry-matches"' in page


def test_typing_shows_the_matches_and_a_click_adds_one(
    client: TestClient, skak: Skak, empty: int, arbiter: str
) -> None:
    r = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "soren"}, headers=HTMX)
    assert r.status_code == 200
    assert "<html" not in r.text  # the list alone
    text = text_of(r.text)
    assert "103 Hansen, Søren Skakklubben Nordkalotten 1975 1720" in text
    assert "Hansen, Jens" not in text
    assert 'name="member" value="103"' in r.text
    r = client.post(
        f"/arbiter/t/{empty}/players/registry",
        data={"csrf": arbiter, "member": "101"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    (p,) = skak.tournaments.get(empty).players
    assert (p.name, p.club, p.birth_year, p.dsu_id, p.ratings.dsu, p.ratings.dsu_rapid) == (
        "Hansen, Jens",
        "Aarhus Skakklub",
        1980,
        101,
        1850,
        1800,
    )
    assert (p.fide_id, p.ratings.fide) == (1400001, 1870)
    page = client.get(r.headers["location"]).text
    assert "Added Hansen, Jens (DSU 101) from the rating registry as start number 1." in page
    # now marked as registered in the list, with no button
    r = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "101"}, headers=HTMX)
    assert "registered" in text_of(r.text)
    assert 'name="member" value="101"' not in r.text


def test_without_htmx_the_search_is_the_players_page(
    client: TestClient, empty: int, arbiter: str
) -> None:
    r = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "HANSEN"})
    assert "<html" in r.text
    text = text_of(r.text)
    assert "101 Hansen, Jens" in text and "103 Hansen, Søren" in text
    assert 'value="HANSEN"' in r.text
    none = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "Kasparov"})
    assert "No player in the rating registry matches Kasparov." in text_of(none.text)


def test_the_refusals(client: TestClient, skak: Skak, empty: int, arbiter: str) -> None:
    skak.tournaments.register_from_registry(f"#{empty}", [102])
    r = client.post(f"/arbiter/t/{empty}/players/registry", data={"csrf": arbiter, "member": "102"})
    assert r.status_code == 409
    assert "DSU member 102, Berg, Anna, is registered already as start number 1" in text_of(r.text)
    r = client.post(f"/arbiter/t/{empty}/players/registry", data={"csrf": arbiter, "member": "999"})
    assert r.status_code == 404
    assert "DSU member 999 is not in the rating registry" in text_of(r.text)
    assert [p.dsu_id for p in skak.tournaments.get(empty).players] == [102]


def test_in_danish(client: TestClient, empty: int, arbiter: str) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "da")
    page = text_of(client.get(f"/arbiter/t/{empty}/players").text)
    assert "Tilmeld fra ratingkartoteket" in page
    r = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "berg"}, headers=HTMX)
    text = text_of(r.text)
    assert "DSU-nr. Navn Klub Født Rating Hurtig Lyn FIDE" in text
    assert "Tilmeld" in text


def test_a_search_sees_a_registry_changed_since_the_last(
    client: TestClient, skak: Skak, empty: int, arbiter: str, tmp_path: Path
) -> None:
    """The registry read for one search is kept for the next only while the database holds
    no newer version of it."""
    first = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "lund"}, headers=HTMX)
    assert "No player in the rating registry matches lund." in text_of(first.text)
    more = tmp_path / "mere.csv"
    more.write_text(
        LIST.splitlines()[0] + '\n"105";"1999";"Lund, Lise";"K41";"";"1500";"";"";"";"";"20"\n',
        encoding="utf-8",
    )
    skak.registry.import_list(more, date(2026, 12, 1))
    again = client.get(f"/arbiter/t/{empty}/players/registry", params={"q": "lund"}, headers=HTMX)
    assert "105 Lund, Lise K41 1999 1500" in text_of(again.text)
