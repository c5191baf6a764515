"""Results on the board list: one board saved at a time (HTMX), by the keys an arbiter
types, and a board someone else changed since the page was loaded is a conflict."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from skak.api import Grant, Role, Skak
from skak.model import Player, Result, Scoring, Tournament
from tests.web.conftest import ARBITER, CHEAP, log_in, text_of

HX = {"HX-Request": "true"}


def _enter(client: TestClient, csrf: str, tid: int, board: int, typed: str, seen: str = "") -> str:
    r = client.post(
        f"/arbiter/t/{tid}/rounds/1/boards/{board}",
        data={"result": typed, "seen": seen},
        headers=HX | {"X-CSRF-Token": csrf},
    )
    assert r.status_code == 200, r.text
    return r.text


@pytest.fixture
def paired(skak: Skak, tid: int) -> int:
    skak.tournaments.pair(tid)
    return tid


def test_the_board_list_has_a_field_per_game(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    page = client.get(f"/arbiter/t/{paired}/rounds/1")
    assert page.status_code == 200
    fields = re.findall(r'<input name="result" value="([^"]*)"', page.text)
    assert fields == ["", "", ""]
    assert page.text.count('hx-post="/arbiter/t/') == 3
    assert '<script src="/static/hx.js" defer></script>' in page.text
    assert f'"X-CSRF-Token": "{arbiter}"' in page.text  # HTMX sends it with each board
    t = skak.tournaments.get(paired)
    assert t.player(t.round(1).board(1).white).name in page.text


@pytest.mark.parametrize(
    ("typed", "result"),
    [
        ("1", Result.WHITE_WIN),
        ("½", Result.DRAW),
        ("=", Result.DRAW),
        ("0", Result.BLACK_WIN),
        ("+", Result.WHITE_FORFEIT_WIN),
        ("-", Result.BLACK_FORFEIT_WIN),
        ("1/2-1/2", Result.DRAW),
        ("--", Result.DOUBLE_FORFEIT),
        ("unfinished", Result.UNFINISHED),
    ],
)
def test_a_typed_key_is_saved_and_shown(
    client: TestClient, skak: Skak, paired: int, arbiter: str, typed: str, result: Result
) -> None:
    row = _enter(client, arbiter, paired, 2, typed)
    assert row.startswith('<tr id="board-2" class="board saved">')
    assert f'value="{result}"' in row
    assert f'name="seen" value="{result}"' in row  # the next entry is checked against it
    assert "Saved" in row and result.label in row
    assert skak.tournaments.get(paired).round(1).board(2).result is result
    assert str(result) in client.get(f"/t/{paired}/rounds/1").text  # the public page shows it
    last = skak.tournaments.history(paired)[-1]
    assert (last.type, last.actor) == ("result_entered", ARBITER)


def test_the_results_reach_the_public_standings(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    for board, typed in ((1, "1"), (2, "0"), (3, "½")):
        _enter(client, arbiter, paired, board, typed)
    view = skak.tournaments.standings(paired)
    text = text_of(client.get(f"/t/{paired}/standings").text)
    leaders = [r.name for r in view.standings if r.points == 1]
    assert len(leaders) == 2
    assert all(text.index(n) < text.index(view.standings[-1].name) for n in leaders)


def test_a_board_changed_by_someone_else_is_a_conflict(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    client.get(f"/arbiter/t/{paired}/rounds/1")  # the page shows board 1 without a result
    skak.tournaments.enter_result(paired, 1, 1, Result.DRAW, actor="Ole Olsen")  # meanwhile
    row = _enter(client, arbiter, paired, 1, "1", seen="")
    assert 'class="board conflict"' in row
    assert "changed by someone else" in row and "½-½" in row and "you typed 1" in row
    assert 'value="½-½"' in row  # the row shows what the board now has
    assert skak.tournaments.get(paired).round(1).board(1).result is Result.DRAW  # not overwritten
    # having seen it, the arbiter may correct it
    row = _enter(client, arbiter, paired, 1, "1", seen="½-½")
    assert "saved" in row and "corrected from ½-½" in row
    assert skak.tournaments.get(paired).round(1).board(1).result is Result.WHITE_WIN


def test_the_same_result_again_changes_nothing(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    _enter(client, arbiter, paired, 1, "1")
    events = len(skak.tournaments.history(paired))
    row = _enter(client, arbiter, paired, 1, "1-0", seen="1-0")
    assert 'class="board unchanged"' in row
    assert len(skak.tournaments.history(paired)) == events


@pytest.mark.parametrize("typed", ["x", "2", "1-1", "bye"])
def test_a_bad_key_is_named_and_nothing_saved(
    client: TestClient, skak: Skak, paired: int, arbiter: str, typed: str
) -> None:
    events = len(skak.tournaments.history(paired))
    row = _enter(client, arbiter, paired, 1, typed)
    assert 'class="board error"' in row and "Not saved" in row
    assert f'value="{typed}"' in row  # what was typed stays in the field to be mended
    assert len(skak.tournaments.history(paired)) == events


def test_an_empty_field_saves_nothing(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    events = len(skak.tournaments.history(paired))
    assert "Type a result" in _enter(client, arbiter, paired, 1, "  ")
    assert len(skak.tournaments.history(paired)) == events


def test_a_board_that_is_not_there(client: TestClient, paired: int, arbiter: str) -> None:
    r = client.post(
        f"/arbiter/t/{paired}/rounds/1/boards/9",
        data={"result": "1", "seen": ""},
        headers=HX | {"X-CSRF-Token": arbiter},
    )
    assert r.status_code == 404
    assert "board 9" in r.text
    assert client.get(f"/arbiter/t/{paired}/rounds/5").status_code == 404


def test_a_forged_seen_value_is_refused(client: TestClient, paired: int, arbiter: str) -> None:
    r = client.post(
        f"/arbiter/t/{paired}/rounds/1/boards/1",
        data={"result": "1", "seen": "2-0"},
        headers=HX | {"X-CSRF-Token": arbiter},
    )
    assert r.status_code == 400


def test_two_arbiters_each_see_the_others_result(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    other = TestClient(client.app)
    other_csrf = log_in(other, "Ole Olsen", "fianchetto")
    _enter(other, other_csrf, paired, 3, "0")
    row = _enter(client, arbiter, paired, 3, "1")  # the first arbiter's page was stale
    assert "conflict" in row
    actors = {h.actor for h in skak.tournaments.history(paired) if h.type == "result_entered"}
    assert actors == {"Ole Olsen"}


def test_a_gladiator_draw_takes_its_play_off_on_the_same_row(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    """4.9.8: a drawn game is played off; the row has a field for the play-off, the row says
    while it has no winner, and the play-off is stored as ``skak result --playoff`` does."""
    t = Tournament("Gladiator 2026", "monrad", number_of_rounds=3, scoring=Scoring(gladiator=True))
    tid = skak.tournaments.create(t).id
    skak.tournaments.add_players(tid, lambda _t: [Player(i, f"Spiller {i}") for i in range(1, 5)])
    skak.tournaments.pair(tid)
    page = client.get(f"/arbiter/t/{tid}/rounds/1").text
    assert page.count('name="playoff"') == 2
    url = f"/arbiter/t/{tid}/rounds/1/boards/1"
    headers = HX | {"X-CSRF-Token": arbiter}
    drawn = client.post(url, data={"result": "=", "seen": "", "playoff": ""}, headers=headers)
    assert "the play-off has no winner yet" in text_of(drawn.text)
    won = client.post(url, data={"result": "=", "seen": "½-½", "playoff": "½,0"}, headers=headers)
    assert won.status_code == 200
    assert 'name="playoff" value="½-½,0-1"' in won.text
    board = skak.tournaments.get(tid).round(1).board(1)
    assert (board.result, board.playoff) == (Result.DRAW, (Result.DRAW, Result.BLACK_WIN))
    assert "no winner yet" not in text_of(won.text)
    wrong = client.post(url, data={"result": "=", "seen": "½-½", "playoff": "2-0"}, headers=headers)
    assert "Not saved" in text_of(wrong.text)
    assert skak.tournaments.get(tid).round(1).board(1).playoff == (Result.DRAW, Result.BLACK_WIN)


def test_an_ordinary_tournament_has_no_play_off_field(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    assert 'name="playoff"' not in client.get(f"/arbiter/t/{paired}/rounds/1").text


def test_a_play_off_entered_meanwhile_is_a_conflict_not_wiped(
    client: TestClient, skak: Skak, arbiter: str
) -> None:
    """Two arbiters, 4.9.8: A saves a draw and then its play-off; B's page, loaded between
    the two, saves the draw again. B is told of the conflict; A's play-off stays."""
    t = Tournament("Gladiator 2026", "monrad", number_of_rounds=3, scoring=Scoring(gladiator=True))
    tid = skak.tournaments.create(t).id
    skak.tournaments.add_players(tid, lambda _t: [Player(i, f"Spiller {i}") for i in range(1, 5)])
    skak.tournaments.pair(tid)
    skak.tournaments.enter_result(tid, 1, 1, Result.DRAW)  # what B's page shows: ½-½, no play-off
    skak.tournaments.enter_result(tid, 1, 1, Result.DRAW, (Result.WHITE_WIN,))  # A's play-off
    url = f"/arbiter/t/{tid}/rounds/1/boards/1"
    headers = HX | {"X-CSRF-Token": arbiter}
    r = client.post(
        url,
        data={"result": "=", "seen": "½-½", "seen_playoff": "-", "playoff": ""},
        headers=headers,
    )
    assert "changed by someone else" in text_of(r.text)
    assert skak.tournaments.get(tid).round(1).board(1).playoff == (Result.WHITE_WIN,)


