"""The event store: versions, conflicts, retries, snapshots, and one read per command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.errors import ConflictError, UndoRefusedError
from skak.faces.cli import app
from skak.model.player import Player, Ratings
from skak.model.results import Result
from skak.model.tournament import Pairing, Round, Tournament
from skak.records.tournament.events import (
    PlayerEdited,
    PlayersAdded,
    ResultEntered,
    RoundPaired,
    TournamentCreated,
)
from skak.records.tournament.evolve import Context
from skak.records.tournament.kind import TournamentKind
from skak.store import EventStore
from skak.store import streams as store_module


def _field(api: Skak, system: str = "monrad", players: int = 12, rounds: int = 5) -> int:
    row = api.tournaments.create(Tournament("Store", system, number_of_rounds=rounds))
    api.tournaments.add_players(
        row.id,
        lambda _t: [
            Player(i, f"Spiller {i:02d}", ratings=Ratings(dsu=2200 - 10 * i))
            for i in range(1, players + 1)
        ],
    )
    return row.id


@pytest.fixture
def stores(monkeypatch: pytest.MonkeyPatch) -> list[EventStore]:
    """Every event store the commands of a test open."""
    made: list[EventStore] = []
    original = store_module.EventStore.__init__

    def record(self: EventStore, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(self)

    monkeypatch.setattr(store_module.EventStore, "__init__", record)
    return made


def _run(runner: CliRunner, *args: str) -> None:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["pair"],
        ["result", "2", "1", "1-0"],
        ["undo"],
        ["standings"],
        ["standings", "--json"],
        ["round", "show", "1"],
        ["history"],
        ["players", "edit", "3", "--rating", "1999"],
        ["export", "json"],
    ],
    ids=" ".join,
)
def test_each_command_reads_and_replays_the_log_once(
    runner: CliRunner, stores: list[EventStore], command: list[str]
) -> None:
    _run(runner, "new", "Klub", "--system", "monrad", "--rounds", "5")
    for i in range(1, 9):
        _run(runner, "players", "add", f"Spiller {i}", "--rating", str(2000 - i))
    _run(runner, "pair")
    for board in range(1, 5):
        _run(runner, "result", "1", str(board), "½-½")
    if command[0] != "pair":
        _run(runner, "pair")
    stores.clear()
    _run(runner, *command)
    reads = sum(s.stats.reads for s in stores)
    replays = sum(s.stats.replays for s in stores)
    assert (reads, replays) == (1, 1)


def test_a_stale_writer_gets_a_conflict_and_nothing_is_written(api: Skak) -> None:
    tid = _field(api)
    kind = TournamentKind(Context())
    row = api.tournaments.resolve(tid)
    first = api.store.load(kind, row)
    second = api.store.load(kind, row)
    player = first.state.player(1)
    edit = PlayerEdited(player, Player(1, "Renamed", ratings=player.ratings))
    api.store.append(first, [edit], "a", kind.evolve(first.state, edit, None))
    with pytest.raises(ConflictError, match="changed by another command"):
        api.store.append(second, [edit], "b", kind.evolve(second.state, edit, None))
    assert [h.actor for h in api.tournaments.history(tid)] == ["test", "test", "a"]


def test_a_writer_that_lost_the_race_decides_again_on_the_new_state(api: Skak) -> None:
    tid = _field(api)
    api.tournaments.pair(tid)
    rival = Skak(api.db.engine, actor="rival")
    calls: list[int] = []

    def decide(loaded: object) -> list[ResultEntered]:
        calls.append(1)
        if len(calls) == 1:  # another arbiter enters a result meanwhile
            rival.tournaments.enter_result(tid, 1, 2, Result.DRAW)
        return [ResultEntered(1, 1, Result.WHITE_WIN)]

    kind = TournamentKind(Context())
    _, after, _ = api.store.execute(kind, api.tournaments.resolve(tid), decide, "me")
    assert len(calls) == 2
    boards = after.state.round(1)
    assert boards.board(1).result is Result.WHITE_WIN
    assert boards.board(2).result is Result.DRAW


def test_an_entry_on_a_board_changed_since_it_was_seen_is_a_conflict(api: Skak) -> None:
    tid = _field(api)
    api.tournaments.pair(tid)
    api.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    with pytest.raises(ConflictError, match="round 1 board 1 was changed"):
        api.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN, seen=None)
    done = api.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN, seen=Result.DRAW)
    assert done.after.round(1).board(1).result is Result.WHITE_WIN


def test_snapshots_give_the_state_a_full_replay_gives(api: Skak) -> None:
    tid = _field(api, players=20, rounds=9)
    api.tournaments.edit_player(tid, 20, name="Tyve, Spiller")  # event 3
    for k in range(230):  # past the first snapshot at 200 events
        api.tournaments.edit_player(tid, k % 19 + 1, rating_changes={"dsu": 1500 + k})
    kind = TournamentKind(Context())
    row = api.tournaments.resolve(tid)
    quick = api.store.load(kind, row)
    full = api.store.load(kind, row, full=True)
    assert not quick.has_events  # read from the snapshot on
    assert quick.version == full.version == 233
    assert quick.state == full.state
    # An undo of an event the snapshot holds makes that snapshot useless: the store sees it
    # (a stale one is never read) and writes a fresh one with the undo.
    api.tournaments.undo(tid, seq=3)
    log = api.store.load(kind, row, full=True)
    assert not kind.snapshot_usable(200, log.events[200:])  # the old one holds event 3
    again = api.store.load(kind, row)
    assert not again.has_events  # read from the snapshot written with the undo
    assert again.version == log.version == 234
    assert again.state == log.state
    assert again.state.player(20).name == "Spiller 20"
    with pytest.raises(UndoRefusedError):
        api.tournaments.undo(tid, seq=100)


#: One arbiter's process: enters its own boards (odd or even) and, on the boards it contests
#: (every 20th of the other's), the result it believes goes on an empty board (``seen=None``,
#: as the web's board list sends it). Prints one line of JSON: what became of each entry.
_WRITER = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path
    from skak.api import Skak
    from skak.errors import ConflictError
    from skak.model.results import Result
    db, parity, boards, go = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
    per_round = int(sys.argv[5])
    s = Skak(db, actor=f"writer{parity}")
    while not go.exists():
        time.sleep(0.005)
    mine = [b for b in range(1, boards + 1) if b % 2 == parity % 2]
    contested = [b for b in range(1, boards + 1) if b % 2 != parity % 2 and b % 20 in (0, 1)]
    won = Result.WHITE_WIN if parity == 1 else Result.BLACK_WIN
    done = {}
    for b in sorted(mine + contested, key=lambda b: (b % 7, b)):
        try:
            r, board = divmod(b - 1, per_round)
            result = won if b in contested else Result.DRAW
            s.tournaments.enter_result(1, r + 1, board + 1, result, seen=None)
            done[b] = "entered"
        except ConflictError as err:
            done[b] = "conflict: " + str(err)
    print(json.dumps({"done": done, "conflicts": s.store.stats.conflicts}))
    s.close()
    """
)


