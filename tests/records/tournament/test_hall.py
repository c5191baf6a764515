"""Forbidden pairings and the check-in (issue 37, items 2 and 3): declared on the tournament
as events, kept by the Swiss systems, named in the explanation, written to TRF and read
back, and taken back by ``skak undo``."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from skak.api import Skak, Tournament, tournament_from_trf_bytes, trf_text
from skak.errors import NotFoundError, NoValidPairingError, StateError
from skak.faces.cli import app
from skak.model import GroupBan, PairingBan, Result

CLUBS = ["Aarhus", "Aarhus", "Odense", "Odense", "Aarhus", "Vejle"]


def _field(api: Skak, system: str = "dutch", rounds: int = 5) -> int:
    tid = api.tournaments.create(Tournament("Klubmesterskab", system, number_of_rounds=rounds)).id
    for i, club in enumerate(CLUBS, start=1):
        api.tournaments.add_player(tid, f"Spiller, {i}", club=club, start_number=i)
    return tid


def _games(api: Skak, tid: int, number: int) -> set[frozenset[int]]:
    rnd = api.tournaments.get(tid).round(number)
    return {frozenset(p.players) for p in rnd.pairings if p.black is not None}


def test_a_forbidden_pair_is_kept_apart_named_and_undone(api: Skak) -> None:
    tid = _field(api, system="monrad")
    api.tournaments.forbid_pairing(tid, [1, "Spiller, 2"])
    # Monrad pairs 1–2 in round 1 unless the ban says otherwise.
    api.tournaments.pair(tid)
    assert frozenset({1, 2}) not in _games(api, tid, 1)
    why = api.tournaments.get(tid).round(1).explanation
    assert (
        why[0]
        == "forbidden pairing (kept apart as if they had met): Spiller, 1 (1); Spiller, 2 (2)"
    )
    lines = [h.text for h in api.tournaments.history(tid)]
    assert "pairing forbidden: Spiller, 1 (1); Spiller, 2 (2)" in lines
    api.tournaments.undo(tid)  # the round
    api.tournaments.undo(tid)  # the ban
    assert api.tournaments.get(tid).bans == ()
    api.tournaments.pair(tid)
    assert frozenset({1, 2}) in _games(api, tid, 1)


def test_a_ban_is_lifted_and_the_same_ban_twice_changes_nothing(api: Skak) -> None:
    tid = _field(api)
    api.tournaments.forbid_pairing(tid, [3, 4], rounds=(1, 2))
    assert api.tournaments.forbid_pairing(tid, [4, 3], rounds=(1, 2)).events == ()
    done = api.tournaments.forbid_pairing(tid, [3, 4], remove=True)
    assert done.after.bans == ()
    assert api.tournaments.history(tid)[-1].text == (
        "forbidden pairing lifted: Spiller, 3 (3); Spiller, 4 (4) (rounds 1–2)"
    )
    with pytest.raises(StateError, match="no forbidden pairing"):
        api.tournaments.forbid_pairing(tid, [3, 4], remove=True)
    with pytest.raises(NotFoundError, match="several players"):
        api.tournaments.forbid_pairing(tid, ["Spiller", 4])


def test_clubmates_are_kept_apart_in_the_rounds_given(api: Skak) -> None:
    tid = _field(api, system="dutch")
    api.tournaments.forbid_groups(tid, "club", rounds=(1, 1))
    t = api.tournaments.get(tid)
    assert t.group_bans == (GroupBan("club", 1, 1),)
    assert set(t.pairing_bans()) == {
        PairingBan(frozenset({1, 2, 5}), 1, 1),
        PairingBan(frozenset({3, 4}), 1, 1),
    }
    api.tournaments.pair(tid)
    same_club = {frozenset(p) for p in ({1, 2}, {1, 5}, {2, 5}, {3, 4})}
    assert not _games(api, tid, 1) & same_club
    lines = [h.text for h in api.tournaments.history(tid)]
    assert "players of one club are not paired with each other (round 1)" in lines
    done = api.tournaments.forbid_groups(tid, "club", remove=True)
    assert done.after.group_bans == ()


def test_a_ban_is_absolute_when_no_pairing_keeps_it(api: Skak) -> None:
    tid = api.tournaments.create(Tournament("To", "dutch", number_of_rounds=1)).id
    api.tournaments.add_player(tid, "A, a")
    api.tournaments.add_player(tid, "B, b")
    api.tournaments.forbid_pairing(tid, [1, 2])
    with pytest.raises(NoValidPairingError):
        api.tournaments.pair(tid)


@pytest.mark.parametrize("system", ["berger", "knockout"])
def test_a_fixed_table_refuses_a_ban(api: Skak, system: str) -> None:
    tid = _field(api, system=system, rounds=5 if system == "berger" else 3)
    with pytest.raises(StateError, match="fixed table or draw"):
        api.tournaments.forbid_pairing(tid, [1, 2])
    with pytest.raises(StateError, match="fixed table or draw"):
        api.tournaments.forbid_groups(tid, "federation")


def test_bans_go_to_trf_and_come_back(api: Skak) -> None:
    tid = _field(api)
    api.tournaments.forbid_pairing(tid, [1, 6], rounds=(2, None))
    api.tournaments.forbid_groups(tid, "club", rounds=(1, 3))
    t = api.tournaments.get(tid)
    for trf26 in (False, True):
        back = tournament_from_trf_bytes(trf_text(t, trf26=trf26).encode(), "k.trf")
        assert set(back.bans) == set(t.pairing_bans())
        assert PairingBan(frozenset({1, 2, 5}), 1, 3) in back.bans


def test_closing_the_check_in_makes_the_others_absent_and_undo_takes_it_back(
    api: Skak,
) -> None:
    tid = _field(api, system="dutch")
    api.tournaments.check_in(tid, [1, 2, 3, "Spiller, 4"])
    api.tournaments.check_in(tid, [4], out=True)
    with pytest.raises(StateError, match="not checked in"):
        api.tournaments.check_in(tid, [4], out=True)
    done = api.tournaments.close_check_in(tid)
    assert [p.start_number for p in done.after.players if 1 in p.absent_rounds] == [4, 5, 6]
    assert api.tournaments.history(tid)[-1].text == (
        "round 1: check-in closed; 3 players not checked in are absent: "
        "Spiller, 4 (4); Spiller, 5 (5); Spiller, 6 (6)"
    )
    with pytest.raises(StateError, match="is closed"):
        api.tournaments.check_in(tid, [5])
    with pytest.raises(StateError, match="closed already"):
        api.tournaments.close_check_in(tid)
    paired = api.tournaments.pair(tid).after
    rnd = paired.round(1)
    assert sorted(n for p in rnd.pairings for n in p.players) == [1, 2, 3]
    assert {b.player: b.result for b in rnd.byes} == dict.fromkeys((4, 5, 6), Result.ZERO_BYE)
    assert not paired.checked_in and not paired.checkin_closed  # round 2's check-in is new
    api.tournaments.undo(tid)  # the round
    api.tournaments.undo(tid)  # the closing
    t = api.tournaments.get(tid)
    assert not t.checkin_closed and t.checked_in == {1, 2, 3}
    assert all(not p.absent_rounds for p in t.players)


def test_nobody_checked_in_is_no_close_and_a_withdrawn_player_checks_in_nowhere(
    api: Skak,
) -> None:
    tid = _field(api)
    with pytest.raises(StateError, match="nobody is checked in"):
        api.tournaments.close_check_in(tid)
    api.tournaments.withdraw(tid, 6)
    with pytest.raises(StateError, match="not to be paired in round 1"):
        api.tournaments.check_in(tid, [6])
    api.tournaments.check_in(tid, [1, 2, 3, 4, 5])
    done = api.tournaments.close_check_in(tid)
    assert done.events[0].absent == ()  # type: ignore[union-attr]


def test_the_commands(runner: CliRunner) -> None:
    steps = [
        ["new", "Klub", "--system", "dutch", "--rounds", "3"],
        *(["players", "add", f"Spiller, {i}", "--club", c] for i, c in enumerate(CLUBS, 1)),
        ["players", "forbid", "1", "2", "--rounds", "1-2"],
        ["players", "forbid", "--same-federation"],
        ["checkin", "1", "2", "3", "4"],
        ["checkin", "4", "--out"],
    ]
    for args in steps:
        done = runner.invoke(app, args)
        assert done.exit_code == 0, (args, done.output)
    listed = runner.invoke(app, ["players", "forbid"])
    assert "Spiller, 1 (1); Spiller, 2 (2)" in listed.stdout
    assert "rounds 1–2" in listed.stdout and "Players of one federation" in listed.stdout
    shown = runner.invoke(app, ["checkin"])
    assert "3 checked in, 3 not yet" in shown.stdout
    closed = runner.invoke(app, ["checkin", "--close"])
    assert closed.exit_code == 0, closed.output
    assert "absent from round 1: Spiller, 4; Spiller, 5; Spiller, 6" in closed.stdout
    bad = runner.invoke(app, ["players", "forbid", "1", "2", "--rounds", "x"])
    assert bad.exit_code == 3 and "1-3" in bad.stderr
    paired = runner.invoke(app, ["pair", "--explain"])
    assert paired.exit_code == 0, paired.output
    undone = runner.invoke(app, ["undo"])
    assert undone.exit_code == 0
    undone = runner.invoke(app, ["undo"])
    assert "check-in closed" in undone.stdout
    danish = runner.invoke(app, ["--lang", "da", "checkin"])
    assert "tjekket ind" in danish.stdout


def test_the_events_and_the_state_round_trip_through_the_log() -> None:
    import json

    from skak.records.tournament.codec import (
        dump_event,
        dump_tournament,
        load_event,
        load_tournament,
    )
    from skak.records.tournament.events import (
        CheckedIn,
        CheckInClosed,
        GroupBanDeclared,
        GroupBanLifted,
        PairingAllowed,
        PairingForbidden,
    )

    events = [
        PairingForbidden(PairingBan(frozenset({3, 7}), 2, 4)),
        PairingAllowed(PairingBan(frozenset({3, 7}))),
        GroupBanDeclared(GroupBan("federation", 1, None)),
        GroupBanLifted("club"),
        CheckedIn(3, (1, 4), out=True),
        CheckInClosed(3, (2, 5)),
    ]
    for event in events:
        assert load_event(json.loads(json.dumps(dump_event(event)))) == event
    t = Tournament(
        "T",
        "dutch",
        group_bans=(GroupBan("club", 1, 3),),
        checked_in=frozenset({1, 2}),
        checkin_closed=True,
    )
    assert load_tournament(json.loads(json.dumps(dump_tournament(t)))) == t
