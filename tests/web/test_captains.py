"""The captains and the league leader on the web (issue: the league on the web, items 3 and
4): a captain's line-up is checked at once and saved when he says so; the home captain
reports the card board by board, the away captain confirms or disputes it, a disputed card
reaches the leader, who approves it; the public standings follow. A captain cannot touch
another club's team (403, nothing written), and nobody changes anything without a login."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from tests.web.conftest import CHEAP, log_in, text_of
from tests.web.test_league_pages import make_season

PASSWORD = "kaptajn-77"


@pytest.fixture
def sid(skak: Skak) -> int:
    sid = make_season(skak)
    for club in ("Skovlunde", "Brønshøj", "Nordkalotten", "Evans"):
        skak.accounts.add(
            f"Kaptajn {club}", PASSWORD, roles=[Grant(Role.CLUB, club=club)], hasher=CHEAP
        )
    skak.accounts.add("Lise Leder", PASSWORD, roles=[Grant(Role.LEADER, sid)], hasher=CHEAP)
    return sid


def _round_2(skak: Skak, sid: int) -> tuple[str, str]:
    f = next(f for f in skak.league.get(sid).schedule("2. division", 1) if f.round == 2)
    return f.home, f.away


def _captain(team: str) -> str:
    return f"Kaptajn {team.removesuffix(' 1')}"


def test_a_captain_sees_his_matches_and_checks_his_line_up(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, away = _round_2(skak, sid)
    csrf = log_in(client, _captain(home), PASSWORD)
    mine = text_of(client.get("/captain").text)
    assert f"{home} – {away}" in mine and "Line-up" in mine
    url = f"/captain/league/{sid}/lineup/2/{home}"
    form = client.get(url).text
    assert 'list="players"' in form and f"{home[:3]}1" in form
    prefix = home[:3]
    typed = {f"board{b}": f"{prefix}{5 - b}" for b in range(1, 5)}  # the list upside down
    checked = client.post(url, data={"csrf": csrf, "action": "check", **typed})
    assert checked.status_code == 200 and "§10 b" in checked.text
    assert skak.league.get(sid).lineup(2, home) is None  # checked, written nowhere
    good = {f"board{b}": f"{prefix}{b}" for b in range(1, 5)}
    saved = client.post(url, data={"csrf": csrf, "action": "save", **good})
    assert "breaks no rule" in saved.text
    assert skak.league.get(sid).lineup(2, home) is not None


def test_the_card_is_reported_confirmed_and_reaches_the_standings(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, away = _round_2(skak, sid)
    for t in (home, away):
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    csrf = log_in(client, _captain(home), PASSWORD)
    r = client.post(
        f"/captain/league/{sid}/result/2/{home}",
        data={"csrf": csrf, "board1": "1", "board2": "1", "board3": "1", "board4": "0"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    assert "3-1" in text_of(client.get(f"/league/{sid}/schedule").text)
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, _captain(away), PASSWORD)
    assert "Confirm" in client.get("/captain").text
    r = client.post(
        f"/captain/league/{sid}/card/2/{away}",
        data={"csrf": csrf, "action": "confirm"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    line = next(c for c in skak.league.cards(sid) if c.round == 2 and c.home == home)
    assert (line.state, line.confirmed_by) == ("confirmed", _captain(away))


def test_a_disputed_card_reaches_the_leader_who_approves_it(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, away = _round_2(skak, sid)
    for t in (home, away):
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    skak.league.result(sid, 2, home, list("1110"))
    csrf = log_in(client, _captain(away), PASSWORD)
    client.post(
        f"/captain/league/{sid}/card/2/{away}",
        data={"csrf": csrf, "action": "dispute", "reason": "board 3 was a draw"},
    )
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Lise Leder", PASSWORD)
    queue = text_of(client.get(f"/leader/league/{sid}").text)
    assert "board 3 was a draw" in queue and "disputed" in queue
    r = client.post(
        f"/leader/league/{sid}/approve/2/{home}",
        data={"csrf": csrf, "note": "as reported"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert next(c for c in skak.league.cards(sid) if c.round == 2).state == "approved"


def test_a_captain_cannot_touch_another_clubs_team(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, away = _round_2(skak, sid)
    other = next(t.name for t in skak.league.get(sid).teams if t.name not in (home, away))
    csrf = log_in(client, _captain(other), PASSWORD)
    version = skak.league.version(sid)
    typed = {f"board{b}": f"{home[:3]}{b}" for b in range(1, 5)}
    r = client.post(
        f"/captain/league/{sid}/lineup/2/{home}", data={"csrf": csrf, "action": "save", **typed}
    )
    assert r.status_code == 403 and re.search(f"{_captain(other)} may not change", r.text)
    r = client.post(
        f"/leader/league/{sid}/approve/1/{home}", data={"csrf": csrf}, follow_redirects=False
    )
    assert r.status_code == 403
    assert skak.league.version(sid) == version


def test_nothing_is_written_without_a_login(client: TestClient, skak: Skak, sid: int) -> None:
    home, _ = _round_2(skak, sid)
    version = skak.league.version(sid)
    for path in (
        f"/captain/league/{sid}/lineup/2/{home}",
        f"/captain/league/{sid}/result/2/{home}",
        f"/captain/league/{sid}/card/1/{home}",
    ):
        r = client.post(path, data={"action": "save"}, follow_redirects=False)
        assert r.status_code in (303, 401, 403), (path, r.status_code)
    assert skak.league.version(sid) == version


def test_a_refusal_is_in_danish_naming_the_board_the_player_and_the_paragraph(
    client: TestClient, skak: Skak, sid: int
) -> None:
    home, _ = _round_2(skak, sid)
    csrf = log_in(client, _captain(home), PASSWORD)
    prefix = home[:3]
    typed = {f"board{b}": f"{prefix}{5 - b}" for b in range(1, 5)}
    client.cookies.set("skak_lang", "da")
    page = client.post(
        f"/captain/league/{sid}/lineup/2/{home}?lang=da",
        data={"csrf": csrf, "action": "check", **typed},
    )
    text = text_of(page.text)
    assert f"bræt 1: {home.removesuffix(' 1')} 4 ({prefix}4, listenr. 4) er placeret over" in text
    assert "(5.1 §10 b); partiet vindes af modstanderen uanset resultatet (5.1 §13 b)" in text


def test_a_card_with_a_late_player_and_the_leaders_mistake(
    client: TestClient, skak: Skak, sid: int
) -> None:
    """The home captain's card says why a player played no game (5.1 §13 c): a player who
    came after the waiting time loses the game; one left out by the team leader's mistake
    costs a penalty point, not the player's punishment."""
    home, away = _round_2(skak, sid)
    for t in (home, away):
        skak.league.lineup(sid, 2, t, [f"{t[:3]}{b}" for b in range(1, 5)])
    csrf = log_in(client, _captain(home), PASSWORD)
    form = {"csrf": csrf, "board1": "1", "board2": "+", "absence2": "late",
            "board3": "-", "absence3": "leader", "board4": "½"}  # fmt: skip
    r = client.post(f"/captain/league/{sid}/result/2/{home}", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    view = skak.league.match(sid, 2, home)
    assert "came after the waiting time" in view.boards[1].why
    assert any("penalty point" in line and "board 3" in line for line in view.penalty_points)
    late = {"csrf": csrf, **{f"board{b}": "1" for b in range(1, 5)}, "late_away": "1"}
    client.post(f"/captain/league/{sid}/result/2/{home}", data=late)
    assert skak.league.match(sid, 2, home).home_points == 4  # 4-0: more than 60 minutes late
