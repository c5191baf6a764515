"""The arbiter edits a round's pairing on the web before its results (issue 37, item 1):
colours swapped by a board's button, opponents exchanged by the form, a breach of the
rules shown with its rule and saved only after the confirmation with a reason."""

from __future__ import annotations

from fastapi.testclient import TestClient

from skak.api import Skak
from skak.model import Result
from tests.web.conftest import text_of


def _boards(skak: Skak, tid: int, number: int) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in skak.tournaments.get(tid).round(number).pairings]


def test_the_arbiter_swaps_exchanges_and_confirms_a_breach(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    r1 = _boards(skak, tid, 1)
    results = text_of(client.get(f"/arbiter/t/{tid}/rounds/1").text)
    assert "Edit the pairing (before the results)" in results
    page = text_of(client.get(f"/arbiter/t/{tid}/rounds/1/edit").text)
    assert "Edit the pairing of round 1" in page and "Swap colours" in page
    r = client.post(
        f"/arbiter/t/{tid}/rounds/1/edit",
        data={"change": "swap-colours", "first": "1", "csrf": arbiter},
    )
    assert r.status_code == 200
    (w, b) = r1[0]
    assert _boards(skak, tid, 1)[0] == (b, w)
    assert "Saved: round 1 edited: board 1" in text_of(r.text)
    bad = client.post(
        f"/arbiter/t/{tid}/rounds/1/edit",
        data={"change": "exchange", "first": "1", "second": "9", "csrf": arbiter},
    )
    assert bad.status_code == 404 and "round 1 has no board 9" in text_of(bad.text)
    for number in (1,):
        for board in range(1, 4):
            skak.tournaments.enter_result(tid, number, board, Result.DRAW)
    done = text_of(client.get(f"/arbiter/t/{tid}/rounds/1/edit").text)
    assert "This round has results" in done and "Swap colours" not in done
    skak.tournaments.pair(tid)
    r2 = _boards(skak, tid, 2)
    # Exchange round 2's black players so that board 1 of round 1 meets again.
    a, b = r1[0]
    first = next(i for i, g in enumerate(r2, 1) if a in g)
    second = next(i for i, g in enumerate(r2, 1) if b in g)
    if (r2[first - 1][1] == a) == (r2[second - 1][1] == b):
        skak.tournaments.edit_round(tid, 2, "swap-colours", [first])
        r2 = _boards(skak, tid, 2)
    side = "black"
    form = {"change": "exchange", "first": str(first), "second": str(second), "side": side}
    asked = client.post(f"/arbiter/t/{tid}/rounds/2/edit", data=form | {"csrf": arbiter})
    assert asked.status_code == 409
    text = text_of(asked.text)
    assert "have met already (no rematch: FIDE C.04.1 b, C.04.3 C1; DSU 4.9.1)" in text
    assert "Yes, confirm the breach and save" in text
    assert _boards(skak, tid, 2) == r2  # nothing saved
    again = client.post(
        f"/arbiter/t/{tid}/rounds/2/edit",
        data=form | {"confirm": "true", "reason": "", "csrf": arbiter},
    )
    assert again.status_code == 409 and "Give a reason" in text_of(again.text)
    saved = client.post(
        f"/arbiter/t/{tid}/rounds/2/edit",
        data=form | {"confirm": "true", "reason": "the players asked", "csrf": arbiter},
    )
    assert saved.status_code == 200
    assert "(reason: the players asked)" in text_of(saved.text)
    assert frozenset(r1[0]) in {frozenset(g) for g in _boards(skak, tid, 2)}
    skak.tournaments.undo(tid)
    assert _boards(skak, tid, 2) == r2


def test_the_edit_page_in_danish(client: TestClient, skak: Skak, tid: int, arbiter: str) -> None:
    skak.tournaments.pair(tid)
    page = text_of(client.get(f"/arbiter/t/{tid}/rounds/1/edit?lang=da").text)
    assert "Ret parringen i runde 1" in page and "Byt farver" in page


def test_an_edit_on_a_page_showing_other_boards_is_a_conflict(
    client: TestClient, skak: Skak, tid: int, arbiter: str
) -> None:
    skak.tournaments.pair(tid)
    html = client.get(f"/arbiter/t/{tid}/rounds/1/edit").text
    shown = ",".join(f"{w}-{b or 0}" for w, b in _boards(skak, tid, 1))
    assert f'name="seen" value="{shown}"' in html
    skak.tournaments.edit_round(tid, 1, "swap-colours", [2])  # another arbiter, meanwhile
    now = _boards(skak, tid, 1)
    r = client.post(
        f"/arbiter/t/{tid}/rounds/1/edit",
        data={"change": "swap-colours", "first": "1", "seen": shown, "csrf": arbiter},
    )
    assert r.status_code == 409
    assert "was changed by someone else since it was shown" in text_of(r.text)
    assert _boards(skak, tid, 1) == now
