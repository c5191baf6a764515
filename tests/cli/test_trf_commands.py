"""``skak import trf``, ``skak export trf`` and ``skak engine`` through the command line."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from skak.faces.cli import app
from skak.io.trf import decode_trf, parse_trf, write_trf
from skak.model import Player, Ratings, Tournament
from skak.pairing import get_system
from skak.pairing.berger import berger_schedule
from tests.conftest import db_digest

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"


def ok(runner: CliRunner, *args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output + result.stderr
    return result.stdout


def _played_round_robin(runner: CliRunner, players: int, *extra: str) -> None:
    ok(runner, "new", "RR", *extra)
    for i in range(1, players + 1):
        ok(runner, "players", "add", f"Spiller, {i}", "--fide-rating", str(2000 + i))
    while (paired := runner.invoke(app, ["pair", "--json"])).exit_code == 0:
        rnd = json.loads(paired.stdout)
        for p in rnd["pairings"]:
            if p["black"] is not None:
                result = ["1-0", "½-½", "0-1"][p["board"] % 3]
                ok(runner, "result", str(rnd["round"]), str(p["board"]), result)
    assert "rounds have been paired" in paired.stderr


def test_export_and_import_give_the_same_tournament(runner: CliRunner) -> None:
    _played_round_robin(runner, 5)
    ok(runner, "players", "edit", "2", "--club", "Aarhus Skakklub", "--rating", "1750")
    for flag in ("--trf16", "--trf26"):
        ok(runner, "export", "trf", flag, "-o", "rr.trf", "--force")
        ok(runner, "import", "trf", "rr.trf", "--db", f"copy{flag}.db")
        original = json.loads(ok(runner, "export", "json"))["tournament"]
        copy = json.loads(ok(runner, "export", "json", "--db", f"copy{flag}.db"))["tournament"]
        # The player's edit after the rounds is a change the file records (a ### line):
        # the copy holds it as the file's history, the original as its event.
        changes = json.loads(ok(runner, "settings", "--json"))["changes"]
        assert [c["kind"] for c in changes] == ["player"]
        assert copy.pop("imported_changes") == changes
        assert original.pop("imported_changes") == []
        assert copy == original
        copied = json.loads(ok(runner, "settings", "--json", "--db", f"copy{flag}.db"))
        assert copied["changes"] == changes
    history = json.loads(ok(runner, "history", "--json", "--db", "copy--trf16.db"))
    assert "5 players added from rr.trf" in [h["text"] for h in history]


def test_plain_export_has_only_fides_records(runner: CliRunner) -> None:
    _played_round_robin(runner, 4)
    text = ok(runner, "export", "trf", "--plain", "--trf26")
    assert not any(line.startswith("SK") for line in text.splitlines())
    assert "192 FIDE_ROUNDROBIN" in text


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.trf")))
def test_real_files_import(runner: CliRunner, name: str) -> None:
    shutil.copy(DATA / name, name)
    out = ok(runner, "import", "trf", name, "--system", "berger")
    assert "Imported tournament #1" in out
    assert json.loads(ok(runner, "standings", "--json"))
    original = parse_trf(decode_trf((DATA / name).read_bytes()), name).tournament
    exported = parse_trf(ok(runner, "export", "trf"), "out.trf").tournament
    assert exported == replace(original, pairing_system="berger")


def test_bad_file_imports_nothing(runner: CliRunner, cli_db: str) -> None:
    ok(runner, "new", "Existing")
    lines = (DATA / "lichess_2020_06.trf").read_text().splitlines()
    lines = [
        line.replace("13 b 1", "13 b =") if line.startswith("001    1") else line for line in lines
    ]
    Path("bad.trf").write_text("\n".join(lines) + "\n")
    digest = db_digest(cli_db)
    result = runner.invoke(app, ["import", "trf", "bad.trf"])
    assert result.exit_code == 3
    assert "bad.trf line 16 column 99: round 1: results" in result.stderr
    lenient = runner.invoke(app, ["import", "trf", "bad.trf", "--lenient"])
    assert lenient.exit_code == 3
    assert "nothing imported: 2 problems in the file" in lenient.stderr
    assert db_digest(cli_db) == digest


def test_import_needs_a_pairing_system_skak_knows(runner: CliRunner) -> None:
    shutil.copy(DATA / "lichess_2020_06.trf", "l.trf")
    result = runner.invoke(app, ["import", "trf", "l.trf"])
    assert result.exit_code == 3
    assert "name the system for the rounds to come with --system" in result.stderr
    assert not Path("skak.db").exists()


@pytest.mark.parametrize("players", [4, 7, 10])
def test_engine_pairs_round_robin_files_by_the_berger_tables(
    runner: CliRunner, players: int
) -> None:
    field = tuple(
        Player(i, f"P, {i}", ratings=Ratings(fide=2100 - i)) for i in range(1, players + 1)
    )
    t = Tournament("RR", "berger", players=field, scoring=get_system("berger").default_scoring)
    schedule = berger_schedule(players)
    for k, expected in enumerate(schedule, start=1):
        Path("in.trf").write_text(write_trf(t, extensions=False))
        ok(runner, "engine", "--berger", "in.trf", "-p", "out.txt")
        lines = Path("out.txt").read_text().split("\n")
        pairs = [tuple(int(x) for x in line.split()) for line in lines[1:] if line]
        assert int(lines[0]) == len(pairs)
        free = players + 1 if players % 2 else None
        assert pairs == [(w, b) for w, b in expected if free not in (w, b)] + [
            (w if b == free else b, 0) for w, b in expected if free in (w, b)
        ], k
        rnd = get_system("berger").pair(t)
        t = replace(t, rounds=(*t.rounds, rnd))
    assert ok(runner, "engine", "--berger", "in.trf", "-p") == Path("out.txt").read_text()


def test_engine_check_agrees_with_itself_and_names_hand_edits(runner: CliRunner) -> None:
    _played_round_robin(runner, 6)
    ok(runner, "export", "trf", "-o", "rr.trf")
    report = ok(runner, "engine", "--berger", "--check", "rr.trf")
    assert report.count("same pairing") == 5
    text = Path("rr.trf").read_text()
    t = parse_trf(text, "rr.trf").tournament
    # swap the black players of boards 1 and 2 in round 3 by hand
    r3 = t.round(3)
    a, b = r3.pairings[0], r3.pairings[1]
    edited = replace(
        r3, pairings=(replace(a, black=b.black), replace(b, black=a.black), *r3.pairings[2:])
    )
    rounds = list(t.rounds)
    rounds[2] = edited
    Path("edited.trf").write_text(write_trf(replace(t, rounds=tuple(rounds))))
    result = runner.invoke(app, ["engine", "--berger", "--check", "edited.trf"])
    assert result.exit_code == 1
    assert "round 3 differs: board 1: the file pairs" in result.stdout
    assert "board 2: the file pairs" in result.stdout
    assert "round 4: same pairing" in result.stdout
    assert "rounds that differ: 3" in result.stderr


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["engine", "--berger", "missing.trf", "-p"], 5, "cannot read the file"),
        (["engine", "missing.trf", "-p"], 3, "usage: skak engine"),
        (["engine", "--swiss-magic", "x.trf", "-p"], 3, "unknown option --swiss-magic"),
        (["engine", "--berger", "done.trf", "-p"], 3, "all 3 rounds have been paired"),
        (["engine", "--berger", "bad.trf", "-p"], 3, "bad.trf line"),
    ],
)
def test_engine_exit_codes(runner: CliRunner, args: list[str], code: int, message: str) -> None:
    field = tuple(Player(i, f"P, {i}") for i in range(1, 5))
    t = Tournament("RR", "berger", players=field)
    system = get_system("berger")
    for _ in range(3):
        t = replace(t, rounds=(*t.rounds, system.pair(t)))
    Path("done.trf").write_text(write_trf(t))
    Path("bad.trf").write_text(write_trf(t).replace("001    1", "001    x"))
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    assert message in result.stderr


def test_plain_double_round_robin_keeps_its_cycles(runner: CliRunner) -> None:
    _played_round_robin(runner, 4, "--setting", "cycles=2")
    ok(runner, "export", "trf", "--plain", "-o", "drr.trf")
    assert "XXR 6" in Path("drr.trf").read_text()
    assert ok(runner, "engine", "--berger", "--check", "drr.trf").count("same pairing") == 6


def test_engine_dash_means_standard_output(runner: CliRunner) -> None:
    field = tuple(Player(i, f"P, {i}") for i in range(1, 5))
    Path("in.trf").write_text(write_trf(Tournament("RR", "berger", players=field)))
    assert ok(runner, "engine", "--berger", "in.trf", "-p", "-") == "2\n1 4\n2 3\n"


def test_engine_baku_option_is_record_192s_baku(runner: CliRunner) -> None:
    # A Baku case from the variants bbpPairings paired: without its "192 FIDE_DUTCH_BAKU"
    # line the engine needs --baku to give the same pairing.
    variants = Path(__file__).resolve().parents[1] / "data" / "dutch" / "variants"
    case = variants / "baku-0.trf"
    expected = sorted(case.with_suffix(".pairs").read_text().split("\n"))
    lines = case.read_text().split("\n")
    Path("plain.trf").write_text("\n".join(x for x in lines if not x.startswith("192 ")))
    ok(runner, "engine", "--dutch", "plain.trf", "--baku", "-p", "out.txt")
    assert sorted(Path("out.txt").read_text().split("\n")) == expected
    ok(runner, "engine", "--dutch", "plain.trf", "-p", "out.txt")
    assert sorted(Path("out.txt").read_text().split("\n")) != expected
    refused = runner.invoke(app, ["engine", "--berger", "plain.trf", "--baku", "-p"])
    assert refused.exit_code == 3
    assert "baku" in refused.stderr
