"""What a command imports before it does anything (issue 23 item 18): ``skak --help`` and a
command that needs little do not import the database libraries, the pairing engines or
every tie-break. Checked by the modules imported, in a new interpreter; the time itself is
``benchmarks/cli.py``'s (not a timed test)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from skak import api, tiebreaks, views
from skak.errors import UnknownPairingSystemError
from skak.pairing import base, get_system, system_names

#: Imported by nothing ``skak --help`` needs.
HEAVY = (
    "sqlalchemy",
    "alembic",
    "cattrs",
    # skak.api itself is a lazy index of names; Skak and the records are the heavy part.
    "skak.api._skak",
    "skak.records",
    "skak.store",
    "skak.standings",
    "skak.rating.tournament",
    "skak.tiebreaks._direct",
    "skak.pairing.dutch",
    "skak.pairing.monrad",
    "skak.pairing.dansk",
    "skak.pairing.knockout",
    "skak.pairing.berger",
    "skak.views.standings",
    "skak.views.systems",
    "skak.io.trf",
    # the prints' PDF library and the QR codes (skak print)
    "fpdf",
    "segno",
    "PIL",
)


def _modules_after(code: str) -> set[str]:
    """The modules a new interpreter holds after running ``code``."""
    script = "import json, sys\n" + code + "\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _imported(modules: set[str], name: str) -> bool:
    return name in modules or any(m.startswith(name + ".") for m in modules)


def test_help_imports_nothing_heavy() -> None:
    modules = _modules_after(
        "from skak.faces.cli import app\n"
        "try:\n"
        "    app(args=['--help'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass"
    )
    assert "skak.faces.cli" in modules
    assert [name for name in HEAVY if _imported(modules, name)] == []


def test_the_registry_names_the_systems_without_importing_them() -> None:
    modules = _modules_after(
        "from skak.pairing import system_names\n"
        "assert system_names() == "
        "['berger', 'dansk', 'dsu-rr', 'dubov', 'dutch', 'dutch-1998', 'knockout', 'monrad']"
    )
    assert not any(_imported(modules, f"skak.pairing.{m}") for m in ("dutch", "monrad", "dansk"))


def test_a_system_is_imported_when_looked_up() -> None:
    modules = _modules_after("from skak.pairing import get_system\nget_system('monrad')")
    assert "skak.pairing.monrad" in modules
    assert "skak.pairing.dutch" not in modules


def test_every_registered_system_is_found_by_its_name() -> None:
    for name in system_names():
        assert get_system(name).name == name
    with pytest.raises(UnknownPairingSystemError, match="known systems: berger, dansk"):
        get_system("schweizer")


def test_a_name_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        base.register_module("dutch", "skak.pairing.monrad")
    with pytest.raises(ValueError, match="registered already"):
        base.register(types.SimpleNamespace(name="dutch"))  # type: ignore[arg-type]
    base.register(get_system("dutch"))  # the same system again: nothing changes
    assert get_system("dutch") is importlib.import_module("skak.pairing.dutch").SYSTEM


@pytest.mark.parametrize("package", [views, tiebreaks, api], ids=["views", "tiebreaks", "api"])
def test_every_public_name_of_a_lazy_package_is_its_module_s(package: types.ModuleType) -> None:
    """``skak.views``, ``skak.tiebreaks`` and ``skak.api`` import a name's module on first
    use; each name is the object its module defines (never a module of the same name)."""
    where = package._WHERE
    assert set(where) <= set(package.__all__)
    # defined in the package itself, or imported at once (``history`` names its module too)
    assert set(package.__all__) - set(where) <= {"exact_decimal", "HistoryLine", "history"}
    for name in package.__all__:
        value = getattr(package, name)
        assert not isinstance(value, types.ModuleType), name
        if name in where:
            assert value is getattr(importlib.import_module(where[name]), name), name
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018


def test_the_tiebreaks_are_registered_at_the_first_look_up() -> None:
    modules = _modules_after(
        "from skak.tiebreaks import RECOMMENDED, parse_tiebreaks\n"
        "assert 'skak.tiebreaks._direct' not in sys.modules\n"
        "assert [s.code for s in parse_tiebreaks(RECOMMENDED['fide-swiss'])] == "
        "['DE', 'WIN', 'BWG', 'BH', 'BH', 'SB']"
    )
    assert "skak.tiebreaks._direct" in modules


#: The other record kinds' rules: a command on a tournament imports none of them (the
#: discipline registry's check of a new player, :mod:`skak.eligibility.discipline`, is the
#: tournament's own rule).
OTHER_KINDS = (
    "skak.teams",
    # Each record kind's own modules but its store binding (Skak names every kind).
    *(
        f"skak.records.{kind}.{part}"
        for kind in ("league", "cup", "accounts", "discipline", "registry", "correspondence")
        for part in ("events", "commands", "evolve", "codec")
    ),
    "skak.rating.registry",
    "argon2",
)


def test_a_result_imports_no_other_record_kind(tmp_path: Path) -> None:
    """Issue 24 item 4: ``skak result`` on a tournament pays for the tournament's rules only;
    the league, the cup, the accounts, the discipline and rating registries are imported
    by the commands that use them."""
    db = str(tmp_path / "t.db")
    modules = _modules_after(
        "from skak.api import Skak\n"
        "from skak.model import Tournament\n"
        "from skak.model.results import Result\n"
        f"s = Skak({db!r}, create=True)\n"
        "t = s.tournaments.create(Tournament('T', 'monrad', number_of_rounds=3))\n"
        "for i in range(1, 5):\n"
        "    s.tournaments.add_player(t.id, f'P, {i}')\n"
        "s.tournaments.pair(t.id)\n"
        "s.tournaments.enter_result(t.id, 1, 1, Result.WHITE_WIN)\n"
    )
    assert "skak.records.tournament.commands" in modules
    assert [name for name in OTHER_KINDS if _imported(modules, name)] == []


#: A TRF file of the repository's sample of the Dutch corpus (18 players).
SAMPLE_TRF = Path(__file__).parent / "data/shared-sample/oracles/dutch-2026/cases/t100001-r6.trf"


def test_the_engine_opens_no_database_and_imports_none(tmp_path: Path) -> None:
    """Issue 24 item 4: ``skak engine`` reads a TRF file and writes pairs; the storage
    (SQLAlchemy, cattrs, the event store) and the other records' rules are never imported."""
    out = tmp_path / "pairs.txt"
    modules = _modules_after(
        "from skak.faces.cli import app\n"
        f"app(args=['engine', '--dutch', {str(SAMPLE_TRF)!r}, '-p', {str(out)!r}],"
        " standalone_mode=False)"
    )
    assert "skak.pairing.dutch" in modules
    assert out.read_text(encoding="utf-8").splitlines()[0].strip().isdigit()
    storage = (
        "sqlalchemy",
        "alembic",
        "cattrs",
        "skak.store",
        "skak.api._skak",
        "skak.records.tournament.api",
    )
    assert [name for name in storage + OTHER_KINDS if _imported(modules, name)] == []


