"""The history with the logged-in arbiters as actors, and undo of the last change."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.model import Result
from tests.web.conftest import ARBITER, text_of


def test_the_history_names_who_did_what(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid, actor="Ole Olsen")
    client.post(
        f"/arbiter/t/{tid}/rounds/1/boards/1",
        data={"result": "1", "seen": ""},
        headers={"HX-Request": "true", "X-CSRF-Token": arbiter},
    )
    text = text_of(client.get(f"/arbiter/t/{tid}/history").text)
    assert "Ole Olsen" in text and ARBITER in text
    lines = skak.tournaments.history(tid)
    assert [h.actor for h in lines[-2:]] == ["Ole Olsen", ARBITER]
    newest = text.index(lines[-1].text)
    assert newest < text.index(lines[0].text)  # the newest first
    assert f"The last change: event {lines[-1].seq}" in text


def test_undo_takes_back_the_last_change(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 1, 2, Result.DRAW)
    seq = skak.tournaments.history(tid)[-1].seq
    r = client.post(
        f"/arbiter/t/{tid}/undo", data={"seq": str(seq), "csrf": arbiter}, follow_redirects=False
    )
    assert r.status_code == 303
    assert skak.tournaments.get(tid).round(1).board(2).result is None
    lines = skak.tournaments.history(tid)
    assert lines[-1].type == "event_undone" and lines[-1].actor == ARBITER
    assert next(h for h in lines if h.seq == seq).undone
    page = client.get(r.headers["location"]).text
    assert f"Undone: event {seq}" in page
    assert "(undone)" in page and "<s>" in page
    assert f'name="seq" value="{seq - 1}"' in page  # now the pairing is the last change


def test_undoing_a_result_a_later_round_was_paired_on_says_so(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    """As ``skak undo`` does (:func:`skak.views.undo_notes`)."""
    first = skak.tournaments.pair(tid).after.rounds[-1]
    for p in first.pairings:
        if not p.is_bye:
            skak.tournaments.enter_result(tid, 1, p.board, Result.DRAW)
    seq = skak.tournaments.history(tid)[-1].seq
    skak.tournaments.pair(tid)
    r = client.post(
        f"/arbiter/t/{tid}/undo", data={"seq": str(seq), "csrf": arbiter}, follow_redirects=False
    )
    assert r.status_code == 303
    page = text_of(client.get(r.headers["location"]).text)
    assert "round 2 was paired on the result taken back, and its pairing stands" in page


def test_an_undo_a_later_change_depends_on_is_refused(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    paired = skak.tournaments.history(tid)[-1].seq
    skak.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
    events = len(skak.tournaments.history(tid))
    r = client.post(f"/arbiter/t/{tid}/undo", data={"seq": str(paired), "csrf": arbiter})
    assert r.status_code == 409
    assert 'class="error"' in r.text
    assert len(skak.tournaments.history(tid)) == events


def test_the_creation_is_never_offered_for_undo(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    from skak.model import Tournament

    tid = skak.tournaments.create(Tournament("Tom", "monrad", number_of_rounds=3)).id
    page = client.get(f"/arbiter/t/{tid}/history").text
    assert "Undo it" not in page
    r = client.post(f"/arbiter/t/{tid}/undo", data={"seq": "1", "csrf": arbiter})
    assert r.status_code == 409
    assert "cannot be undone" in r.text


def test_the_undo_button_asks_first_and_writes_nothing_until_confirmed(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    """The history's "undo" leads to a page that names the change and asks; only its
    confirmation (a POST with the session's token) takes the change back."""
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 1, 2, Result.DRAW)
    seq = skak.tournaments.history(tid)[-1].seq
    history = client.get(f"/arbiter/t/{tid}/history").text
    assert f'action="/arbiter/t/{tid}/undo"' in history and 'method="get"' in history
    version = skak.tournaments.version(tid)
    asked = client.get(f"/arbiter/t/{tid}/undo?seq={seq}")
    assert asked.status_code == 200 and f"Take back event {seq}" in text_of(asked.text)
    assert "Yes, undo it" in asked.text and 'method="post"' in asked.text
    assert skak.tournaments.version(tid) == version  # asking writes nothing
    assert client.get(f"/arbiter/t/{tid}/undo?seq=999").status_code == 404
    r = client.post(
        f"/arbiter/t/{tid}/undo", data={"seq": str(seq), "csrf": arbiter}, follow_redirects=False
    )
    assert r.status_code == 303 and skak.tournaments.get(tid).round(1).board(2).result is None


@pytest.mark.usefixtures("copenhagen")
def test_the_history_shows_local_times_with_the_zone(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    """As ``skak history`` shows them: the machine's local time ($TZ) with its zone."""
    skak.tournaments.pair(tid)
    stored = datetime.fromisoformat(skak.tournaments.history(tid)[-1].recorded_at)
    local = stored.astimezone(ZoneInfo("Europe/Copenhagen"))
    text = text_of(client.get(f"/arbiter/t/{tid}/history").text)
    assert f"{local:%Y-%m-%d %H:%M} {local.tzname()}" in text
    assert "UTC" not in text
