"""The arbiter's forbidden pairings on the players page and the check-in page (issue 37,
items 2 and 3)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.model import PairingBan, Result
from tests.web.conftest import text_of


def test_a_pair_is_forbidden_and_lifted_on_the_players_page(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    r = client.post(
        f"/arbiter/t/{tid}/forbid",
        data={"first": "1", "second": "Bruun", "rounds": "1-2", "csrf": arbiter},
    )
    assert r.status_code == 200
    assert skak.tournaments.get(tid).bans == (PairingBan(frozenset({1, 2}), 1, 2),)
    text = text_of(r.text)
    assert "Pairing forbidden: Andersen, Anna (1); Bruun, Bent (2)." in text
    assert "Andersen, Anna (1) ; Bruun, Bent (2) rounds 1–2 Lift" in text
    r = client.post(
        f"/arbiter/t/{tid}/forbid-group", data={"by": "federation", "rounds": "", "csrf": arbiter}
    )
    assert "players of one federation are not paired with each other" in text_of(r.text)
    refused = client.post(
        f"/arbiter/t/{tid}/forbid", data={"first": "1", "second": "1", "csrf": arbiter}
    )
    assert refused.status_code == 400
    assert "a forbidden pairing names two different players" in text_of(refused.text)
    r = client.post(
        f"/arbiter/t/{tid}/forbid",
        data={"first": "1", "second": "2", "remove": "true", "csrf": arbiter},
    )
    assert "Pairing allowed again" in text_of(r.text)
    assert skak.tournaments.get(tid).bans == ()
    skak.tournaments.pair(tid)
    assert frozenset({1, 2}) in {
        frozenset(p.players) for p in skak.tournaments.get(tid).round(1).pairings
    }


def test_the_check_in_page_checks_in_by_htmx_and_closes_after_a_confirmation(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    page = text_of(client.get(f"/arbiter/t/{tid}/checkin").text)
    assert "Check-in for round 1" in page and "0 checked in, 6 not yet" in page
    headers = {"HX-Request": "true", "X-CSRF-Token": arbiter}
    for n in (2, 3, 4, 5, 6):
        row = client.post(f"/arbiter/t/{tid}/checkin/{n}", data={}, headers=headers)
        assert row.status_code == 200 and "checked in" in row.text
        assert f'value="{arbiter}"' in row.text  # the swapped row's form keeps the token
    row = client.post(f"/arbiter/t/{tid}/checkin/5", data={"out": "true"}, headers=headers)
    assert "not checked in" in row.text and "4 checked in, 2 not yet" in text_of(row.text)
    confirm = text_of(client.get(f"/arbiter/t/{tid}/checkin/close").text)
    assert "2 players are not checked in and will be absent from round 1" in confirm
    assert skak.tournaments.get(tid).checked_in == {2, 3, 4, 6}  # nothing closed yet
    closed = client.post(f"/arbiter/t/{tid}/checkin/close", data={"csrf": arbiter})
    assert "check-in closed" in text_of(closed.text)
    late = client.post(f"/arbiter/t/{tid}/checkin/1", data={}, headers=headers)
    assert "is closed" in late.text and "Check in" not in late.text  # no button once closed
    again = client.post(f"/arbiter/t/{tid}/checkin/close", data={"csrf": arbiter})
    assert "closed already" in text_of(again.text)
    rnd = skak.tournaments.pair(tid).after.round(1)
    assert sorted(n for p in rnd.pairings for n in p.players) == [2, 3, 4, 6]
    assert {b.player for b in rnd.byes if b.result is Result.ZERO_BYE} == {1, 5}
