"""The junior team championship on the web (issue: the league on the web, item 2 and 4):
``/junior/{id}`` for everyone — its standings (5.5 §4), its teams' composition problems (§6)
and its matches; its leader enters a match at ``/leader/junior/{id}`` with the players,
checked against §6 at once; nobody else may (403, nothing written)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from tests.cli.test_junior_command import _file
from tests.web.conftest import CHEAP, log_in, text_of

PASSWORD = "junior-1234"


def test_the_public_page_and_the_leaders_match(
    client: TestClient, skak: Skak, tmp_path: Path
) -> None:
    jid = skak.junior.import_file(_file(tmp_path), name="Junior Hold DM 2025").id
    skak.accounts.add("Jens Junior", PASSWORD, roles=[Grant(Role.LEADER, jid)], hasher=CHEAP)
    skak.accounts.add("Kim Klub", PASSWORD, roles=[Grant(Role.CLUB, club="1. HK")], hasher=CHEAP)
    page = text_of(client.get(f"/junior/{jid}").text)
    assert "Junior Hold DM 2025" in page and "1. HK" in page and "5.5 §6" in page
    assert "Junior Hold DM 2025" in client.get("/leagues").text
    data = {"round": "3", "first": "2. HK", "second": "3. HK"}
    data |= {f"result{b}": "0-1" for b in range(1, 9)}
    data |= {f"second{b}": f"c{b}" for b in range(1, 8)}  # the girl (c8) left out
    csrf = log_in(client, "Kim Klub", PASSWORD)
    refused = client.post(f"/leader/junior/{jid}/match", data={"csrf": csrf, **data})
    assert refused.status_code == 403
    assert skak.junior.matches(jid)[-1].result == "8-0"
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Jens Junior", PASSWORD)
    form = client.get(f"/leader/junior/{jid}").text
    assert 'name="result8"' in form
    saved = client.post(f"/leader/junior/{jid}/match", data={"csrf": csrf, **data})
    assert saved.status_code == 200 and "no girl among the players" in saved.text
    assert skak.junior.matches(jid)[-1].result == "0-8"
    client.post("/logout", data={"csrf": csrf})
    danish = text_of(client.get(f"/junior/{jid}?lang=da").text)
    assert "Hold-DM for juniorer (5.5)" in danish and "Holdenes sammensætning" in danish
    assert "0-8" in text_of(client.get(f"/junior/{jid}").text)
