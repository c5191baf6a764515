"""The arbiter's desk on the web (issue 37, items 8 and 10): the prizes declared and the
prize list (for the arbiter and the public), and deleting a tournament after a
confirmation; a deleted tournament leaves the lists and its pages answer 404."""

from __future__ import annotations

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web._render import LANGUAGE_COOKIE
from tests.web.conftest import register, text_of


def test_the_prizes_are_declared_and_listed(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    form = text_of(client.get(f"/arbiter/t/{tid}/prizes").text)
    assert "Place prizes, first prize first (kr.)" in form
    refused = client.post(
        f"/arbiter/t/{tid}/prizes",
        data={"place": "500", "categories": "U15:100", "csrf": arbiter},
    )
    assert refused.status_code == 400 and "no age class U15" in text_of(refused.text)
    assert skak.tournaments.get(tid).prizes is None  # nothing was written
    done = client.post(
        f"/arbiter/t/{tid}/prizes",
        data={
            "place": "500, 300",
            "categories": "rating<2000:100\r\n",
            "order": "place, rating<2000",
            "sharing": "points",
            "csrf": arbiter,
        },
    )
    assert done.status_code == 200 and str(done.url).endswith(f"/t/{tid}/prizes")
    t = skak.tournaments.get(tid)
    assert t.prizes is not None and t.prizes.place == (500, 300)
    skak.tournaments.pair(tid)
    for board, result in ((1, "1-0"), (2, "1-0"), (3, "0-1")):
        skak.tournaments.enter_result(tid, 1, board, result)
    page = text_of(client.get(f"/t/{tid}/prizes").text)
    # Three players on 1 point share the place prizes (level on points); the two below
    # 2000 who won no place prize (level on 0 points) share the rating prize.
    assert "Ties: prizes are shared by the players level on points (DSU §24)." in page
    assert page.count("place prizes 1–3") == 3 and page.count("266.67") == 3
    assert page.count("rating under 2000 1–2") == 2
    assert "rating under 2000 1–2 6 Frost, Freja 0 50.00" in page and "Total 900" in page
    client.cookies.set(LANGUAGE_COOKIE, "da")
    danish = client.get(f"/t/{tid}/prizes").text
    assert "Præmieliste" in danish and "placeringspræmier" in danish
    # The public sees the list too, with the menu's link, and prints it.
    client.cookies.clear()
    public = client.get(f"/t/{tid}/standings").text
    assert f'href="/t/{tid}/prizes"' in public
    printed = client.get(f"/t/{tid}/print/prizes")
    assert printed.status_code == 200 and printed.content.startswith(b"%PDF-")
    assert "prizes.pdf" in printed.headers["content-disposition"]


def test_a_tournament_is_deleted_after_a_confirmation(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    other = register(skak, "Lynturnering")
    overview = client.get(f"/arbiter/t/{tid}").text
    assert f'href="/arbiter/t/{tid}/delete"' in overview
    confirm = text_of(client.get(f"/arbiter/t/{tid}/delete").text)
    assert "Delete Klubturnering 2026?" in confirm
    assert [r.id for r in skak.tournaments.rows()] == [tid, other]  # nothing deleted yet
    done = client.post(f"/arbiter/t/{tid}/delete", data={"reason": "en prøve", "csrf": arbiter})
    assert done.status_code == 200 and str(done.url).endswith("/arbiter")
    home = text_of(done.text)
    assert "Tournament Klubturnering 2026 (#1) deleted" in home
    assert [r.id for r in skak.tournaments.rows()] == [other]
    assert "Klubturnering 2026" not in text_of(client.get("/tournaments").text)
    assert f'href="/arbiter/t/{tid}"' not in client.get("/arbiter").text  # listed as deleted
    for path in (f"/t/{tid}/standings", f"/t/{tid}/rounds/1", f"/arbiter/t/{tid}"):
        gone = client.get(path)
        assert gone.status_code == 404, path
        assert "is deleted" in text_of(gone.text)
    # Without the token nothing is deleted, and another tournament stays.
    refused = client.post(f"/arbiter/t/{other}/delete", data={"reason": ""})
    assert refused.status_code in (400, 403)
    assert [r.id for r in skak.tournaments.rows()] == [other]
    home = client.get("/arbiter").text
    assert f'action="/arbiter/t/{tid}/undelete"' in home and "Deleted tournaments" in home
    back = client.post(f"/arbiter/t/{tid}/undelete", data={"csrf": arbiter})
    assert back.status_code == 200 and "Tournament Klubturnering 2026 is back." in back.text
    assert [r.id for r in skak.tournaments.rows()] == [tid, other]
    assert client.get(f"/t/{tid}/standings").status_code == 200


def test_the_history_says_it_in_danish(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.set_prizes(tid, place="500,300", categories=["U16:100"], order="place,U16")
    skak.tournaments.delete(tid, reason="en prøve")
    skak.tournaments.undelete(tid)
    client.cookies.set(LANGUAGE_COOKIE, "da")
    page = text_of(client.get(f"/arbiter/t/{tid}/history").text)
    assert "præmier: placering 500, 300; U16 100; rækkefølge: place, U16 (deles efter §24)" in page
    assert "turneringen slettet: en prøve" in page
