"""Issue #39 item 3: a write whose connection is lost is tried again while the database's
``wait`` lasts, and never applied twice — whether the commit was made before the connection
went (the events are found, by their contents, actor and time) or not (they are written)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import Connection

from skak.api import Skak
from skak.errors import DatabaseBusyError
from skak.model import Result, Tournament
from skak.store.database import Waiter


def _lost(location: str) -> DatabaseBusyError:
    return DatabaseBusyError("the connection was lost", location=location, locked=False)


def _paired(database: str) -> tuple[Skak, int]:
    s = Skak(database, create=True, actor="arbiter", wait=5)
    tid = s.tournaments.create(Tournament("Klub", "berger")).id
    for i in range(1, 5):
        s.tournaments.add_player(tid, f"P, {i}")
    s.tournaments.pair(tid)
    return s, tid


@pytest.mark.parametrize("committed", [True, False], ids=["after-commit", "before-commit"])
def test_a_write_whose_connection_was_lost_is_made_once(
    database: str, committed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, tid = _paired(database)
    notices: list[float] = []
    s.db.on_wait = lambda _err, seconds: notices.append(seconds)
    before = s.store.head("tournament", tid)
    real = s.db.write
    tries: list[int] = []

    @contextmanager
    def losing(waiter: Waiter | None = None) -> Iterator[Connection]:
        tries.append(1)
        if len(tries) > 1:
            with real(waiter) as conn:
                yield conn
            return
        if committed:  # the commit is made; the answer never comes back
            with real(waiter) as conn:
                yield conn
            raise _lost(s.db.location)
        with real(waiter) as conn:  # lost while writing: rolled back
            yield conn
            raise _lost(s.db.location)

    monkeypatch.setattr(s.db, "write", losing)
    s.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    monkeypatch.undo()
    assert len(tries) == 2 and notices == [5]
    assert s.store.head("tournament", tid) == before + 1  # once, not twice
    history = s.tournaments.history(tid)
    assert [h.actor for h in history][-1] == "arbiter"
    assert s.tournaments.get(tid).round(1).board(1).result == Result.DRAW
    assert s.check() == []
    s.close()


def test_another_writers_events_are_not_taken_for_ones_own(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lost write was not made, and another arbiter wrote a different result meanwhile:
    the command is decided again on the new state, not counted as done."""
    s, tid = _paired(database)
    other = Skak(database, actor="other")
    real = s.db.write
    tries: list[int] = []

    @contextmanager
    def losing(waiter: Waiter | None = None) -> Iterator[Connection]:
        tries.append(1)
        if len(tries) == 1:
            with real(waiter) as conn:
                yield conn
                raise _lost(s.db.location)
        if len(tries) == 2:
            other.tournaments.enter_result(tid, 1, 2, Result.WHITE_WIN)
        with real(waiter) as conn:
            yield conn

    before = s.store.head("tournament", tid)
    monkeypatch.setattr(s.db, "write", losing)
    s.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    monkeypatch.undo()
    assert s.store.head("tournament", tid) == before + 2
    t = s.tournaments.get(tid)
    assert (t.round(1).board(1).result, t.round(1).board(2).result) == (
        Result.DRAW,
        Result.WHITE_WIN,
    )
    assert [h.actor for h in s.tournaments.history(tid)][-2:] == ["other", "arbiter"]
    other.close()
    s.close()


def test_without_wait_a_lost_connection_is_given_up_at_once(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, tid = _paired(database)
    s.db.wait = 0
    real = s.db.write

    @contextmanager
    def losing(waiter: Waiter | None = None) -> Iterator[Connection]:
        with real(waiter) as conn:
            yield conn
            raise _lost(s.db.location)

    monkeypatch.setattr(s.db, "write", losing)
    with pytest.raises(DatabaseBusyError):
        s.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    s.close()


def test_a_made_write_is_found_after_another_writers_events(
    database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lost write was made, and another arbiter appended after it before the command
    tried again: it is found all the same, and not made a second time."""
    s, tid = _paired(database)
    other = Skak(database, actor="other")
    real = s.db.write
    tries: list[int] = []

    @contextmanager
    def losing(waiter: Waiter | None = None) -> Iterator[Connection]:
        tries.append(1)
        with real(waiter) as conn:
            yield conn
        if len(tries) == 1:
            other.tournaments.enter_result(tid, 1, 2, Result.BLACK_WIN)
            raise _lost(s.db.location)

    before = s.store.head("tournament", tid)
    monkeypatch.setattr(s.db, "write", losing)
    s.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    monkeypatch.undo()
    assert len(tries) == 2
    assert s.store.head("tournament", tid) == before + 2
    assert [h.actor for h in s.tournaments.history(tid)][-2:] == ["arbiter", "other"]
    assert s.tournaments.get(tid).round(1).board(1).result == Result.DRAW
    other.close()
    s.close()
