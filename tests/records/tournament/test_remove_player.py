"""A player registered by mistake is taken off the list before round 1 (issue: the arbiter's
hall, item 10): the players after him close up, so the start numbers have no gap (a TRF file
numbers its players 1 to n); the history says it, undo brings him back; after round 1 he
withdraws instead, and nothing is written."""

from __future__ import annotations

import pytest

from skak.api import Player, Skak, Tournament, trf_text
from skak.errors import NotFoundError, StateError


@pytest.fixture
def tid(api: Skak) -> int:
    tid = api.tournaments.create(Tournament("Lyn", "monrad", number_of_rounds=5)).id
    names = ["Anna", "Bent", "Clara", "Dennis", "Emil"]
    api.tournaments.add_players(tid, lambda _t: [Player(i, n) for i, n in enumerate(names, 1)])
    return tid


def test_the_players_after_him_close_up(api: Skak, tid: int) -> None:
    done = api.tournaments.remove_player(tid, 2, reason="tilmeldt to gange")
    t = done.after
    assert [(p.start_number, p.name) for p in t.players] == [
        (1, "Anna"),
        (2, "Clara"),
        (3, "Dennis"),
        (4, "Emil"),
    ]
    assert (
        "Bent (2) removed from the list; 3 players moved up"
        in api.tournaments.history(tid)[-1].text
    )
    lines = [line for line in trf_text(t).splitlines() if line.startswith("001")]
    assert [int(line[4:8]) for line in lines] == [1, 2, 3, 4]
    undone, back = api.tournaments.undo(tid)
    assert undone.event.kind == "player_removed" and len(back.players) == 5
    assert back.player(2).name == "Bent"


def test_after_round_1_he_withdraws_instead(api: Skak, tid: int) -> None:
    api.tournaments.pair(tid)
    version = api.tournaments.version(tid)
    with pytest.raises(StateError, match="withdraw Bent instead"):
        api.tournaments.remove_player(tid, 2)
    with pytest.raises(NotFoundError):
        api.tournaments.remove_player(tid, 9)
    assert api.tournaments.version(tid) == version