def _engine_run(args: list[str], tmp_path: Path) -> tuple[int, set[str]]:
    """``skak engine ARGS`` as the console script runs it: the exit code, and the modules
    the interpreter holds afterwards."""
    code = tmp_path / "code.txt"
    modules = _modules_after(
        f"sys.argv = ['skak', *{args!r}]\n"
        "from skak.faces.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        f"    open({str(code)!r}, 'w').write(str(e.code or 0))\n"
    )
    return int(code.read_text()), modules


def test_the_engine_runs_without_typer(tmp_path: Path) -> None:
    """A program pairs round after round with ``skak engine``, which reads its own
    command line: the console script runs it without importing Typer or pydantic (a tenth
    of a second per call), and its pairs are the pairs the Typer command writes."""
    out = tmp_path / "pairs.txt"
    code, modules = _engine_run(["engine", "--dutch", str(SAMPLE_TRF), "-p", str(out)], tmp_path)
    assert code == 0
    assert "skak.pairing.dutch" in modules
    assert [m for m in ("typer", "pydantic", "click") if _imported(modules, m)] == []
    from typer.testing import CliRunner

    from skak.faces.cli import app

    via_typer = tmp_path / "typer.txt"
    done = CliRunner().invoke(app, ["engine", "--dutch", str(SAMPLE_TRF), "-p", str(via_typer)])
    assert done.exit_code == 0, done.output
    assert out.read_text(encoding="utf-8") == via_typer.read_text(encoding="utf-8")


