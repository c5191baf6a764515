"""Explanation lines are for reading: rewording every stored one changes no tournament.

The knock-out draw and Dansk Schweizer's start order are kept as typed records on the round
(:mod:`skak.model.records`), so a database whose explanation texts were reworded (or a skak
that words them otherwise, or in Danish) replays to the same tournament and pairs the same
next round.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, select, update

from skak.api import Skak
from skak.model import Player, Ratings, Result, Tournament
from skak.store.schema import stream_events


def _play(db: Path, system: str, players: int, rounds: int) -> int:
    api = Skak(db, create=True, actor="test")
    tid = api.tournaments.create(Tournament(system, system, number_of_rounds=rounds or None)).id
    rng = random.Random(system)
    ratings = rng.sample(range(1500, 2300), players)
    api.tournaments.add_players(
        tid,
        lambda _t: [
            Player(i, f"Spiller {i}", ratings=Ratings(dsu=r)) for i, r in enumerate(ratings, 1)
        ],
    )
    for _ in range(2):
        rnd = api.tournaments.pair(tid).after.rounds[-1]
        for p in rnd.pairings:
            if p.black is not None and p.result is None:
                api.tournaments.enter_result(tid, rnd.number, p.board, rng.choice(list(Result)[:3]))
    api.close()
    return tid


def _reword(db: Path) -> int:
    """Replace every word of every stored explanation line; :returns: lines changed."""
    engine = create_engine(f"sqlite:///{db}")
    changed = 0
    with engine.begin() as conn:
        rows = conn.execute(
            select(stream_events.c.id, stream_events.c.payload).where(
                stream_events.c.type == "round_paired"
            )
        ).all()
        for row in rows:
            payload = dict(row.payload)
            rnd = dict(payload["round"])
            lines = rnd.get("explanation", [])
            rnd["explanation"] = [f"forklaring {i}: omformuleret" for i, _ in enumerate(lines)]
            changed += len(lines)
            payload["round"] = rnd
            conn.execute(
                update(stream_events).where(stream_events.c.id == row.id).values(payload=payload)
            )
    engine.dispose()
    return changed


@pytest.mark.parametrize(("system", "players", "rounds"), [("knockout", 8, 0), ("dansk", 10, 5)])
def test_rewording_every_explanation_changes_no_stored_tournament(
    tmp_path: Path, system: str, players: int, rounds: int
) -> None:
    db = tmp_path / "original.db"
    tid = _play(db, system, players, rounds)
    reworded = tmp_path / "reworded.db"
    shutil.copyfile(db, reworded)
    assert _reword(reworded) > 0
    a, b = Skak(db, actor="test"), Skak(reworded, actor="test")
    ta, tb = a.tournaments.get(tid), b.tournaments.get(tid)
    assert [r.record for r in ta.rounds] == [r.record for r in tb.rounds]
    assert all(r.record is not None for r in ta.rounds[:1])
    assert [r.pairings for r in ta.rounds] == [r.pairings for r in tb.rounds]
    assert (
        a.tournaments.pair(tid).after.rounds[-1].pairings
        == b.tournaments.pair(tid).after.rounds[-1].pairings
    )
    a.close()
    b.close()
