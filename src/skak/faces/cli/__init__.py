"""The ``skak`` command: thin commands over :class:`skak.api.Skak`.

Each command opens the database, calls one API method and prints the outcome. Errors from
skak (:class:`skak.errors.SkakError`) are printed in plain words on standard error and end the
command with the exit code of the README's table; nothing else catches them.

The commands live in the modules of :data:`MODULES` and register themselves on the shared
Typer applications of :mod:`skak.faces.cli._common`. Typer builds the parser of every command it
holds on each run, so a run imports and holds only the command it names
(:func:`for_command`); ``skak --help`` and :data:`app` hold them all. The modules that
define commands do without ``from __future__ import annotations``: Typer reads each
command's annotations on every run, and string annotations would be compiled each time.
``skak engine``, whose command line is bbpPairings' and read by :mod:`skak.faces.cli.engine`
itself, runs without Typer at all (:func:`main`): a program that pairs with it calls it
once a round.
"""

from __future__ import annotations

import copy
import gc
import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    import typer

    from skak.faces.cli._common import app

__all__ = ["COMMANDS", "MODULES", "app", "for_command", "main", "normalise_argv"]

#: The modules that define commands, in the order ``skak --help`` lists their commands
#: (:mod:`skak.faces.cli.basics` imports :mod:`skak.faces.cli.rounds` among its own).
MODULES = (
    "skak.faces.cli.basics",
    "skak.faces.cli.corr",
    "skak.faces.cli.cup",
    "skak.faces.cli.desk",
    "skak.faces.cli.discipline",
    "skak.faces.cli.eligibility",
    "skak.faces.cli.event",
    "skak.faces.cli.files",
    "skak.faces.cli.games",
    "skak.faces.cli.hall",
    "skak.faces.cli.junior",
    "skak.faces.cli.league",
    "skak.faces.cli.maintenance",
    "skak.faces.cli.players",
    "skak.faces.cli.prints",
    "skak.faces.cli.rating",
    "skak.faces.cli.report",
    "skak.faces.cli.serve",
    "skak.faces.cli.systems",
    "skak.faces.cli.users",
)

#: Each command and group of commands, by name, with the modules that define it; a run
#: imports these alone (a test checks this against the commands the modules register).
COMMANDS: dict[str, tuple[str, ...]] = {
    "new": ("skak.faces.cli.basics",),
    "tournaments": ("skak.faces.cli.basics",),
    "pair": ("skak.faces.cli.rounds",),
    "result": ("skak.faces.cli.rounds",),
    "results": ("skak.faces.cli.rounds",),
    "standings": ("skak.faces.cli.rounds",),
    "crosstable": ("skak.faces.cli.rounds",),
    "history": ("skak.faces.cli.basics",),
    "undo": ("skak.faces.cli.basics",),
    "arbiters": ("skak.faces.cli.basics",),
    "delete": ("skak.faces.cli.desk",),
    "undelete": ("skak.faces.cli.desk",),
    "checkin": ("skak.faces.cli.hall",),
    "demo": ("skak.faces.cli.basics",),
    "classes": ("skak.faces.cli.eligibility",),
    "engine": ("skak.faces.cli.files",),
    "timecontrol": ("skak.faces.cli.games",),
    "norms": ("skak.faces.cli.games",),
    "check": ("skak.faces.cli.maintenance",),
    "backup": ("skak.faces.cli.maintenance",),
    "restore": ("skak.faces.cli.maintenance",),
    "report": ("skak.faces.cli.report",),
    "print": ("skak.faces.cli.prints",),
    "serve": ("skak.faces.cli.serve",),
    "schedule": ("skak.faces.cli.systems",),
    "varma": ("skak.faces.cli.systems",),
    "olympiad": ("skak.faces.cli.systems",),
    "players": ("skak.faces.cli.hall", "skak.faces.cli.players"),
    "round": ("skak.faces.cli.rounds",),
    "export": ("skak.faces.cli.basics", "skak.faces.cli.files"),
    "import": ("skak.faces.cli.files",),
    "corr": ("skak.faces.cli.corr",),
    "cup": ("skak.faces.cli.cup",),
    "discipline": ("skak.faces.cli.discipline",),
    "prizes": ("skak.faces.cli.desk",),
    "settings": ("skak.faces.cli.desk",),
    "dm": ("skak.faces.cli.eligibility",),
    "event": ("skak.faces.cli.event",),
    "game": ("skak.faces.cli.games",),
    "junior": ("skak.faces.cli.junior",),
    "league": ("skak.faces.cli.league",),
    "rating": ("skak.faces.cli.rating",),
    "knockout": ("skak.faces.cli.systems",),
    "user": ("skak.faces.cli.users",),
}

