"""Pairing the next round: a preview with the system's explanation, then a confirmation that
appends that round only while the tournament is still at the version previewed."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.model import Result
from tests.web.conftest import ARBITER, text_of


def _version(html: str) -> str:
    found = re.search(r'name="version" value="(\d+)"', html)
    assert found, "no version in the preview's form"
    return found.group(1)


def test_the_preview_shows_the_pairing_and_why_and_writes_nothing(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    before = skak.tournaments.history(tid)
    page = client.get(f"/arbiter/t/{tid}/pair")
    assert page.status_code == 200
    text = text_of(page.text)
    preview = skak.tournaments.preview_pair(tid)
    t = preview.after
    for p in preview.round.pairings:
        assert f"{t.player(p.white).name} ({p.white}) {t.player(p.black or 0).name}" in text
    assert "Why" in text
    for line in preview.round.explanation:
        assert text_of(line) in text
    assert _version(page.text) == str(preview.version)
    assert skak.tournaments.history(tid) == before
    assert skak.tournaments.get(tid).rounds == ()


def test_confirming_appends_the_round_previewed(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    page = client.get(f"/arbiter/t/{tid}/pair").text
    shown = skak.tournaments.preview_pair(tid).round
    r = client.post(
        f"/arbiter/t/{tid}/pair",
        data={"version": _version(page), "csrf": arbiter},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert r.headers["location"] == f"/arbiter/t/{tid}/rounds/1"
    t = skak.tournaments.get(tid)
    assert t.rounds == (shown,)
    last = skak.tournaments.history(tid)[-1]
    assert (last.type, last.actor) == ("round_paired", ARBITER)
    board_list = client.get(r.headers["location"]).text
    assert "Round 1 paired and saved." in board_list  # said once, on the next page
    assert "paired and saved" not in client.get(r.headers["location"]).text


def test_a_stale_confirmation_is_refused(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    page = client.get(f"/arbiter/t/{tid}/pair").text
    skak.tournaments.add_player(tid, "Sen, Søren", actor="Ole Olsen")  # another arbiter, meanwhile
    events = len(skak.tournaments.history(tid))
    r = client.post(f"/arbiter/t/{tid}/pair", data={"version": _version(page), "csrf": arbiter})
    assert r.status_code == 409
    assert "changed since it was shown" in r.text and "nothing was written" in r.text
    assert f'href="/arbiter/t/{tid}/pair"' in r.text  # to a new preview
    assert len(skak.tournaments.history(tid)) == events
    assert skak.tournaments.get(tid).rounds == ()


def test_a_confirmation_twice_pairs_once(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    version = _version(client.get(f"/arbiter/t/{tid}/pair").text)
    form = {"version": version, "csrf": arbiter}
    assert client.post(f"/arbiter/t/{tid}/pair", data=form).status_code == 200
    assert client.post(f"/arbiter/t/{tid}/pair", data=form).status_code == 409
    assert len(skak.tournaments.get(tid).rounds) == 1


def test_missing_results_are_named_and_may_count_as_draws(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
    page = client.get(f"/arbiter/t/{tid}/pair")
    assert page.status_code == 409
    assert "results are missing (round 1 boards 2, 3)" in page.text
    assert "allow_unfinished=true" in page.text
    anyway = client.get(f"/arbiter/t/{tid}/pair?allow_unfinished=true")
    assert anyway.status_code == 200
    assert 'name="allow_unfinished" value="true"' in anyway.text
    r = client.post(
        f"/arbiter/t/{tid}/pair",
        data={"version": _version(anyway.text), "allow_unfinished": "true", "csrf": arbiter},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert skak.tournaments.get(tid).current_round == 2


def test_a_tournament_that_is_over_is_not_paired(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    for number in (1, 2, 3):
        skak.tournaments.pair(tid)
        for p in skak.tournaments.get(tid).round(number).pairings:
            skak.tournaments.enter_result(tid, number, p.board, Result.DRAW)
    page = client.get(f"/arbiter/t/{tid}/pair")
    assert page.status_code in (409, 422)
    assert "all 3 rounds have been paired" in page.text or "every" in page.text


def test_the_overview_names_the_missing_results(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    text = text_of(client.get(f"/arbiter/t/{tid}").text)
    assert "6 players" in text and "round 1 of 3 is the latest paired" in text
    assert re.search(r"round 1 ?: boards 1, 2, 3", text)
    home = client.get("/arbiter").text
    assert f'href="/arbiter/t/{tid}"' in home
