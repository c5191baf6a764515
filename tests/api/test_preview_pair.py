"""``Skak.preview_pair`` and confirming it at the version previewed (the web's pairing screen)."""

from __future__ import annotations

import pytest

from skak.api import Skak
from skak.errors import ConflictError, StateError
from skak.model import Player, Ratings, Result, Tournament


def _monrad(api: Skak, players: int = 6) -> int:
    tid = api.tournaments.create(Tournament("Klub", "monrad", number_of_rounds=3)).id
    field = [Player(i, f"Spiller {i}", ratings=Ratings(dsu=2000 - 10 * i)) for i in range(1, 7)]
    api.tournaments.add_players(tid, lambda _t: field[:players])
    return tid


def test_a_preview_writes_nothing_and_its_confirmation_appends_that_round(api: Skak) -> None:
    tid = _monrad(api)
    before = api.tournaments.history(tid)
    preview = api.tournaments.preview_pair(tid)
    assert api.tournaments.history(tid) == before  # nothing written
    assert api.tournaments.get(tid).rounds == ()
    assert preview.round.number == 1
    assert preview.version == len(before)
    assert preview.round.explanation  # the system says why
    done = api.tournaments.pair(tid, at_version=preview.version, actor="Inge")
    assert done.after.rounds[-1] == preview.round
    assert api.tournaments.history(tid)[-1].actor == "Inge"


def test_a_stale_confirmation_is_refused_and_writes_nothing(api: Skak) -> None:
    tid = _monrad(api)
    preview = api.tournaments.preview_pair(tid)
    api.tournaments.add_player(
        tid, "Late, Lars"
    )  # another arbiter changes the tournament meanwhile
    version = len(api.tournaments.history(tid))
    with pytest.raises(ConflictError, match="changed since it was shown"):
        api.tournaments.pair(tid, at_version=preview.version)
    assert len(api.tournaments.history(tid)) == version
    assert api.tournaments.get(tid).rounds == ()
    # a fresh preview at the new version pairs the late entry too
    again = api.tournaments.preview_pair(tid)
    assert again.version == version
    assert api.tournaments.pair(tid, at_version=again.version).after.rounds[-1] == again.round


def test_a_preview_refuses_what_pairing_refuses(api: Skak) -> None:
    tid = _monrad(api, players=4)
    api.tournaments.pair(tid)
    with pytest.raises(StateError, match="results are missing"):
        api.tournaments.preview_pair(tid)
    preview = api.tournaments.preview_pair(tid, allow_unfinished=True)
    assert preview.round.number == 2
    api.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
    assert api.tournaments.preview_pair(tid, allow_unfinished=True).version == preview.version + 1