#: Forfeit results that an option parser would take for options (``-+``) or for the end of
#: the options (``--``), and the spellings ``Result.parse`` reads the same way.
_DASH_RESULTS = {"+-": "1f-0f", "-+": "0f-1f", "--": "0f-0f"}
_OPTIONS_WITH_VALUE = {"--db", "--tournament", "-t", "--wait"}


def normalise_argv(args: list[str]) -> list[str]:
    """Let ``skak result 1 2 -+`` and ``skak result 1 2 --`` mean what an arbiter means.

    Only the third argument of ``result`` (the result) is rewritten, and only when it is one
    of the forfeit results; for ``results`` every forfeit result after the round number.
    ``--lang``, ``--wait`` and ``--verbose`` typed after the command (``skak pair --lang
    da``, ``skak result 1 2 1-0 --wait 60``) are moved before it, where the global options
    belong.
    """
    args = _globals_first(args)
    if "league" in args[:3] or "cup" in args[:3]:
        return args  # their results are board by board, read by the command itself
    if "results" in args:
        out = list(args)
        start = out.index("results") + 2  # after the round number
        return out[:start] + [_DASH_RESULTS.get(a, a) for a in out[start:]]
    if "result" not in args:
        return args
    out = list(args)
    positional = 0
    j = out.index("result") + 1
    while j < len(out):
        arg = out[j]
        if arg in _OPTIONS_WITH_VALUE:
            j += 2
            continue
        if positional == 2 and arg in _DASH_RESULTS:
            out[j] = _DASH_RESULTS[arg]
            break
        if not arg.startswith("-") or arg[1:].isdecimal():  # -1: a (bad) round or board
            positional += 1
        j += 1
    return out


def _globals_first(args: list[str]) -> list[str]:
    for name in ("--lang", "--wait"):
        args = _option_first(args, name)
    if "--verbose" in args[1:]:
        args = ["--verbose", *[a for a in args if a != "--verbose"]]
    return args


def _option_first(args: list[str], name: str) -> list[str]:
    for i, arg in enumerate(args[1:], start=1):
        if arg.startswith(f"{name}="):
            return [arg, *args[:i], *args[i + 1 :]]
        if arg == name and i + 1 < len(args):
            return [arg, args[i + 1], *args[:i], *args[i + 2 :]]
    return args


def main() -> None:
    """Console entry point.

    ``skak engine`` and ``skak standings --trf F --json`` (:func:`_bare_args`) run without
    Python's cycle collector: a run imports a few hundred modules and classes and makes
    many small values, hardly any of them in a reference cycle (a run of the engine leaves
    the same few hundred objects of its start-up to the collector, whatever it pairs), and
    its memory is freed when it ends. With the collector on, the start-up alone paid for a
    dozen collections, each walking the objects made so far. Before such a run ends, every
    object still alive is moved out of the collector's sight (:func:`gc.freeze`), so the
    full collection Python makes as it exits walks none of them. A command run through
    Typer gets the collector back as it was before it starts."""
    collecting = gc.isenabled()
    gc.disable()
    args = normalise_argv(sys.argv[1:])
    engine = _bare_args(args, "engine")
    if engine is not None:
        from skak.faces.cli.engine import run

        _exit(run(engine))
    standings = _bare_args(args, "standings")
    if standings is not None:
        from skak.faces.cli import trf_standings

        given = trf_standings.options(standings)
        code = trf_standings.run(given) if given is not None else None
        if code is not None:
            _exit(code)
    if collecting:
        gc.enable()
    for_command(args)(args=args)


