"""The registrar's page (issue 36, items 2 and 3): a result of an applied tournament
corrected — the form shows every change before anything is written, the confirmation
writes it on the registry as shown — two member numbers merged, and the last of either
undone; only the registrar may (403), and a stale preview writes nothing (409)."""

from __future__ import annotations

from datetime import date

from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from skak.rating.registry import RegistryBuilder
from skak.records.registry import commands as rules
from tests.records.registry.test_cascade import RATINGS, SEASON, applied, entries
from tests.web.conftest import CHEAP, csrf_of, log_in, text_of

PASSWORD = "register-12"
AMEND = {
    "tournament": "Turnering 1",
    "round": "1",
    "first": "1",
    "second": "2",
    "result": "0-1",
    "day": "2025-06-01",
}


def _registry(skak: Skak) -> None:
    skak.registry.change(rules.ImportList(tuple(entries(RATINGS))))
    builder = RegistryBuilder()
    for e in entries(RATINGS):
        builder.apply(e)
    for i, games in enumerate(SEASON):
        skak.registry.change(rules.ApplyTournament(applied(builder, i, games)))
    skak.accounts.add("Rita Rating", PASSWORD, roles=[Grant(Role.REGISTRAR)], hasher=CHEAP)
    skak.accounts.add("Kim Klub", PASSWORD, roles=[Grant(Role.CLUB, club="Vejle")], hasher=CHEAP)


def _ratings(skak: Skak) -> dict[int, int | None]:
    return {pid: p.rating("standard") for pid, p in skak.registry.get().players.items()}


def test_a_correction_is_previewed_then_confirmed(client: TestClient, skak: Skak) -> None:
    _registry(skak)
    was, version = _ratings(skak), skak.registry.version()
    csrf = log_in(client, "Kim Klub", PASSWORD)
    r = client.post("/registrar/amend", data={"csrf": csrf, **AMEND})
    assert r.status_code == 403 and skak.registry.version() == version
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Rita Rating", PASSWORD)
    assert "Turnering 1" in client.get("/registrar").text  # offered in the form's list
    r = client.post("/registrar/amend", data={"csrf": csrf, **AMEND})
    assert r.status_code == 200 and skak.registry.version() == version
    page = text_of(r.text)
    assert "What the correction changes" in page
    assert "Turnering 1, round 1: Spiller 1–Spiller 2 1-0 → 0-1" in page
    assert "Turnering 3 (2025-05-01)" in page and "Confirm the correction" in page
    confirm = {"csrf": csrf_of(r.text), **AMEND, "version": str(version), "confirm": "1"}
    done = client.post("/registrar/amend", data=confirm, follow_redirects=False)
    assert done.status_code == 303 and skak.registry.version() == version + 1
    assert _ratings(skak) != was
    stale = client.post("/registrar/amend", data=confirm)
    assert stale.status_code == 409 and skak.registry.version() == version + 1
    r = client.post("/registrar/undo", data={"csrf": csrf}, follow_redirects=False)
    assert r.status_code == 303 and _ratings(skak) == was
    danish = client.post("/registrar/amend?lang=da", data={"csrf": csrf, **AMEND})
    assert "Hvad rettelsen ændrer" in text_of(danish.text)
    assert "runde 1" in text_of(danish.text)


def test_a_correction_of_no_game_is_named(client: TestClient, skak: Skak) -> None:
    _registry(skak)
    csrf = log_in(client, "Rita Rating", PASSWORD)
    r = client.post("/registrar/amend", data={"csrf": csrf, **AMEND, "second": "3"})
    assert r.status_code == 400 and "no game in round 1 between 1 and 3" in text_of(r.text)


def test_two_numbers_are_merged_and_the_card_shows_it(client: TestClient, skak: Skak) -> None:
    _registry(skak)
    csrf = log_in(client, "Rita Rating", PASSWORD)
    form = {"csrf": csrf, "keep": "1", "gone": "5", "day": "2025-06-01"}
    r = client.post("/registrar/merge", data=form, follow_redirects=False)
    assert r.status_code == 303 and 5 not in skak.registry.get().players
    card = text_of(client.get("/ratings/5").text)  # the gone number shows the kept card
    assert "Spiller 1" in card and "merged: DSU 5 (Spiller 5)" in card
    r = client.post("/registrar/merge", data=form)
    assert r.status_code == 409 and "merged into 1 already" in text_of(r.text)
    r = client.post("/registrar/merge", data={**form, "gone": "x"})
    assert r.status_code == 400
    client.post("/registrar/undo", data={"csrf": csrf})
    assert skak.registry.get().players[5].rating("standard") is not None
    assert skak.registry.get().merged == {}
    assert date.today()  # the page's default day
