"""The print buttons (issue 37 item 5): ``/t/{id}/print/{kind}`` answers a PDF file named for
the tournament and the round; the public lists to anyone, the result slips and §6's report
to an arbiter only; the pages link to them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web.prints import filename
from skak.model import Result


def _pair_round_one(skak: Skak, tid: int) -> None:
    skak.tournaments.pair(tid)
    for board, result in enumerate((Result.WHITE_WIN, Result.DRAW), start=1):
        skak.tournaments.enter_result(tid, 1, board, result)


def test_the_public_prints(client: TestClient, skak: Skak, tid: int) -> None:
    _pair_round_one(skak, tid)
    for kind in ("pairings", "alphabetical", "standings", "crosstable"):
        r = client.get(f"/t/{tid}/print/{kind}?round=1")
        assert r.status_code == 200, r.text
        assert r.headers["content-type"] == "application/pdf"
        assert r.content.startswith(b"%PDF-")
        disposition = r.headers["content-disposition"]
        assert disposition == f'inline; filename="klubturnering-2026-{kind}-r1.pdf"'
    r = client.get(f"/t/{tid}/print/pairings?large=true")
    assert r.status_code == 200 and r.content.startswith(b"%PDF-")


def test_the_arbiters_prints_need_a_login(client: TestClient, skak: Skak, tid: int) -> None:
    _pair_round_one(skak, tid)
    r = client.get(f"/t/{tid}/print/cards?round=1", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].startswith("/login?next=")
    r = client.get(f"/t/{tid}/print/cards", headers={"HX-Request": "true"})
    assert r.status_code == 401


def test_the_arbiter_prints_the_slips(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    _pair_round_one(skak, tid)
    r = client.get(f"/t/{tid}/print/cards?round=1")
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    page = client.get(f"/arbiter/t/{tid}/rounds/1").text
    for kind in ("pairings", "alphabetical", "cards"):
        assert f'href="/t/{tid}/print/{kind}?round=1"' in page
    assert f'href="/t/{tid}/print/pairings?round=1&amp;large=true"' in page
    assert f'href="/t/{tid}/print/report"' in client.get(f"/arbiter/t/{tid}").text
    # the report waits for the finished tournament, and says so
    r = client.get(f"/t/{tid}/print/report")
    assert r.status_code == 409 and "is not finished" in r.text


def test_refusals(client: TestClient, skak: Skak, tid: int) -> None:
    assert client.get(f"/t/{tid}/print/pairings").status_code == 404  # no round paired
    _pair_round_one(skak, tid)
    r = client.get(f"/t/{tid}/print/pairings?round=7")
    assert r.status_code == 404
    assert client.get(f"/t/{tid}/print/poster").status_code == 404
    assert client.get("/t/999/print/pairings").status_code == 404


def test_the_public_pages_link_their_prints(client: TestClient, skak: Skak, tid: int) -> None:
    _pair_round_one(skak, tid)
    assert f'href="/t/{tid}/print/alphabetical?round=1"' in client.get(f"/t/{tid}/rounds/1").text
    standings = client.get(f"/t/{tid}/standings").text
    assert f'href="/t/{tid}/print/standings"' in standings
    assert f'href="/t/{tid}/print/crosstable"' in standings
    assert f'href="/t/{tid}/print/crosstable?round=1"' in client.get(f"/t/{tid}/crosstable").text


def test_a_print_in_danish(client: TestClient, skak: Skak, tid: int) -> None:
    _pair_round_one(skak, tid)
    r = client.get(f"/t/{tid}/print/pairings?round=1&lang=da")
    assert r.status_code == 200
    # the web's prints are compressed; the title in the file's information is not
    title = "Klubturnering 2026: Runde 1: rundelægning efter bræt".encode("utf-16-be").hex()
    assert f"/Title <feff{title}>".encode() in r.content
    assert "Udskriv (PDF):" in client.get(f"/t/{tid}/rounds/1?lang=da").text


def test_filename_keeps_plain_letters() -> None:
    assert filename("Efterårsturnering 2026", "cards", 3) == "efteraarsturnering-2026-cards-r3.pdf"
    assert filename("Skak i Ærø/Søby", "standings", None) == "skak-i-aeroe-soeby-standings.pdf"
    assert filename("Шахматы", "crosstable", 1) == "skak-crosstable-r1.pdf"


def test_the_report_of_a_finished_tournament(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.set_arbiters(tid, ["Inge Holm"])
    for number in (1, 2, 3):
        rnd = skak.tournaments.pair(tid).after.round(number)
        for p in rnd.pairings:
            if p.black is not None:
                skak.tournaments.enter_result(tid, number, p.board, Result.WHITE_WIN)
    r = client.get(f"/t/{tid}/print/report")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/pdf"
    assert r.headers["content-disposition"] == 'inline; filename="klubturnering-2026-report.pdf"'