def _exit(code: int) -> NoReturn:
    """End a run made without Typer with ``code``, its objects frozen (:func:`main`)."""
    gc.freeze()
    sys.exit(code)


def _bare_args(args: list[str], command: str) -> list[str] | None:
    """The arguments after ``command`` when ``args`` run it (not its ``--help``), with
    ``--lang`` applied (a global ``--db`` is left aside: these commands read files).
    ``skak engine`` reads its own command line (:mod:`skak.faces.cli.engine`), and so does
    ``skak standings --trf F --json`` (:mod:`skak.faces.cli.trf_standings`), so they run
    without Typer. ``None``: Typer runs ``args``."""
    at = _command_at(args)
    if at is None or args[at] != command or any(n.endswith("_COMPLETE") for n in os.environ):
        return None
    if "--help" in args[at + 1 :]:
        return None
    lang: str | None = None
    i = 0
    while i < at:
        if args[i] == "--lang":
            lang = args[i + 1]
            i += 1
        elif args[i].startswith("--lang="):
            lang = args[i].removeprefix("--lang=")
        elif args[i] == "--db":
            i += 1
        elif args[i].startswith("--db="):
            pass
        else:
            return None  # --install-completion, --show-completion: Typer does them
        i += 1
    from skak.faces.i18n import language_from, use

    try:
        use(language_from(lang))
    except ValueError:
        return None  # Typer names the bad --lang
    return args[at + 1 :]


#: Options of ``skak`` itself that take no value, and those that take one.
_GLOBAL_FLAGS = ("--install-completion", "--show-completion", "--verbose")
_GLOBAL_OPTIONS = ("--lang", "--db", "--wait")
_GLOBAL_PREFIXES = tuple(f"{name}=" for name in _GLOBAL_OPTIONS)


def for_command(args: list[str]) -> typer.Typer:
    """The application as Typer runs it for ``args``: only the command (or group of
    commands) that ``args`` names, beside the global options, with only the modules that
    define it imported. ``skak --help``, shell completion and a name that is no command's
    get the whole application, which lists the commands or says which name was meant."""
    name = _command_word(args)
    modules = COMMANDS.get(name) if name is not None else None
    if modules is None or any(n.endswith("_COMPLETE") for n in os.environ):
        return _whole()
    for module in modules:
        importlib.import_module(module)
    from skak.faces.cli._common import app as full

    commands = [c for c in full.registered_commands if _command_name(c) == name]
    groups = [g for g in full.registered_groups if g.name == name]
    if len(commands) + len(groups) != 1:  # pragma: no cover - COMMANDS is checked by a test
        return _whole()
    only = copy.copy(full)
    only.registered_commands = commands
    only.registered_groups = groups
    return only


def _command_word(args: list[str]) -> str | None:
    """The command ``args`` names after the global options (``None``: none, or ``--help``)."""
    at = _command_at(args)
    return args[at] if at is not None else None


def _command_at(args: list[str]) -> int | None:
    """Where in ``args`` the command's name stands (``None``: none, or ``--help``)."""
    i = 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] in _GLOBAL_OPTIONS:
            i += 2
        elif args[i].startswith(_GLOBAL_PREFIXES) or args[i] in _GLOBAL_FLAGS:
            i += 1
        else:
            return None  # --help, or an option skak does not know: Typer says which
    return i if i < len(args) else None


def _whole() -> typer.Typer:
    """The application with every command (the modules imported in ``--help``'s order)."""
    for module in MODULES:
        importlib.import_module(module)
    from skak.faces.cli._common import app as whole

    return whole


def _command_name(info: typer.models.CommandInfo) -> str:
    """A command's name as Typer derives it (its function's name, dashed, when not given)."""
    if info.name:
        return info.name
    callback = info.callback
    assert callback is not None
    return callback.__name__.lower().replace("_", "-")


if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """``app``: the whole application, its modules imported on first use."""
        if name == "app":
            return _whole()
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if __name__ == "__main__":  # pragma: no cover
    main()
