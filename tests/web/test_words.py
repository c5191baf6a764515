"""The web in plain words (QA): a value in the address that does not fit named by what it
is, the history's results and reasons in the page's language, no CLI command on a page, and
the core's refusals of a pairing system and a CSV line in Danish."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.model import Player, Ratings, Result, Tournament
from tests.web.conftest import text_of


@pytest.mark.parametrize(
    ("url", "english", "danish"),
    [
        ("/t/abc/standings", "the tournament number 'abc'", "turneringsnummeret 'abc'"),
        ("/t/{tid}/standings?after_round=abc", "the round 'abc'", "runden 'abc'"),
        ("/t/{tid}/rounds/x", "the round 'x'", "runden 'x'"),
    ],
)
def test_a_bad_value_in_the_address_is_named_by_what_it_is(
    client: TestClient, tid: int, url: str, english: str, danish: str
) -> None:
    address = url.format(tid=tid)
    en = client.get(address)
    assert en.status_code == 400
    assert f"A value in the address or the form cannot be used: {english}." in text_of(en.text)
    da = client.get(address + ("&" if "?" in address else "?") + "lang=da")
    assert f"En værdi i adressen eller formularen kan ikke bruges: {danish}." in text_of(da.text)


def test_a_bad_round_or_player_number_in_a_form_address_is_named(
    client: TestClient, tid: int, arbiter: str
) -> None:
    board = client.post(f"/arbiter/t/{tid}/rounds/x/boards/1", data={"csrf": arbiter})
    assert "cannot be used: the round 'x'." in text_of(board.text)
    player = client.post(f"/arbiter/t/{tid}/players/y?lang=da", data={"csrf": arbiter})
    assert "kan ikke bruges: startnummeret 'y'." in text_of(player.text)
    undo = client.post(f"/arbiter/t/{tid}/undo", data={"csrf": arbiter})
    assert "kan ikke bruges: hændelsens nummer (mangler)." in text_of(undo.text)  # kept: da


def test_the_danish_history_says_results_and_reasons_in_danish(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    field = [Player(i, f"Spiller, {i}", ratings=Ratings(dsu=1500 + 10 * i)) for i in range(1, 7)]
    tid = skak.tournaments.create(Tournament("Open", "dutch", number_of_rounds=5)).id
    skak.tournaments.add_players(tid, lambda _t: field)
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 1, 1, Result.UNFINISHED)
    page = text_of(client.get(f"/arbiter/t/{tid}/history?lang=da").text)
    assert "runde 1 bræt 1: afbrudt" in page
    assert "omnummereret (6 flyttet): startrangliste efter DSU-ratingtal" in page
    assert "unfinished" not in page and "initial ranking" not in page


def test_the_pairing_preview_names_no_cli_command(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    field = [Player(i, f"Spiller, {i}", ratings=Ratings(dsu=1500 + 10 * i)) for i in range(1, 7)]
    tid = skak.tournaments.create(Tournament("Open", "dutch", number_of_rounds=5)).id
    skak.tournaments.add_players(tid, lambda _t: field)
    page = text_of(client.get(f"/arbiter/t/{tid}/pair?lang=da").text)
    assert "6 startnumre er ændret — se spillerlisten" in page
    assert "skak players" not in page


def test_an_unknown_pairing_system_is_refused_in_danish(client: TestClient, arbiter: str) -> None:
    r = client.post(
        "/arbiter/new?lang=da",
        data={"csrf": arbiter, "name": "Efterår", "system": "swiss", "rounds": "5"},
    )
    assert r.status_code == 400
    assert "ukendt parringssystem 'swiss'; kendte systemer: " in text_of(r.text)


def test_a_bad_csv_line_is_named_in_danish(client: TestClient, skak: Skak, arbiter: str) -> None:
    empty = skak.tournaments.create(Tournament("Forår", "monrad", number_of_rounds=5)).id
    r = client.post(
        f"/arbiter/t/{empty}/players/import?lang=da",
        data={"csrf": arbiter},
        files={"file": ("bad.csv", b"navn;ratingtal\nA, B;1500\nC, D;abc\n", "text/csv")},
    )
    assert r.status_code == 400
    page = text_of(r.text)
    assert "intet importeret: 1 forkert linje" in page
    assert "bad.csv linje 3: DSU-ratingtal 'abc' er ikke et helt tal" in page


def test_absences_in_several_rounds_are_said_in_the_plural(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    r = client.post(
        f"/arbiter/t/{tid}/players/4/absence",
        data={"csrf": arbiter, "rounds": "2, 3", "kind": "absent"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    page = text_of(client.get(r.headers["location"]).text)
    assert "Dahl, Dennis: absent (0 points) in rounds 2, 3." in page
    assert "Absent in rounds 2, 3." in page
    assert "absent in rounds 2, 3" in text_of(client.get(f"/t/{tid}/players").text)
    client.post(
        f"/arbiter/t/{tid}/players/5/absence",
        data={"csrf": arbiter, "rounds": "2", "kind": "half"},
    )
    page = text_of(client.get(f"/arbiter/t/{tid}/players/5").text)
    assert "A half-point bye in round 2." in page
