"""The league leader on the web (issue: the league on the web, item 4): a disputed card is
ruled on — the ruling (5.1 §14–§15) decides the result, counts in the public standings at
once and is published on the season's page with its last day of appeal (§15 b); the club
appeals it from its captain's page, the leader enters the tournament committee's decision;
penalty points, a withdrawal, a lot and the play-off from the leader's page. A captain
gives no ruling (403, nothing written)."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

from fastapi.testclient import TestClient

from skak.api import Skak
from tests.web.conftest import log_in, text_of
from tests.web.test_captains import PASSWORD, _captain, _round_2, sid

__all__ = ["sid"]  # the fixture, shared with the captains' tests


def _disputed(skak: Skak, sid: int) -> tuple[str, str]:
    home, away = _round_2(skak, sid)
    for t in (home, away):
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    skak.league.result(sid, 2, home, list("1110"))
    skak.league.dispute(sid, 2, home, "board 3 was a draw", actor=_captain(away))
    return home, away


def _board_points(skak: Skak, sid: int, team: str) -> Fraction:
    view = skak.league.standings(sid)[0]
    return next(r.board_points for r in view.standings if r.team == team)


def test_the_leader_rules_on_a_disputed_card_and_the_public_sees_it(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, _away = _disputed(skak, sid)
    before = _board_points(skak, sid, home)
    csrf = log_in(client, "Lise Leder", PASSWORD)
    queue = client.get(f"/leader/league/{sid}").text
    assert f"/leader/league/{sid}/rule?round=2&amp;team=" in queue
    form = client.get(f"/leader/league/{sid}/rule", params={"round": 2, "team": home})
    assert form.status_code == 200 and 'name="board4"' in form.text
    boards = {"board1": "1", "board2": "1", "board3": "½", "board4": "0"}
    done = client.post(
        f"/leader/league/{sid}/rule",
        data={
            "csrf": csrf,
            "round": "2",
            "team": home,
            "paragraph": "5.1 §12",
            "text": "The arbiter's report: board 3 was drawn.",
            **boards,
        },
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert before - _board_points(skak, sid, home) == Fraction(1, 2)  # 3 became 2½
    client.post("/logout", data={"csrf": csrf})
    public = text_of(client.get(f"/league/{sid}/rulings").text)
    until = (date.today() + timedelta(10)).isoformat()
    assert "Ruling 1" in public and "board 3 was drawn" in public and until in public
    match = text_of(client.get(f"/league/{sid}/match/2/{home}").text)
    assert "Ruling 1" in match and "2½–1½" in match
    danish = text_of(client.get(f"/league/{sid}/rulings?lang=da").text)
    assert "Kendelse 1" in danish and "turneringskomiteen" in danish


def test_the_club_appeals_and_the_committee_sets_the_ruling_aside(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, away = _disputed(skak, sid)
    before = _board_points(skak, sid, home)
    skak.league.rule(sid, "5.1 §12", "Board 3 drawn.", round_number=2, team=home,
                     results=list("11=0"), actor="Lise Leder")  # fmt: skip
    csrf = log_in(client, _captain(home), PASSWORD)
    mine = client.get("/captain").text
    assert "Board 3 drawn." in mine and f"/captain/league/{sid}/appeal/1" in mine
    r = client.post(
        f"/leader/league/{sid}/rule",
        data={"csrf": csrf, "paragraph": "5.1 §13 e", "text": "mine", "penalty_team": away},
    )
    assert r.status_code == 403 and skak.league.rulings(sid)[0].number == 1
    client.post(f"/captain/league/{sid}/appeal/1", data={"csrf": csrf, "reason": "board 3 was won"})
    assert skak.league.rulings(sid)[0].state == "appealed"
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Lise Leder", PASSWORD)
    assert 'action="/leader/league/' in client.get(f"/leader/league/{sid}").text
    client.post(
        f"/leader/league/{sid}/decide/1",
        data={"csrf": csrf, "outcome": "overturned", "text": "The scoresheets show a win."},
    )
    assert skak.league.rulings(sid)[0].state == "overturned"
    assert _board_points(skak, sid, home) == before
    public = text_of(client.get(f"/league/{sid}/rulings").text)
    assert "set aside by the tournament committee" in public and "show a win" in public


def test_penalty_withdrawal_and_refusals_from_the_leaders_page(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, away = _round_2(skak, sid)
    csrf = log_in(client, "Lise Leder", PASSWORD)
    r = client.post(
        f"/leader/league/{sid}/penalty",
        data={"csrf": csrf, "team": home, "points": "1", "reason": "late card", "round": ""},
        follow_redirects=False,
    )
    assert r.status_code == 303
    row = next(r for r in skak.league.standings(sid)[0].standings if r.team == home)
    assert row.penalty_points == 1
    r = client.post(f"/leader/league/{sid}/lot", data={"csrf": csrf, "order": f"{home}\n{away}"})
    assert r.status_code == 409 and "lot" in r.text  # they are not tied
    r = client.post(
        f"/leader/league/{sid}/playoff",
        data={"csrf": csrf, "home": home, "away": away, "day": "soon"},
    )
    assert r.status_code == 400 and "YYYY-MM-DD" in r.text
    r = client.post(
        f"/leader/league/{sid}/withdraw",
        data={"csrf": csrf, "team": away, "round": "3", "reason": "withdrew"},
        follow_redirects=False,
    )
    assert r.status_code == 303 and skak.league.get(sid).withdrawal(away) is not None
    end = client.get(f"/leader/league/{sid}/season-end")
    assert end.status_code == 200 and "the season is not over" in end.text
    for r in (2, 3):  # the rest of the season
        for f in skak.league.get(sid).schedule("2. division", 1):
            if f.round == r and away not in f.teams():
                for t in f.teams():
                    skak.league.lineup(sid, r, t, [f"{t[:3]}{b}" for b in range(1, 5)])
                skak.league.result(sid, r, f.home, list("1=0="))
    end = client.get(f"/leader/league/{sid}/season-end")
    assert end.status_code == 200 and "not over" not in end.text and away in end.text
