"""The cup's leader on the web (issue: the league on the web, item 4): he pairs a round by
team Monrad (5.3 §2), enters each team's line-up (the Bredde row's cap checked: its notes
shown) and each match's round card; the public cup page follows. Nobody without the leader's
role on the cup may (403, nothing written)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from skak.records.cup.commands import EnterCupTeams
from tests.teams.cup_fixture import DAY, team
from tests.web.conftest import CHEAP, log_in, text_of

PASSWORD = "pokal-1234"


def test_the_cup_leader_pairs_and_enters_a_round(client: TestClient, skak: Skak) -> None:
    cid = skak.cup.new("Pokal 2025 Bredde", "bredde", DAY, 3).id
    skak.cup.execute(cid, EnterCupTeams(tuple(team(n) for n in "ABCD")))
    skak.accounts.add("Per Pokal", PASSWORD, roles=[Grant(Role.LEADER, cid)], hasher=CHEAP)
    skak.accounts.add("Kim Klub", PASSWORD, roles=[Grant(Role.CLUB, club="A")], hasher=CHEAP)
    csrf = log_in(client, "Kim Klub", PASSWORD)
    assert client.post(f"/leader/cup/{cid}/pair", data={"csrf": csrf}).status_code == 403
    assert skak.cup.get(cid).paired_rounds == 0
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Per Pokal", PASSWORD)
    paired = client.post(f"/leader/cup/{cid}/pair", data={"csrf": csrf})
    assert paired.status_code == 200 and "Round 1 is paired." in paired.text
    (first, second) = (m := skak.cup.round(cid, 1).matches[0]).first, m.second
    for t in (first, second):
        r = client.post(
            f"/leader/cup/{cid}/lineup/1/{t}",
            data={"csrf": csrf, **{f"board{b}": f"{t}{b}" for b in range(1, 5)}},
        )
        assert r.status_code == 200, r.text
    card = {f"result{b}": v for b, v in enumerate(["1", "½", "0", "1"], start=1)}
    r = client.post(f"/leader/cup/{cid}/result/1/{first}", data={"csrf": csrf, **card})
    assert r.status_code == 200 and "The round card is saved." in r.text
    assert skak.cup.round(cid, 1).matches[0].first_points == 2.5
    bad = client.post(
        f"/leader/cup/{cid}/lineup/1/{first}",
        data={"csrf": csrf, **{f"board{b}": "Z9" for b in range(1, 5)}},
    )
    assert bad.status_code == 400 and "a player on two boards" in bad.text
    public = text_of(client.get(f"/cup/{cid}").text)
    assert "2½–1½" in public