def test_the_engine_writing_a_file_imports_no_rich(tmp_path: Path) -> None:
    """``skak engine -p FILE`` prints nothing (standard error is no terminal here), so the
    consoles are never made and Rich is not imported."""
    out = tmp_path / "pairs.txt"
    code, modules = _engine_run(["engine", "--dutch", str(SAMPLE_TRF), "-p", str(out)], tmp_path)
    assert code == 0
    assert out.read_text(encoding="utf-8")
    assert not _imported(modules, "rich")


def test_standings_of_a_file_as_json_run_without_typer(tmp_path: Path) -> None:
    """``skak standings --trf F --json`` reads its own command line
    (:mod:`skak.faces.cli.trf_standings`): no Typer, pydantic, cattrs, Rich or storage."""
    code, modules = _engine_run(["standings", "--trf", str(SAMPLE_TRF), "--json"], tmp_path)
    assert code == 0
    assert "skak.faces.cli.trf_standings" in modules
    heavy = ("typer", "pydantic", "click", "cattrs", "rich", "sqlalchemy", "skak.store")
    assert [m for m in heavy if _imported(modules, m)] == []


def test_standings_of_a_file_import_no_pairing_system(tmp_path: Path) -> None:
    """Issue 38 item 5: ranking a file needs no pairing engine — not the Dutch system the
    file names, not the engine's round checks, not the Berger tables — nor the requests of
    the other commands (their option and CSV readers)."""
    code, modules = _engine_run(
        ["standings", "--trf", str(SAMPLE_TRF), "--tiebreaks", "BH/C1,BH,SB,DE", "--json"],
        tmp_path,
    )
    assert code == 0
    needless = (
        "skak.pairing",
        "skak.records.tournament.requests",
        "skak.io.options",
        "skak.io.players_csv",
    )
    assert [m for m in needless if _imported(modules, m)] == []


#: What a run that reads a file and pairs or ranks it never needs: pathlib (the files are
#: read and written through os), and the model's pairing-system records, prizes, changes,
#: bans and attached games (their dataclasses, made on every start, cost milliseconds).
#: (json's reader is not imported either, but the check's own script imports it.)
_NOT_FOR_A_FILE = (
    "pathlib",
    "skak.model.records",
    "skak.model.prizes",
    "skak.model.changes",
    "skak.model.bans",
    "skak.model.attached_games",
)


@pytest.mark.parametrize(
    "args",
    [
        ["engine", "--dutch", "{trf}", "-p", "{out}"],
        ["standings", "--trf", "{trf}", "--tiebreaks", "BH/C1,BH,SB,DE", "--json"],
    ],
    ids=["engine", "standings"],
)
def test_a_run_on_a_file_imports_only_what_it_uses(args: list[str], tmp_path: Path) -> None:
    """Issue 38 item 5: the start-up of ``skak engine`` and ``skak standings --trf F --json``
    (a program runs them once a round) imports no module the run does not use; the model's
    names stay where they were (``skak.model.tournament.PairingBan``), imported when asked."""
    argv = [a.format(trf=SAMPLE_TRF, out=tmp_path / "pairs.txt") for a in args]
    code, modules = _engine_run(argv, tmp_path)
    assert code == 0
    assert [m for m in _NOT_FOR_A_FILE if m in modules] == []
    later = _modules_after(
        "from skak.model import PairingBan, SystemRecord\n"
        "from skak.model.tournament import GameRecord, GroupKey\n"
        "import skak.model\n"
        "assert skak.model.prizes.Prizes.__name__ == 'Prizes'\n"
        "assert PairingBan.__module__ == 'skak.model.bans'\n"
    )
    assert {"skak.model.bans", "skak.model.records", "skak.model.attached_games"} <= later


@pytest.mark.parametrize(
    ("args", "code", "typer"),
    [
        pytest.param(["engine", "--dutch"], 3, False, id="usage"),
        pytest.param(["engine", "--nosuch", "x.trf", "-p"], 3, False, id="unknown-option"),
        pytest.param(["engine", "--dutch", "missing.trf", "-p"], 5, False, id="unreadable"),
        pytest.param(["--lang", "da", "engine", "--dutch"], 3, False, id="lang-before"),
        pytest.param(["engine", "--dutch", "--lang", "da"], 3, False, id="lang-after"),
        pytest.param(["--lang", "xx", "engine", "--dutch"], 2, True, id="bad-lang-to-typer"),
        pytest.param(["engine", "--help"], 0, True, id="help-to-typer"),
    ],
)
def test_the_engines_command_line_without_typer(
    args: list[str], code: int, typer: bool, tmp_path: Path
) -> None:
    """The engine's exit codes (bbpPairings'), with or without Typer: ``--help`` and a
    bad ``--lang`` go to Typer, which prints the help or names the bad value."""
    got, modules = _engine_run(args, tmp_path)
    assert (got, _imported(modules, "typer")) == (code, typer)


