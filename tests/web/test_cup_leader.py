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


def test_a_cup_captain_enters_his_line_up_and_card(client: TestClient, skak: Skak) -> None:
    """The first-named team's captain reports the card; the other enters only his line-up;
    neither touches another club's team (403, nothing written)."""
    cid = skak.cup.new("Pokal 2025 Bredde", "bredde", DAY, 3).id
    skak.cup.execute(cid, EnterCupTeams(tuple(team(n) for n in "ABCD")))
    skak.cup.pair(cid)
    m = skak.cup.round(cid, 1).matches[0]
    third = next(t for t in "ABCD" if t not in (m.first, m.second))
    for club in (m.first, m.second, third):
        skak.accounts.add(
            f"Kaptajn {club}", PASSWORD, roles=[Grant(Role.CLUB, club=club)], hasher=CHEAP
        )
    csrf = log_in(client, f"Kaptajn {m.first}", PASSWORD)
    page = client.get("/captain").text
    assert f"/captain/cup/{cid}/result/1/{m.first}" in page
    lineup = {f"board{b}": f"{m.first}{b}" for b in (1, 2, 3, 5)}
    r = client.post(f"/captain/cup/{cid}/lineup/1/{m.first}", data={"csrf": csrf, **lineup})
    assert r.status_code == 200 and skak.cup.get(cid).lineup(1, m.first) is not None
    card = {f"result{b}": v for b, v in enumerate(["1", "1", "0", "½"], start=1)}
    client.post(f"/captain/cup/{cid}/result/1/{m.first}", data={"csrf": csrf, **card})
    assert skak.cup.round(cid, 1).matches[0].first_points == 2.5
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, f"Kaptajn {third}", PASSWORD)
    version = skak.cup.version(cid)
    r = client.post(f"/captain/cup/{cid}/lineup/1/{m.second}", data={"csrf": csrf, **lineup})
    assert r.status_code == 403 and skak.cup.version(cid) == version
