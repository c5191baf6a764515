"""Editing a round before its results (issue 37, item 1): each kind of change, checked
against the system's absolute criteria; a breach needs the arbiter's confirmation and
reason; undo restores the automatic pairing; the TRF export shows the edited round."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.api import Skak, Tournament, trf_text
from skak.errors import InputError, PairingBreachError, StateError
from skak.faces.cli import app
from skak.model import Result


def _field(api: Skak, players: int = 7, system: str = "dutch", rounds: int = 5) -> int:
    tid = api.tournaments.create(Tournament("Klubaften", system, number_of_rounds=rounds)).id
    for i in range(1, players + 1):
        api.tournaments.add_player(tid, f"Spiller, {i}", start_number=i)
    return tid


def _boards(api: Skak, tid: int, number: int) -> list[tuple[int, int | None]]:
    return [(p.white, p.black) for p in api.tournaments.get(tid).round(number).pairings]


def _play(api: Skak, tid: int, number: int) -> None:
    for p in api.tournaments.get(tid).round(number).pairings:
        if p.black is not None:
            api.tournaments.enter_result(tid, number, p.board, Result.DRAW)


def test_each_kind_of_change_is_one_event_and_undo_restores_the_pairing(api: Skak) -> None:
    tid = _field(api)
    api.tournaments.pair(tid)
    automatic = _boards(api, tid, 1)
    assert automatic[-1][1] is None  # seven players: the bye is the last board
    (w1, b1), (w2, b2) = automatic[0], automatic[1]

    api.tournaments.edit_round(tid, 1, "swap-colours", [1])
    assert _boards(api, tid, 1)[0] == (b1, w1)
    lines = [h.text for h in api.tournaments.history(tid)]
    assert lines[-1] == (f"round 1 edited: board 1 Spiller, {b1} ({b1})–Spiller, {w1} ({w1})")

    api.tournaments.edit_round(tid, 1, "exchange", [1, 2])  # the black players
    assert _boards(api, tid, 1)[:2] == [(b1, b2), (w2, w1)]
    api.tournaments.edit_round(tid, 1, "exchange", [1, 2], side="white")
    assert _boards(api, tid, 1)[:2] == [(w2, b2), (b1, w1)]

    bye = automatic[-1][0]
    api.tournaments.edit_round(tid, 1, "no-bye", [])
    rnd = api.tournaments.get(tid).round(1)
    assert all(p.black is not None for p in rnd.pairings)
    assert [(b.player, b.result) for b in rnd.byes] == [(bye, Result.ZERO_BYE)]
    api.tournaments.edit_round(tid, 1, "bye", [bye])
    assert _boards(api, tid, 1)[-1] == (bye, None)
    assert api.tournaments.get(tid).round(1).byes == ()

    # The bye's player and the black player of board 3 change places.
    w3, b3 = automatic[2]
    api.tournaments.edit_round(tid, 1, "exchange", [3, 4])
    assert _boards(api, tid, 1)[2:] == [(w3, bye), (b3, None)]

    # Five edits, five events: undo them one by one back to the automatic pairing.
    for _ in range(6):
        api.tournaments.undo(tid)
    assert _boards(api, tid, 1) == automatic


def test_a_late_arrival_is_paired_with_the_bye_player_or_gets_the_bye(api: Skak) -> None:
    tid = _field(api, players=8)
    api.tournaments.announce_absence(tid, 8, {1})
    api.tournaments.pair(tid)
    rnd = api.tournaments.get(tid).round(1)
    assert [(b.player, b.result) for b in rnd.byes] == [(8, Result.ZERO_BYE)]
    boards = _boards(api, tid, 1)
    bye = boards[-1][0]
    assert boards[-1][1] is None  # seven present: a bye
    with pytest.raises(StateError, match="plays on board 1"):
        api.tournaments.edit_round(tid, 1, "pair", [8, boards[0][0]])
    # Player 8 arrives late and meets the bye's player on a new board.
    api.tournaments.edit_round(tid, 1, "pair", [bye, 8])
    assert _boards(api, tid, 1) == [*boards[:-1], (bye, 8)]
    assert api.tournaments.get(tid).round(1).byes == ()
    api.tournaments.undo(tid)
    # Or, with the bye taken from its player first, the late arrival gets the bye.
    api.tournaments.edit_round(tid, 1, "no-bye", [])
    with pytest.raises(StateError, match="no bye to take back"):
        api.tournaments.edit_round(tid, 1, "no-bye", [])
    api.tournaments.edit_round(tid, 1, "bye", [8])
    rnd = api.tournaments.get(tid).round(1)
    assert (rnd.pairings[-1].white, rnd.pairings[-1].black) == (8, None)
    assert [(b.player, b.result) for b in rnd.byes] == [(bye, Result.ZERO_BYE)]


def test_pair_two_unpaired_players(api: Skak) -> None:
    tid = _field(api, players=8)
    api.tournaments.announce_absence(tid, 7, {1})
    api.tournaments.announce_absence(tid, 8, {1})
    api.tournaments.pair(tid)
    before = _boards(api, tid, 1)
    api.tournaments.edit_round(tid, 1, "pair", [8, 7])
    assert _boards(api, tid, 1) == [*before, (8, 7)]
    assert api.tournaments.get(tid).round(1).byes == ()
    assert api.tournaments.history(tid)[-1].text == (
        "round 1 edited: board 4 Spiller, 8 (8)–Spiller, 7 (7)"
    )


def test_a_breach_needs_the_confirmation_and_a_reason(api: Skak) -> None:
    tid = _field(api, players=4)
    api.tournaments.pair(tid)
    r1 = _boards(api, tid, 1)
    _play(api, tid, 1)
    api.tournaments.pair(tid)
    r2 = _boards(api, tid, 2)
    # Make a board of round 2 a rematch of round 1's board 1.
    a, b = r1[0]
    other = next(i for i, g in enumerate(r2, start=1) if a in g)
    mate = next(i for i, g in enumerate(r2, start=1) if b in g)
    if (r2[other - 1][1] == a) == (r2[mate - 1][1] == b):
        api.tournaments.edit_round(tid, 2, "swap-colours", [other])
        r2 = _boards(api, tid, 2)
    side = "black"
    version = len(api.tournaments.history(tid))
    with pytest.raises(PairingBreachError, match="have met already") as caught:
        api.tournaments.edit_round(tid, 2, "exchange", [other, mate], side=side)
    assert caught.value.exit_code == StateError.exit_code
    assert any("C.04.3 C1" in text for text in caught.value.breaches)
    assert len(api.tournaments.history(tid)) == version  # nothing written
    with pytest.raises(PairingBreachError, match="needs a reason"):
        api.tournaments.edit_round(tid, 2, "exchange", [other, mate], side=side, confirm=True)
    api.tournaments.edit_round(
        tid, 2, "exchange", [other, mate], side=side, confirm=True, reason="players agree"
    )
    games = {frozenset(g) for g in _boards(api, tid, 2)}
    assert frozenset({a, b}) in games
    line = api.tournaments.history(tid)[-1].text
    assert "rules broken with the arbiter's confirmation: no rematch" in line
    assert line.endswith("(reason: players agree)")
    api.tournaments.undo(tid)
    assert _boards(api, tid, 2) == r2


def test_colour_limits_and_the_bye_rule_are_absolute(api: Skak) -> None:
    tid = _field(api, players=5)
    api.tournaments.pair(tid)
    bye = _boards(api, tid, 1)[-1][0]
    _play(api, tid, 1)
    api.tournaments.pair(tid)
    r2 = _boards(api, tid, 2)
    # Round 2's bye goes elsewhere; giving it to round 1's bye player again is a breach.
    board = next(i for i, (w, bl) in enumerate(r2, start=1) if bye in (w, bl))
    side = "white" if r2[board - 1][0] == bye else "black"
    with pytest.raises(PairingBreachError, match="bye or a forfeit win already"):
        api.tournaments.edit_round(tid, 2, "exchange", [board, len(r2)], side=side)


def test_the_colour_limits_are_absolute_in_the_fide_systems(api: Skak) -> None:
    tid = _field(api, players=6)
    api.tournaments.pair(tid)
    _play(api, tid, 1)
    api.tournaments.pair(tid)
    # Round 2: every board's white had white in round 1 too (two whites in a row may be).
    first = {p.white for p in api.tournaments.get(tid).round(1).pairings}
    for p in api.tournaments.get(tid).round(2).pairings:
        if p.white not in first and p.black in first:
            api.tournaments.edit_round(tid, 2, "swap-colours", [p.board])
    _play(api, tid, 2)
    api.tournaments.pair(tid)
    t = api.tournaments.get(tid)
    twice = first & {p.white for p in t.round(2).pairings}
    board = next(p for p in t.round(3).pairings if p.black in twice)
    with pytest.raises(PairingBreachError, match="colour difference beyond ±2"):
        api.tournaments.edit_round(tid, 3, "swap-colours", [board.board])
    monrad = _field(api, players=6, system="monrad")
    for number in (1, 2):
        api.tournaments.pair(monrad)
        for p in api.tournaments.get(monrad).round(number).pairings:
            if number == 2 and p.white not in first:
                api.tournaments.edit_round(monrad, 2, "swap-colours", [p.board])
        first = {p.white for p in api.tournaments.get(monrad).round(1).pairings}
        _play(api, monrad, number)
    api.tournaments.pair(monrad)
    t = api.tournaments.get(monrad)
    twice = {p.white for p in t.round(1).pairings} & {p.white for p in t.round(2).pairings}
    board = next(p for p in t.round(3).pairings if p.black in twice)
    api.tournaments.edit_round(monrad, 3, "swap-colours", [board.board])  # no breach


def test_a_forbidden_pair_is_a_breach(api: Skak) -> None:
    tid = _field(api, players=4)
    api.tournaments.pair(tid)
    (w1, _), (_, b2) = _boards(api, tid, 1)
    api.tournaments.forbid_pairing(tid, [w1, b2], rounds=(1, 1))
    with pytest.raises(PairingBreachError, match="forbidden pairing"):
        api.tournaments.edit_round(tid, 1, "exchange", [1, 2])


def test_a_round_with_a_result_or_an_earlier_round_is_not_edited(api: Skak) -> None:
    tid = _field(api, players=4)
    api.tournaments.pair(tid)
    api.tournaments.enter_result(tid, 1, 2, Result.WHITE_WIN)
    with pytest.raises(StateError, match="has a result on board 2"):
        api.tournaments.edit_round(tid, 1, "swap-colours", [1])
    api.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    api.tournaments.pair(tid)
    with pytest.raises(StateError, match="only the last round paired"):
        api.tournaments.edit_round(tid, 1, "swap-colours", [1])
    berger = _field(api, players=4, system="berger", rounds=3)
    api.tournaments.pair(berger)
    with pytest.raises(StateError, match="not edited"):
        api.tournaments.edit_round(berger, 1, "swap-colours", [1])


def test_a_whole_round_from_a_file_and_the_trf_export(api: Skak) -> None:
    tid = _field(api, players=5)
    api.tournaments.pair(tid)
    text = "# round 1 as the arbiter wants it\n1,2\n4,3\n5,bye\n"
    api.tournaments.edit_round(tid, 1, "file", pairs=text)
    assert _boards(api, tid, 1) == [(1, 2), (4, 3), (5, None)]
    trf = trf_text(api.tournaments.get(tid))
    lines = {line[4:8].strip(): line for line in trf.splitlines() if line.startswith("001")}
    assert lines["1"][91:101].split() == ["2", "w"]
    assert lines["4"][91:101].split() == ["3", "w"]
    assert lines["3"][91:101].split() == ["4", "b"]
    assert lines["5"][91:101].split()[0] == "0000"
    with pytest.raises(InputError, match="leaves out"):
        api.tournaments.edit_round(tid, 1, "file", pairs="1,2\n4,3\n")
    with pytest.raises(InputError, match="line 2"):
        api.tournaments.edit_round(tid, 1, "file", pairs="1,2\nfour,3\n")


def test_the_command(runner: CliRunner) -> None:
    steps = [
        ["new", "Klub", "--system", "dutch", "--rounds", "3"],
        *(["players", "add", f"Spiller, {i}"] for i in range(1, 6)),
        ["pair"],
    ]
    for args in steps:
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (args, done.output)
    swapped = runner.invoke(app, ["round", "edit", "1", "swap-colours", "1"])
    assert swapped.exit_code == 0, swapped.output
    assert "round 1 edited: board 1" in swapped.stdout
    danish = runner.invoke(app, ["--lang", "da", "round", "edit", "1", "exchange", "1", "2"])
    assert danish.exit_code == 0, danish.output
    assert "runde 1 ændret: bræt 1" in danish.stdout
    Path("pairs.csv").write_text("1,2\n4,3\n5,bye\n", encoding="utf-8")
    whole = runner.invoke(app, ["round", "edit", "1", "--from-file", "pairs.csv"])
    assert whole.exit_code == 0, whole.output
    for args in (["result", "1", "1", "1-0"], ["result", "1", "2", "0-1"], ["pair"]):
        assert runner.invoke(app, args).exit_code == 0
    two = runner.invoke(app, ["round", "show", "2", "--json"])
    boards = [(b["white"], b["black"]) for b in json.loads(two.stdout)["pairings"]]
    assert boards[-1][1] is None and boards[-1][0] != 5
    # Round 1's bye player (5) gets the bye again: a breach of C.04.3 C2.
    five = next(i for i, (w, bl) in enumerate(boards, 1) if 5 in (w, bl))
    side = "--white" if boards[five - 1][0] == 5 else "--black"
    refused = runner.invoke(app, ["round", "edit", "2", "exchange", str(five), "3", side])
    assert refused.exit_code == 5, refused.output
    assert "C.04.3 C2" in refused.stderr
    confirmed = runner.invoke(
        app,
        ["round", "edit", "2", "exchange", str(five), "3", side, "--confirm", "--reason", "late"],
    )
    assert confirmed.exit_code == 0, confirmed.output
    assert "(reason: late)" in confirmed.stdout
    undone = runner.invoke(app, ["undo"])
    assert undone.exit_code == 0 and "round 2 edited" in undone.stdout


def test_the_event_round_trips_through_the_log(api: Skak) -> None:
    from skak.records.tournament.codec import dump_event, load_event

    tid = _field(api, players=4)
    api.tournaments.pair(tid)
    done = api.tournaments.edit_round(tid, 1, "exchange", [1, 2], confirm=True, reason="brothers")
    (event,) = done.events
    assert load_event(json.loads(json.dumps(dump_event(event)))) == event
