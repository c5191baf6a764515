"""The discipline register (§19) on the web (issue: the registrar's office, item 5): the
registrar or a league leader registers a warning and a quarantine and lifts one; a club's
captain sees only his own members' standing sanctions and may register nothing (403)."""

from __future__ import annotations

from datetime import date

from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from tests.web.conftest import CHEAP, log_in, text_of

PASSWORD = "register-12"


def test_the_register_on_the_web(client: TestClient, skak: Skak) -> None:
    day = date.today()
    skak.registry.enter(501, "Holm, Per", 1700, authority="club", day=day, kind="standard")
    skak.registry.enter(502, "Berg, Ole", 1600, authority="club", day=day, kind="standard")
    skak.accounts.add("Rita Rating", PASSWORD, roles=[Grant(Role.REGISTRAR)], hasher=CHEAP)
    skak.accounts.add("Lise Leder", PASSWORD, roles=[Grant(Role.LEADER, 7)], hasher=CHEAP)
    skak.accounts.add("Kim Klub", PASSWORD, roles=[Grant(Role.CLUB, club="Vejle")], hasher=CHEAP)
    csrf = log_in(client, "Rita Rating", PASSWORD)
    form = {"csrf": csrf, "kind": "warning", "member": "501", "event": "EMT 2026",
            "last_day": day.isoformat(), "reason": "late twice"}  # fmt: skip
    r = client.post("/discipline/give", data=form, follow_redirects=False)
    assert r.status_code == 303
    page = text_of(client.get("/discipline").text)
    assert "Holm, Per" in page and "warning" in page
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Lise Leder", PASSWORD)  # a league leader may too
    form = {**form, "csrf": csrf, "kind": "quarantine", "member": "502", "months": "3"}
    r = client.post("/discipline/give", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    assert len(skak.discipline.get().sanctions) == 2
    r = client.post("/discipline/lift/1", data={"csrf": csrf, "reason": "Skaknævnet"},
                    follow_redirects=False)  # fmt: skip
    assert r.status_code == 303 and skak.discipline.get().sanction(1).cancelled
    client.post("/logout", data={"csrf": csrf})
    csrf = log_in(client, "Kim Klub", PASSWORD)
    assert "Berg, Ole" not in text_of(client.get("/discipline").text)  # not his club's
    r = client.post("/discipline/give", data={**form, "csrf": csrf, "member": "501"})
    assert r.status_code == 403 and len(skak.discipline.get().sanctions) == 2
    danish = text_of(client.get("/discipline?lang=da").text)
    assert "Disciplinærregister (§19)" in danish and "karantæne" in danish