def test_a_result_entered_reads_the_tournament_once(
    client: TestClient, skak: Skak, paired: int, arbiter: str
) -> None:
    """Issue 34: the board's row is rendered from the command's outcome (``Outcome.after``),
    not from the whole record read again: one read of the stream, one replay."""
    client.get(f"/arbiter/t/{paired}/rounds/1")  # the page as the arbiter has it
    stats = skak.store.stats
    stats.reset()
    html = _enter(client, arbiter, paired, 1, "1")
    assert "Saved" in text_of(html)
    assert (stats.reads, stats.replays, stats.writes) == (1, 1, 1)
    stats.reset()
    html = _enter(client, arbiter, paired, 1, "½", seen="1-0")
    assert "corrected from 1-0" in text_of(html)
    assert (stats.reads, stats.replays, stats.writes) == (1, 1, 1)


@pytest.mark.parametrize(
    ("name", "role"),
    [("Per Holm", Grant(Role.CLUB, club="Skovlunde")), ("Ole Dam", Grant(Role.ARBITER))],
)
def test_an_account_without_the_role_is_refused_and_nothing_is_written(
    client: TestClient, skak: Skak, paired: int, name: str, role: Grant
) -> None:
    """A captain may not enter a tournament's results, nor an arbiter those of a tournament
    he neither created nor was invited to: 403, in words, and the board stays empty."""
    skak.accounts.add(name, "kaptajn-77", roles=[role], hasher=CHEAP)
    csrf = log_in(client, name, "kaptajn-77")
    version = skak.tournaments.version(paired)
    r = client.post(
        f"/arbiter/t/{paired}/rounds/1/boards/1",
        data={"result": "1", "seen": ""},
        headers=HX | {"X-CSRF-Token": csrf},
    )
    assert r.status_code == 403 and f"{name} may not change Klubturnering 2026" in r.text
    assert skak.tournaments.version(paired) == version
    skak.accounts.grant(name, "arbiter", record=paired)
    assert _enter(client, csrf, paired, 1, "1")
    assert skak.tournaments.get(paired).round(1).board(1).result is Result.WHITE_WIN
