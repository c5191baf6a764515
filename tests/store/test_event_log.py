"""The event log: state rebuilt from events, undo, and all-or-nothing commands."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, text

from skak.api import Skak
from skak.errors import (
    InputError,
    NotFoundError,
    SkakError,
    StateError,
    StorageError,
    UndoRefusedError,
)
from skak.model import Pairing, Player, Ratings, Result, Round, Scoring, Tournament
from skak.pairing import get_system, register
from skak.pairing.base import SystemDefaults
from skak.pairing.settings import NoSettings
from tests.conftest import file_digest


def _new(api: Skak, players: int = 4) -> int:
    row = api.tournaments.create(
        Tournament("Klub", "berger", scoring=get_system("berger").default_scoring)
    )
    for i in range(players):
        api.tournaments.add_player(row.id, f"Spiller, {i + 1}", ratings=Ratings(dsu=1500 + 10 * i))
    return row.id


def test_state_rebuilt_from_the_log_equals_the_state_returned(api: Skak, db_path: Path) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    api.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
    api.tournaments.enter_result(tid, 1, 2, Result.DRAW)
    api.tournaments.enter_result(tid, 1, 2, Result.BLACK_WIN)  # a correction
    api.tournaments.withdraw(tid, 4)
    state = api.tournaments.get(tid)
    again = Skak(db_path)
    assert again.tournaments.get(tid) == state
    assert state.round(1).board(2).result is Result.BLACK_WIN
    lines = again.tournaments.history(tid)
    assert [h.kind for h in lines][-3:] == ["result_entered", "result_entered", "player_withdrawn"]
    assert "corrected from ½-½" in lines[-2].text
    assert all(h.actor == "test" for h in lines)


def test_undo_restores_the_exact_prior_state(api: Skak) -> None:
    tid = _new(api)
    before_pairing = api.tournaments.get(tid)
    api.tournaments.pair(tid)
    after_pairing = api.tournaments.get(tid)
    api.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    undone, _ = api.tournaments.undo(tid)
    assert undone.event.kind == "result_entered"
    assert api.tournaments.get(tid) == after_pairing
    api.tournaments.undo(tid)
    assert api.tournaments.get(tid) == before_pairing
    history = api.tournaments.history(tid)
    assert [h.undone for h in history[-4:]] == [True, True, False, False]
    assert history[-1].text == f"undo of event {history[-4].seq}"


def test_undo_refuses_to_orphan_later_events(api: Skak, db_path: Path) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    api.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    paired_seq = next(h.seq for h in api.tournaments.history(tid) if h.kind == "round_paired")
    digest = file_digest(db_path)
    with pytest.raises(UndoRefusedError, match=r"later event \d+ \(round 1 board 1: ½-½\)"):
        api.tournaments.undo(tid, seq=paired_seq)
    assert file_digest(db_path) == digest


def test_undo_of_an_added_player_who_was_paired_is_refused(api: Skak) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    with pytest.raises(UndoRefusedError, match="not registered"):
        api.tournaments.undo(tid, seq=2)


def test_undo_edge_cases(api: Skak) -> None:
    tid = _new(api, players=0)
    with pytest.raises(UndoRefusedError, match="creation"):
        api.tournaments.undo(tid)
    api.tournaments.add_player(tid, "A, A")
    api.tournaments.undo(tid)
    with pytest.raises(StateError, match="undone already"):
        api.tournaments.undo(tid, seq=2)
    with pytest.raises(NotFoundError, match="no event 99"):
        api.tournaments.undo(tid, seq=99)


def test_failing_commands_leave_the_file_byte_for_byte_unchanged(api: Skak, db_path: Path) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    digest = file_digest(db_path)
    failing = [
        lambda: api.tournaments.pair(tid),  # results missing
        lambda: api.tournaments.enter_result(tid, 1, 9, Result.DRAW),
        lambda: api.tournaments.enter_result(tid, 3, 1, Result.DRAW),
        lambda: api.tournaments.add_player(tid, "Dup, Licate", start_number=2),
        lambda: api.tournaments.add_player(tid, "Early, Bird", late_from=1),
        lambda: api.tournaments.withdraw(tid, 1, from_round=1),
        lambda: api.tournaments.withdraw(tid, 77),
        lambda: api.tournaments.edit_player(tid, 1, federation="Danmark"),
        lambda: api.tournaments.undo(tid, seq=1),
        lambda: api.tournaments.get(99),
    ]
    for attempt in failing:
        with pytest.raises(SkakError):
            attempt()
        assert file_digest(db_path) == digest


def test_missing_database_is_not_created_by_reading_commands(tmp_path: Path) -> None:
    path = tmp_path / "nothing.db"
    with pytest.raises(StorageError, match="no skak database"):
        Skak(path)
    assert not path.exists()


def test_database_from_a_newer_skak_is_refused(db_path: Path, api: Skak) -> None:
    engine = create_engine(f"sqlite:///{db_path}")
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(StorageError, match="newer skak"):
        Skak(db_path)


def test_tournament_resolution(api: Skak) -> None:
    with pytest.raises(NotFoundError, match="no tournament"):
        api.tournaments.get()
    a = api.tournaments.create(Tournament("Klub A", "berger"))
    assert api.tournaments.resolve().id == a.id
    b = api.tournaments.create(Tournament("Klub B", "berger"))
    with pytest.raises(StateError, match="holds 2 tournaments") as info:
        api.tournaments.get()
    assert "Klub A" in str(info.value)
    assert "Klub B" in str(info.value)
    assert api.tournaments.resolve("klub b").id == b.id
    assert api.tournaments.resolve(f"#{a.id}").id == a.id
    with pytest.raises(NotFoundError, match="no tournament 'Klub C'"):
        api.tournaments.resolve("Klub C")


def test_pair_with_missing_results_needs_allow_unfinished(api: Skak) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    with pytest.raises(StateError, match=r"round 1 boards 1, 2"):
        api.tournaments.pair(tid)
    rnd = api.tournaments.pair(tid, allow_unfinished=True).after.rounds[-1]
    assert rnd.number == 2
    history = api.tournaments.history(tid)
    assert "counted as draws" in history[-1].text
    assert api.tournaments.get(tid).round(1).pending_boards == (1, 2)


def test_all_rounds_paired(api: Skak) -> None:
    tid = _new(api, players=3)
    for r in range(1, 4):
        rnd = api.tournaments.pair(tid).after.rounds[-1]
        for p in rnd.pairings:
            if p.black is not None:
                api.tournaments.enter_result(tid, r, p.board, Result.DRAW)
    with pytest.raises(StateError, match="all 3 rounds have been paired"):
        api.tournaments.pair(tid)


class _InOrder(SystemDefaults[NoSettings]):
    """A test-only pairing system that takes late entries: 1–2, 3–4, … by start number."""

    name = "test-in-order"
    title = "pairing in start-number order (test only)"
    accepts_late_entries = True
    default_scoring = Scoring()
    settings_type = NoSettings

    def planned_rounds(self, tournament: Tournament) -> int | None:
        return None

    def pair(self, tournament: Tournament) -> Round:
        here = [p.start_number for p in tournament.players if p.is_available(tournament.next_round)]
        boards = [Pairing(i // 2 + 1, here[i], here[i + 1]) for i in range(0, len(here) - 1, 2)]
        if len(here) % 2:
            boards.append(Pairing(len(boards) + 1, here[-1], None, Result.PAIRING_BYE))
        return Round(tournament.next_round, tuple(boards))


register(_InOrder())


def test_late_entry_after_round_one(api: Skak) -> None:
    tid = api.tournaments.create(Tournament("Swiss", "test-in-order")).id
    for i in range(4):
        api.tournaments.add_player(tid, f"P, {i}")
    api.tournaments.pair(tid)
    player = api.tournaments.add_player(tid, "Sen, Tilmelding")
    assert player.late_from == 2
    for board in (1, 2):
        api.tournaments.enter_result(tid, 1, board, Result.DRAW)
    assert [p.players for p in api.tournaments.pair(tid).after.rounds[-1].pairings] == [
        (1, 2),
        (3, 4),
        (5,),
    ]
    with pytest.raises(InputError):
        api.tournaments.edit_player(tid, 5, start_number=9)


def test_round_robin_refuses_late_entries(api: Skak) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    with pytest.raises(StateError, match="takes no late entries"):
        api.tournaments.add_player(tid, "Sen, Tilmelding")


def test_undo_of_an_earlier_edit_is_refused_while_a_later_edit_stands(api: Skak) -> None:
    tid = _new(api)
    api.tournaments.withdraw(tid, 4)
    api.tournaments.edit_player(tid, 4, ratings=Ratings(dsu=1900))
    withdrawal = next(h.seq for h in api.tournaments.history(tid) if h.kind == "player_withdrawn")
    with pytest.raises(UndoRefusedError, match="was changed after this edit"):
        api.tournaments.undo(tid, seq=withdrawal)
    api.tournaments.undo(tid)
    api.tournaments.undo(tid)
    assert api.tournaments.get(tid).player(4).withdrawn_from is None
    assert api.tournaments.get(tid).player(4).ratings.dsu == 1530


def test_absence_in_a_paired_round_is_refused(api: Skak) -> None:
    tid = _new(api)
    api.tournaments.pair(tid)
    with pytest.raises(StateError, match="absence can be announced from round 2"):
        api.tournaments.edit_player(tid, 2, absent_rounds=frozenset({1}))


# -- a random walk through the API ----------------------------------------------------------

OPS = st.lists(
    st.tuples(
        st.sampled_from(["add", "pair", "result", "withdraw", "edit", "undo"]),
        st.integers(min_value=0, max_value=20),
        st.sampled_from([r for r in Result if r.is_game]),
    ),
    max_size=25,
)


@settings(max_examples=30)
@given(ops=OPS)
def test_random_walk_keeps_log_and_state_in_step(
    ops: list[tuple[str, int, Result]],
) -> None:
    """Whatever the arbiter does: a replay equals the live state, undo returns the previous
    state exactly, and a refused command changes no byte of the file."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "walk.db"
        api = Skak(path, create=True, actor="walk")
        tid = api.tournaments.create(Tournament("Walk", "berger")).id
        states = [api.tournaments.get(tid)]
        for op, k, res in ops:
            state = states[-1]
            digest = file_digest(path)
            try:
                if op == "add":
                    api.tournaments.add_player(tid, f"P, {k}")
                elif op == "pair":
                    api.tournaments.pair(tid, allow_unfinished=k % 2 == 0)
                elif op == "result":
                    r = k % max(state.current_round, 1) + 1
                    api.tournaments.enter_result(tid, r, k % 5 + 1, res)
                elif op == "withdraw":
                    api.tournaments.withdraw(tid, k % 6 + 1)
                elif op == "edit":
                    api.tournaments.edit_player(tid, k % 6 + 1, ratings=Ratings(dsu=1000 + k))
                else:
                    api.tournaments.undo(tid)
            except SkakError:
                assert file_digest(path) == digest
                assert api.tournaments.get(tid) == state
                continue
            if op == "undo":
                states.pop()
                assert api.tournaments.get(tid) == states[-1]
            else:
                states.append(api.tournaments.get(tid))
            assert Skak(path).tournaments.get(tid) == states[-1]
        api.close()


def test_player_model_round_trips_through_the_log(api: Skak) -> None:
    from datetime import date

    from skak.model import Sex, Title

    tid = api.tournaments.create(Tournament("Full", "berger")).id
    full = Player(
        7,
        "Kjær, Henrik",
        sex=Sex.MALE,
        birth_date=date(1970, 5, 17),
        club="Aarhus Skakklub",
        federation="DEN",
        dsu_id=123456,
        fide_id=1400000,
        title=Title.FM,
        ratings=Ratings(dsu=2210, dsu_rapid=2150, dsu_blitz=2100, fide=2230),
        absent_rounds=frozenset({2, 5}),
    )
    api.tournaments.add_players(tid, lambda _t: [full])
    assert api.tournaments.get(tid).player(7) == full
