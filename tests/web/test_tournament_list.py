"""The public list of tournaments (issue 39, item 1): ``/tournaments`` newest first, 50 a
page with links to the pages before and after, a search form (name, place or organiser,
days, kind, status) and a club's own list; kept per stamp of the list, so a change shows at
once."""

from __future__ import annotations

import re
from datetime import date, timedelta
from html import unescape

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak, Tournament

FIRST = date(2026, 1, 1)


def _names(html: str) -> list[str]:
    return [unescape(n) for n in re.findall(r'<a href="/t/\d+/standings">([^<]*)</a>', html)]


@pytest.fixture
def sixty(skak: Skak) -> list[str]:
    """60 tournaments a day apart, every third one Odense Skakklub's; newest first."""
    made = []
    for i in range(60):
        place, club = ("Odense", "Odense Skakklub") if i % 3 == 0 else ("Vejle", "Vejle Skakklub")
        name = f"Turnering {i:02d} {place}"
        t = Tournament(name, "dutch", place=place, organiser=club, start_date=FIRST + timedelta(i))
        skak.tournaments.create(t)
        made.append(name)
    return made[::-1]


def test_the_list_is_paged_newest_first(client: TestClient, sixty: list[str]) -> None:
    page = client.get("/tournaments").text
    assert _names(page) == sixty[:50]
    assert "60 tournaments" in page and "page 1 of 2" in page
    assert 'href="/tournaments?page=2" rel="next"' in page
    second = client.get("/tournaments?page=2").text
    assert _names(second) == sixty[50:]
    assert 'href="/tournaments" rel="prev"' in second
    assert _names(client.get("/tournaments?page=3").text) == []


def test_search_filters_and_a_clubs_own_list(client: TestClient, sixty: list[str]) -> None:
    odense = [n for n in sixty if "Odense" in n]
    assert _names(client.get("/tournaments?q=odense").text) == odense
    assert _names(client.get("/tournaments?q=TURNERING+05").text) == ["Turnering 05 Vejle"]
    club = client.get("/tournaments?organiser=Odense+Skakklub").text
    assert _names(club) == odense
    # Every line names its organiser, a link to the club's own list.
    assert 'href="/tournaments?organiser=Odense%20Skakklub"' in club
    days = client.get("/tournaments?from=2026-01-03&to=2026-01-05").text
    assert _names(days) == [sixty[59 - i] for i in (4, 3, 2)]  # held 3–5 January
    assert _names(client.get("/tournaments?kind=blitz").text) == []
    assert _names(client.get("/tournaments?status=planned&q=vejle").text)[:1] == [
        "Turnering 59 Vejle"
    ]
    # The form shows what was asked for; the paging links keep it.
    page = client.get("/tournaments?q=vejle&status=planned").text
    assert 'name="q" type="search" value="vejle"' in page
    assert '<option value="planned" selected>' in page
    assert 'href="/tournaments?q=vejle&amp;status=planned&amp;page=2"' not in page  # 40: one page
    page = client.get("/tournaments?q=turnering").text
    assert 'href="/tournaments?q=turnering&amp;page=2" rel="next"' in page


def test_a_field_that_cannot_be_read_is_said_in_danish(
    client: TestClient, sixty: list[str]
) -> None:
    page = client.get("/tournaments?from=1.+maj&status=paused&lang=da").text
    assert "er ikke en dato som" in unescape(page)
    assert "ukendt status 'paused'" in unescape(page)
    assert _names(page) == sixty[:50]  # the list without what could not be read
    assert "Navn, spillested eller arrangør" in page and "60 turneringer" in page
    english = client.get("/tournaments?q=nothing-like-it&lang=en")
    assert "No tournament matches." in english.text


def test_the_list_follows_every_change(client: TestClient, skak: Skak, sixty: list[str]) -> None:
    assert _names(client.get("/tournaments").text)[0] == sixty[0]
    skak.tournaments.create(Tournament("Nyeste", "dutch", start_date=date(2027, 1, 1)))
    assert _names(client.get("/tournaments").text)[0] == "Nyeste"
    skak.tournaments.delete("Nyeste")
    page = client.get("/tournaments").text
    assert "Nyeste" not in page and _names(page)[0] == sixty[0]
    home = client.get("/").text  # several tournaments: the home page is the list
    assert _names(home) == sixty[:50]