#: The race's boards: four rounds of 100 (paired before the race, as with
#: ``--allow-unfinished``), so that 400 boards need a field of 200 players, not 800.
ROUNDS, PER_ROUND = 4, 100


def _board(cell: int) -> tuple[int, int]:
    """The race's ``cell``-th board as (round, board)."""
    r, b = divmod(cell - 1, PER_ROUND)
    return r + 1, b + 1


def _race(database: str, tmp_path: Path, boards: int) -> list[dict[str, Any]]:
    """Two processes entering results on ``boards`` boards of one tournament at once."""
    api = Skak(database, create=True, actor="setup")
    players = 2 * PER_ROUND
    field = tuple(Player(i, f"Spiller {i:04d}") for i in range(1, players + 1))
    events: list[Any] = [
        TournamentCreated(Tournament("Race", "monrad", number_of_rounds=9)),
        PlayersAdded(field),
    ]
    ring = list(range(2, players + 1))
    for number in range(1, ROUNDS + 1):  # the circle method: nobody meets twice
        order = [1, *ring]
        pairs = [(order[i], order[-1 - i]) for i in range(PER_ROUND)]
        events.append(
            RoundPaired(Round(number, tuple(Pairing(i, w, b) for i, (w, b) in enumerate(pairs, 1))))
        )
        ring = ring[-1:] + ring[:-1]
    api.store.create(TournamentKind(api.tournaments.context()), "Race", events, "setup")
    api.close()
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, database, *map(str, (parity, boards, go, PER_ROUND))],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for parity in (1, 2)
    ]
    go.touch()
    reports = []
    for w in writers:
        stdout, stderr = w.communicate(timeout=600)
        assert w.returncode == 0, stderr
        reports.append(json.loads(stdout))
    return reports


