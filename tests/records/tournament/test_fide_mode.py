"""FIDE mode and the change history in TRF (issue 38, item 2): FIDE mode refuses a choice
FIDE's rules do not define, naming the setting; leaving it, a change of the tie-breaks,
every correction, withdrawal, round edit and setting change is a ``###`` line of the TRF
export with its day and round, and the import reads them back as the same history."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from skak.api import Skak, Tournament, new_tournament, tournament_from_trf, trf_text
from skak.errors import InputError
from skak.faces.cli import app
from skak.model import Result, Scoring
from skak.model.changes import ChangeNote
from skak.records.tournament.codec import dump_event, dump_snapshot, load_event, load_tournament
from skak.records.tournament.events import SettingsChanged
from skak.records.tournament.settings import check_fide_mode, fide_refusals

_FIDE = Tournament(
    "Open", "dutch", number_of_rounds=5, tiebreaks=("BH/C1", "BH", "SB"), fide_mode=True
)


def _open(api: Skak, t: Tournament = _FIDE, players: int = 8) -> int:
    tid = api.tournaments.create(t).id
    for i in range(1, players + 1):
        api.tournaments.add_player(tid, f"Spiller, {i}", start_number=i)
    return tid


def _play(api: Skak, tid: int, number: int, result: Result = Result.WHITE_WIN) -> None:
    for p in api.tournaments.get(tid).round(number).pairings:
        if p.black is not None:
            api.tournaments.enter_result(tid, number, p.board, result)


def _comments(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("###")]


def _with_history(api: Skak) -> int:
    """Two rounds, with a correction, a withdrawal, a tie-break change after round 1, a
    round edited by hand and FIDE mode left."""
    tid = _open(api)
    api.tournaments.pair(tid)
    _play(api, tid, 1)
    api.tournaments.enter_result(tid, 1, 2, Result.DRAW)  # a correction
    api.tournaments.withdraw(tid, 8)
    api.tournaments.change_settings(tid, tiebreaks=["SB", "BH/C1"], reason="as announced")
    api.tournaments.pair(tid)
    api.tournaments.edit_round(tid, 2, "swap-colours", [1])
    api.tournaments.change_settings(tid, fide_mode=False)
    return tid


def test_each_change_is_a_comment_line_and_imports_back_to_the_same_history(api: Skak) -> None:
    tid = _with_history(api)
    changes = api.tournaments.changes(tid)
    assert [(c.kind, c.round) for c in changes] == [
        ("correction", 1),
        ("withdrawal", 1),
        ("tiebreaks", 1),
        ("round-edit", 2),
        ("fide-mode", 2),
    ]
    assert changes[0].text == "round 1 board 2: ½-½ (corrected from 1-0)"
    assert "were BH/C1, BH, SB" in changes[2].text and "as announced" in changes[2].text
    assert changes[4].text.endswith("FIDE mode left")
    today = date.today()
    assert {c.day for c in changes} <= {today, date.fromordinal(today.toordinal() - 1)}

    for trf26 in (True, False):
        text = trf_text(api.tournaments.for_trf(tid), trf26=trf26)
        lines = _comments(text)
        assert lines == [c.line() for c in changes]
        assert lines[2].startswith(f"### {changes[2].day:%Y/%m/%d} after round 1 tiebreaks: ")
        imported = tournament_from_trf(text.encode(), "open.trf")
        assert imported.imported_changes == changes
        assert imported.imported_records == api.tournaments.get(tid).imported_records
        again = api.tournaments.create(imported, source="open.trf").id
        assert api.tournaments.changes(again) == changes  # the same history
        assert trf_text(api.tournaments.for_trf(again), trf26=trf26) == text


def test_a_change_after_the_import_follows_the_file_s_history(api: Skak) -> None:
    text = trf_text(api.tournaments.for_trf(_with_history(api)), trf26=True)
    tid = api.tournaments.create(tournament_from_trf(text.encode(), "open.trf"), source="f").id
    api.tournaments.change_settings(tid, settings=["baku=yes"])
    kinds = [c.kind for c in api.tournaments.changes(tid)]
    assert kinds == ["correction", "withdrawal", "tiebreaks", "round-edit", "fide-mode", "setting"]


def test_a_tournament_without_changes_writes_no_comment_and_round_trips_unchanged(
    api: Skak,
) -> None:
    tid = _open(api)
    api.tournaments.pair(tid)
    _play(api, tid, 1)  # first results are no corrections
    api.tournaments.change_settings(tid, tiebreaks=["BH/C1", "BH", "SB"])  # as they are
    assert api.tournaments.changes(tid) == ()
    for trf26 in (True, False):
        text = trf_text(api.tournaments.for_trf(tid), trf26=trf26)
        assert _comments(text) == []
        assert text == trf_text(api.tournaments.get(tid), trf26=trf26)
        assert trf_text(tournament_from_trf(text.encode(), "f.trf"), trf26=trf26) == text


def test_an_undone_change_is_not_recorded(api: Skak) -> None:
    tid = _open(api)
    api.tournaments.pair(tid)
    _play(api, tid, 1)
    api.tournaments.change_settings(tid, tiebreaks=["SB"])
    assert [c.kind for c in api.tournaments.changes(tid)] == ["tiebreaks"]
    api.tournaments.undo(tid)
    assert api.tournaments.changes(tid) == ()
    assert api.tournaments.get(tid).tiebreaks == ("BH/C1", "BH", "SB")


def test_leaving_fide_mode_is_recorded_and_then_allows_the_choice(api: Skak) -> None:
    tid = _open(api)
    with pytest.raises(InputError, match=r"the tie-break AK is not one of FIDE.s C\.07"):
        api.tournaments.change_settings(tid, tiebreaks=["AK"])
    api.tournaments.change_settings(tid, settings=["fide-mode=no"], reason="club rules")
    assert api.tournaments.get(tid).fide_mode is False
    (left,) = api.tournaments.changes(tid)
    assert (left.kind, left.round) == ("fide-mode", 0)
    assert left.text == "settings changed: FIDE mode left (reason: club rules)"
    assert left.line().endswith(" before round 1 fide-mode: " + left.text)
    assert api.tournaments.history(tid)[-1].text == left.text
    api.tournaments.change_settings(tid, tiebreaks=["AK"])
    assert api.tournaments.get(tid).tiebreaks == ("AK",)
    with pytest.raises(InputError, match="tie-break AK"):
        api.tournaments.change_settings(tid, fide_mode=True)  # back only with FIDE's choices


_DSU = replace(_FIDE, fide_mode=False)


@pytest.mark.parametrize(
    ("t", "setting"),
    [
        pytest.param(replace(_FIDE, pairing_system="monrad"), "pairing system monrad", id="C.04"),
        pytest.param(replace(_FIDE, pairing_system="dutch-1998"), "dutch-1998", id="C.04.3"),
        pytest.param(replace(_FIDE, tiebreaks=("BH", "AK")), "tie-break AK", id="C.07-AK"),
        pytest.param(replace(_FIDE, tiebreaks=("F10",)), "tie-break F10", id="C.07-F10"),
        pytest.param(replace(_FIDE, tiebreaks=()), "tie-breaks (tiebreaks)", id="C.07-none"),
        pytest.param(
            replace(_FIDE, pairing_settings=(("initial-ranking", "dsu"),)),
            "initial-ranking=dsu",
            id="C.04.2",
        ),
        pytest.param(
            replace(_FIDE, scoring=Scoring(win=Fraction(3), draw=Fraction(1))),
            "scoring win=3",
            id="C.04.1-win",
        ),
        pytest.param(
            replace(_FIDE, scoring=Scoring(pairing_bye=Fraction(1, 2))),
            "scoring pairing-bye=1/2",
            id="C.04.1-bye",
        ),
        pytest.param(replace(_FIDE, scoring=Scoring(gladiator=True)), "Gladiator", id="4.9.8"),
    ],
)
def test_fide_mode_refuses_a_choice_fide_does_not_define(t: Tournament, setting: str) -> None:
    with pytest.raises(InputError, match="FIDE mode") as refused:
        check_fide_mode(t)
    assert setting in str(refused.value)
    check_fide_mode(replace(t, fide_mode=False))  # outside FIDE mode: allowed


@pytest.mark.parametrize(
    "t",
    [
        pytest.param(_FIDE, id="dutch"),
        pytest.param(replace(_FIDE, pairing_settings=(("baku", True),)), id="C.04.5"),
        pytest.param(replace(_FIDE, pairing_system="dubov"), id="C.04.4.1"),
        pytest.param(replace(_FIDE, pairing_system="berger", tiebreaks=("SB", "DE")), id="C.05"),
        pytest.param(
            replace(_FIDE, tiebreaks=("BH/C1", "BH/M2", "ARO/C1", "KS/L+1", "TPN")), id="C.07"
        ),
    ],
)
def test_fide_mode_allows_fide_s_choices(t: Tournament) -> None:
    assert fide_refusals(t) == []


def test_fide_mode_refuses_a_requested_full_point_bye_in_an_imported_file(api: Skak) -> None:
    tid = _open(api, _DSU, players=4)
    api.tournaments.edit_player(tid, 3, full_bye_rounds=frozenset({2}))
    text = trf_text(api.tournaments.get(tid))
    assert tournament_from_trf(text.encode(), "f.trf").fide_mode is False
    fide = text.replace('"system":"dutch"', '"fide_mode":true,"system":"dutch"')
    held = tournament_from_trf(fide.encode(), "f.trf")
    assert held.fide_mode is True
    with pytest.raises(InputError, match=r"Spiller, 3 \(3\) has a full-point bye"):
        api.tournaments.create(held, source="f.trf")
    fide = _open(api, players=4)
    with pytest.raises(InputError, match=r"Spiller, 2 \(2\) has a full-point bye"):
        api.tournaments.edit_player(fide, 2, full_bye_rounds=frozenset({2}))
    api.tournaments.edit_player(fide, 2, half_bye_rounds=frozenset({2}))  # FIDE's half bye


def test_a_new_fide_tournament_ranks_players_by_fide_rating(api: Skak) -> None:
    t = new_tournament("Open", system="dutch", tiebreaks=["BH"], settings=["fide-mode=yes"])
    assert t.fide_mode and "fide-mode" not in t.settings
    tid = api.tournaments.create(t).id
    assert api.tournaments.get(tid).settings["initial-ranking"] == "fide"
    plain = api.tournaments.create(replace(t, name="Klub", fide_mode=False)).id
    assert api.tournaments.get(plain).settings["initial-ranking"] == "dsu"


def test_the_change_line_reads_back_and_other_comments_stay_as_written() -> None:
    note = ChangeNote(date(2026, 3, 1), 4, "withdrawal", "player 5 withdrawn from round 5")
    assert note.line() == "### 2026/03/01 after round 4 withdrawal: player 5 withdrawn from round 5"
    assert ChangeNote.from_line(note.line()) == note
    for other in ("### made by another program", "### 2026/02/30 after round 1 correction: x"):
        assert ChangeNote.from_line(other) is None
    player = "001    1      Spiller, 1"
    text = trf_text(replace(_FIDE, imported_changes=(note,))) + player + "\n"
    t = tournament_from_trf(text.replace("062", "### a note\n062").encode(), "f.trf")
    assert t.imported_changes == (note,)
    assert t.imported_records == ("### a note",)


def test_the_event_and_the_state_round_trip_through_the_codec() -> None:
    event = SettingsChanged(
        fide_mode=False, tiebreaks=("SB",), pairing_settings=(("baku", True),), reason="x"
    )
    assert load_event(dump_event(event)) == event
    note = ChangeNote(date(2026, 3, 1), 0, "fide-mode", "settings changed: FIDE mode left")
    t = replace(_FIDE, imported_changes=(note,))
    assert load_tournament(dump_snapshot(t)) == t


def test_the_command_line_shows_changes_and_refuses_in_danish(runner: CliRunner) -> None:
    def run(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, list(args))
        assert result.exit_code == code, result.output + result.stderr
        return result.stdout + result.stderr

    run("new", "Open", "--system", "dutch", "--fide-mode", "--tiebreak", "BH")
    refused = run("--lang", "da", "settings", "--tiebreaks", "AK", code=3)
    assert "FIDE-tilstand" in refused and "AK" in refused
    run("settings", "--no-fide-mode", "--reason", "klubbens regler")
    shown = run("settings", "--changes")
    assert "fide-mode" in shown and "FIDE mode left" in shown
    exported = run("export", "trf", "--trf26")
    assert "before round 1 fide-mode: settings changed: FIDE mode left" in exported