# -- one command's run (issue 24 item 4) ----------------------------------------------------


def test_every_command_is_found_in_the_modules_the_table_names() -> None:
    """``skak.faces.cli.COMMANDS`` names, for each command and group, the modules that register
    it: a run imports those alone, so the table must match the registrations."""
    from skak.faces import cli

    app = cli._whole()
    found: dict[str, tuple[str, ...]] = {}
    for info in app.registered_commands:
        assert info.callback is not None
        found[cli._command_name(info)] = (info.callback.__module__,)
    for group in app.registered_groups:
        assert group.name is not None and group.typer_instance is not None
        modules: list[str] = []
        for info in group.typer_instance.registered_commands:
            assert info.callback is not None
            if info.callback.__module__ not in modules:
                modules.append(info.callback.__module__)
        found[group.name] = tuple(modules)
    assert found == cli.COMMANDS
    assert set(cli.MODULES) >= {m for ms in found.values() for m in ms} - {"skak.faces.cli.rounds"}


def test_a_run_builds_only_the_command_it_names() -> None:
    from skak.faces.cli import app, for_command

    only = for_command(["--lang", "da", "result", "1", "2", "1-0"])
    assert [c.callback.__name__ for c in only.registered_commands if c.callback] == ["result"]
    assert only.registered_groups == []
    assert only.registered_callback is app.registered_callback  # --lang is still there
    players = for_command(["players", "list"])
    assert players.registered_commands == []
    assert [g.name for g in players.registered_groups] == ["players"]
    for whole in (["--help"], [], ["no-such-command"], ["--lang=da"], ["--lang", "da"]):
        assert for_command(whole) is app
    assert len(app.registered_commands) > 10  # the whole application is untouched


def test_a_result_imports_only_its_own_command_module(tmp_path: Path) -> None:
    """``skak result`` run as the console script runs it: the result is entered, and no
    other command's module (the league's, the players', the rating's) is imported."""
    db = tmp_path / "t.db"
    _modules_after(
        "from skak.api import Skak\n"
        "from skak.model import Tournament\n"
        f"s = Skak({str(db)!r}, create=True)\n"
        "s.tournaments.create(Tournament('T', 'berger'))\n"
        "for name in ('A, A', 'B, B', 'C, C', 'D, D'):\n"
        "    s.tournaments.add_player(None, name)\n"
        "s.tournaments.pair().after.rounds[-1]\n"
    )
    modules = _modules_after(
        "import os\n"
        f"os.environ['SKAK_DB'] = {str(db)!r}\n"
        "sys.argv = ['skak', 'result', '1', '1', '1-0']\n"
        "from skak.faces.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "from skak.api import Skak\n"
        f"assert Skak({str(db)!r}).tournaments.get().rounds[0].pairings[0].result is not None"
    )
    assert "skak.faces.cli.rounds" in modules
    others = (
        "skak.faces.cli.league",
        "skak.faces.cli.players",
        "skak.faces.cli.rating",
        "skak.faces.cli.cup",
    )
    assert [name for name in others if name in modules] == []


def test_commands_annotations_are_not_strings() -> None:
    """Typer reads a command's annotations on every run; a string annotation (``from
    __future__ import annotations``) is compiled again each time (about 0.04 s of ``skak
    --help``'s start-up), so the modules that define commands do without it."""
    from skak.faces import cli

    app = cli._whole()
    callbacks = [c.callback for c in app.registered_commands] + [
        c.callback
        for g in app.registered_groups
        if g.typer_instance is not None
        for c in g.typer_instance.registered_commands
    ]
    for callback in callbacks:
        assert callback is not None
        strings = [k for k, v in callback.__annotations__.items() if isinstance(v, str)]
        assert strings == [], f"{callback.__module__}.{callback.__name__}: {strings}"