def test_two_processes_racing_on_one_tournament_lose_nothing(database: str, tmp_path: Path) -> None:
    """Two arbiters' processes enter 200 results each on one round at once, and each also
    enters the 20 boards of the other's that it contests: every result on a board of one's own
    lands, and on a contested board exactly one entry lands and the other is reported as a
    conflict (its board changed since it was read), never silently overwritten."""
    boards = ROUNDS * PER_ROUND
    first, second = _race(database, tmp_path, boards)
    print(f"writers retried {first['conflicts']} + {second['conflicts']} times after a race")
    api = Skak(database)
    t = api.tournaments.get(1)
    lines = api.tournaments.history(1)
    assert [h.seq for h in lines] == list(range(1, len(lines) + 1))
    entered = [h for h in lines if h.kind == "result_entered"]
    assert len(entered) == boards  # one result per board, none lost, none doubled
    assert all(p.result is not None for r in t.rounds for p in r.pairings)
    done = [{int(b): str(what) for b, what in r["done"].items()} for r in (first, second)]
    contested = [b for b in range(1, boards + 1) if b % 20 in (0, 1)]
    for parity, mine in ((1, done[0]), (2, done[1])):
        own = [b for b in range(1, boards + 1) if b % 2 == parity % 2 and b not in contested]
        assert all(mine[b] == "entered" for b in own), mine
    for b in contested:
        # The owner enters a draw; the other writer contests with 1-0 (writer 1) or 0-1.
        owner, rival, claim = (
            (done[1], done[0], Result.WHITE_WIN)
            if b % 2 == 0
            else (done[0], done[1], Result.BLACK_WIN)
        )
        assert sorted([owner[b][:8], rival[b][:8]]) == ["conflict", "entered"], (
            b,
            owner[b],
            rival[b],
        )
        refused = owner[b] if rival[b] == "entered" else rival[b]
        r, board = _board(b)
        assert f"round {r} board {board} was changed" in refused
        assert t.round(r).board(board).result is (claim if rival[b] == "entered" else Result.DRAW)
    assert {h.actor for h in entered} == {"writer1", "writer2"}
    api.close()


def _model_fingerprint() -> str:
    import dataclasses
    import hashlib

    from skak.model import player, prizes, results, tournament
    from skak.model.records import KnockoutDraw, StartOrder

    classes = (
        tournament.Tournament,
        tournament.Round,
        tournament.Pairing,
        tournament.Bye,
        tournament.PairingBan,
        tournament.GroupBan,
        tournament.GameRecord,
        player.Player,
        player.Ratings,
        results.Scoring,
        KnockoutDraw,
        StartOrder,
        prizes.Prizes,
        prizes.PrizeCategory,
    )
    # A type that names its module (``skak.model.prizes.Prizes``, imported when first named)
    # is the same field as the type imported by name: the pins hold the names alone.
    text = "\n".join(
        cls.__name__
        + ":"
        + ",".join(
            f"{f.name}={re.sub(r'skak[.]model[.][a-z_]+[.]', '', str(f.type))}"
            for f in dataclasses.fields(cls)
        )
        for cls in classes
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_the_snapshot_format_is_raised_when_the_model_changes() -> None:
    """A snapshot holds the state as the model's fields were when it was written; a field
    added or changed must raise ``TournamentKind.snapshot_format`` (and then this pin), so
    no snapshot of the old shape is read with the new defaults."""
    pinned = {
        2: "f5ad803b5473662e",
        3: "698d33ed5d319904",
        4: "ae0af8ef16bd6ee2",
        5: "6b0e869b9e52a1de",
        6: "fc5ce618261c4ccf",
        7: "417c3e9f1cc64abc",
        8: "1a2f511e09a7c685",
    }
    assert pinned.get(TournamentKind().snapshot_format) == _model_fingerprint()


def test_a_retry_never_does_what_the_arbiter_did_not_see(
    api: Skak, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After losing a race the command is decided again, but on what its first reading
    settled: the same board as read (else a conflict), the same event to undo."""
    import skak.records.tournament.commands as rules

    tid = _field(api)
    api.tournaments.pair(tid)
    rival = Skak(api.db.engine, actor="rival")
    original = rules.decide
    meanwhile: list[object] = []

    def racing(log: object, command: object, ctx: object) -> object:
        if meanwhile:
            action = meanwhile.pop()
            assert callable(action)
            action()
        return original(log, command, ctx)  # type: ignore[arg-type]

    monkeypatch.setattr(rules, "decide", racing)
    # The same board entered meanwhile: a conflict, not a silent overwrite.
    meanwhile.append(lambda: rival.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN))
    with pytest.raises(ConflictError, match="round 1 board 1 was changed"):
        api.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    # Another board meanwhile: the entry goes through on the new state.
    meanwhile.append(lambda: rival.tournaments.enter_result(tid, 1, 2, Result.WHITE_WIN))
    api.tournaments.enter_result(tid, 1, 3, Result.DRAW)
    # An undo of "the last change" takes back the change it saw, not the rival's.
    meanwhile.append(lambda: rival.tournaments.enter_result(tid, 1, 4, Result.BLACK_WIN))
    undone, _ = api.tournaments.undo(tid)
    assert isinstance(undone.event, ResultEntered) and undone.event.board == 3
    t = api.tournaments.get(tid)
    assert t.round(1).board(4).result is Result.BLACK_WIN
    assert t.round(1).board(3).result is None