def test_standings_import_neither_the_norms_nor_the_rating_rules_until_needed(
    tmp_path: Path,
) -> None:
    """Issue 24 item 4: the standings of an unfinished tournament compute no rating column
    and no FIDE norms, so neither the rating rules nor the norms' conditions are imported
    (``skak.views.norms`` alone cost about 0.02 s); a finished rated tournament imports
    the rating rules for its rating column, and ``--fide`` the norms."""
    db = str(tmp_path / "t.db")
    _modules_after(
        "from skak.api import Skak\n"
        "from skak.model import Ratings, Tournament\n"
        "from skak.model.results import Result\n"
        f"s = Skak({db!r}, create=True)\n"
        "s.tournaments.create(Tournament('T', 'berger', rated=True))\n"
        "for i in range(1, 5):\n"
        "    s.tournaments.add_player(None, f'P, {i}', ratings=Ratings(dsu=1500 + 100 * i))\n"
        "s.tournaments.pair().after.rounds[-1]\n"
        "s.tournaments.enter_result(None, 1, 1, Result.WHITE_WIN)\n"
    )
    view = (
        "from skak.api import Skak\n"
        "from skak.views import standings_view, to_json\n"
        f"v = standings_view(Skak({db!r}).tournaments.get(None))\n"
        "assert to_json(v)['standings'][0]['start_number'] == 1, v\n"
    )
    rating = ("skak.views.norms", "skak.rating.norms", "skak.rating.fide_tournament")
    rating += ("skak.rating.tournament", "skak.rating.calc")
    modules = _modules_after(view + "assert v.rating_edition is None\n")
    assert [name for name in rating if name in modules] == []
    _modules_after(  # every round played: the tournament is finished
        "from skak.api import Skak\n"
        "from skak.model.results import Result\n"
        f"s = Skak({db!r})\n"
        "for n in range(1, 4):\n"
        "    t = s.tournaments.get(None)\n"
        "    if len(t.rounds) < n:\n"
        "        t = s.tournaments.pair().after\n"
        "    rnd = t.rounds[n - 1]\n"
        "    for p in rnd.pairings:\n"
        "        if p.result is None and p.black is not None:\n"
        "            s.tournaments.enter_result(None, n, p.board, Result.DRAW)\n"
    )
    modules = _modules_after(view + "assert v.rating_edition is not None, v\n")
    assert "skak.rating.tournament" in modules
    assert "skak.views.norms" not in modules
    fide = view.replace("get(None))", "get(None), fide=True)")
    assert "skak.views.norms" in _modules_after(fide + "assert v.fide_edition is not None\n")


#: A DSU rating calculation's request (``skak rating calc``).
_RATING_REQUEST = {
    "date": "2026-03-01",
    "kind": "standard",
    "round_robin": False,
    "players": [{"id": "A", "rating": 1850}, {"id": "B", "rating": 1720}],
    "games": [{"white": "A", "black": "B", "result": "1-0"}],
}
_CORR_GAME = Path(__file__).parent / "data/correspondence/email-6.8.2.json"


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "--trf", "{trf}", "--json"],
        ["crosstable", "--trf", "{trf}", "--json"],
        ["timecontrol", "90+30", "--json"],
        ["corr", "time", str(_CORR_GAME), "--json"],
        ["corr", "notation", "1. 5254 5755", "--json"],
        ["rating", "calc", "{rating}", "--json"],
    ],
    ids=lambda args: " ".join(a for a in args[:2] if not a.startswith(("{", "-", "/"))),
)
def test_a_command_on_a_file_imports_no_storage(args: list[str], tmp_path: Path) -> None:
    """Issue 38 item 5: a command that needs no database (it reads a file or its arguments)
    imports none of the storage — neither SQLAlchemy nor the event store nor a record's API
    (the pure requests of :mod:`skak.records.tournament.requests` read the file; cattrs
    writes the JSON)."""
    rating = tmp_path / "rating.json"
    rating.write_text(json.dumps(_RATING_REQUEST), encoding="utf-8")
    argv = [a.format(trf=SAMPLE_TRF, rating=rating) for a in args]
    code = tmp_path / "code.txt"
    modules = _modules_after(
        f"sys.argv = ['skak', *{argv!r}]\n"
        "from skak.faces.cli import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exit:\n"
        f"    open({str(code)!r}, 'w').write(str(exit.code))\n"
    )
    assert code.read_text() in ("0", "None")
    storage = (
        "sqlalchemy",
        "alembic",
        "skak.store",
        "skak.api._skak",
        *(f"skak.records.tournament.{part}" for part in ("api", "kind", "codec", "evolve")),
    )
    assert [name for name in storage + OTHER_KINDS if _imported(modules, name)] == []
