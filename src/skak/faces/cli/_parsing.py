"""What ``skak`` says about a command line before the command runs.

* **A value of the wrong kind** (``--rounds abc``, ``--kind classic``, ``skak result abc 1
  1-0``): Typer (0.29 and later) reads every value through pydantic and says so in
  pydantic's words ("Input should be a valid integer, unable to parse string as an
  integer") with the exit code of a wrong command line (2). skak says it as it says any
  value it cannot use — ``error: --rounds: 'abc' is not a whole number`` — with exit code
  3, the README's "bad input", as ``--rounds 0`` already was.
* **An option the command does not have**, on the commands that let ``-1`` through to the
  command as a (bad) round or board number (``ignore_unknown_options``): the option parser
  would take ``--round 3`` for two more arguments ("Got unexpected extra argument(s)") or
  for a start number. Such a command refuses an unknown ``--option`` (or ``-x``) as every
  other command does: ``No such option: --round (Possible options: --from-round)``.
* **The database named before the command** (``skak --db F new …``): ``--db`` is a global
  option as ``--lang`` is, and a command's own ``--db`` (with ``$SKAK_DB``) takes it when
  not given on its own command line. The order: the command's ``--db``, the global
  ``--db``, ``$SKAK_DB``, ``./skak.db``.

:class:`skak.faces.cli._help.SkakGroup` applies all three to each command it hands out.
"""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Callable
from typing import Any

import typer
import typer.core

# Typer vendors Click (``typer._click``) and handles only its own exceptions.
from typer._click.core import ParameterSource
from typer._click.exceptions import NoSuchOption

from skak.errors import InputError
from skak.faces.cli._output import print_error
from skak.faces.i18n import _

__all__ = ["check_unknown_options", "global_database", "plain_values"]

#: A token that can only be meant as an option: ``--name`` or ``-x`` (``-1`` is a number,
#: ``-`` standard input or a forfeit, ``--`` a forfeit).
_OPTION_LIKE = re.compile(r"--[A-Za-z][\w-]*(=.*)?|-[A-Za-z]")


def check_unknown_options(command: Any) -> None:
    """Make ``command`` refuse an option it does not have, though it lets unknown options
    through to its arguments (``ignore_unknown_options``, without ``allow_extra_args``).
    Doing it again changes nothing."""
    settings = getattr(command, "context_settings", None) or {}
    if not settings.get("ignore_unknown_options") or settings.get("allow_extra_args"):
        return  # a command that reads its own options (skak engine) is left to them
    if getattr(command.parse_args, "_skak_checked", False):
        return
    parse = command.parse_args

    def parse_args(ctx: Any, args: list[str]) -> list[str]:
        takes_value: dict[str, bool] = {}
        for param in command.get_params(ctx):
            for name in (*getattr(param, "opts", ()), *getattr(param, "secondary_opts", ())):
                if name.startswith("-"):
                    takes_value[name] = not getattr(param, "is_flag", False)
        tokens = iter(args)
        for token in tokens:
            if token == "--":
                break
            name, has_value = token.split("=", 1)[0], "=" in token
            if name in takes_value:
                if takes_value[name] and not has_value:
                    next(tokens, None)  # the option's value, whatever it looks like
            elif _OPTION_LIKE.fullmatch(token):
                close = difflib.get_close_matches(name, sorted(takes_value))
                raise NoSuchOption(name, possibilities=close, ctx=ctx)
        result: list[str] = parse(ctx, args)
        return result

    parse_args._skak_checked = True  # type: ignore[attr-defined]
    command.parse_args = parse_args


def global_database(param: Any) -> None:
    """Make a command's ``--db`` take the global ``skak --db`` when it is not given on the
    command's own command line (before ``$SKAK_DB`` and the default). Doing it again
    changes nothing; any other parameter is left as it is."""
    if "--db" not in getattr(param, "opts", ()):
        return
    consume = param.consume_value
    if getattr(consume, "_skak_db", False):
        return

    def consume_value(ctx: Any, opts: Any) -> tuple[Any, ParameterSource]:
        value, source = consume(ctx, opts)
        if source is not ParameterSource.COMMANDLINE:
            root = ctx.find_root()  # skak's own --db (root is ctx: this is it)
            chosen = root.params.get("db") if root is not ctx else None
            if chosen:
                return chosen, ParameterSource.COMMANDLINE
        return value, source

    consume_value._skak_db = True  # type: ignore[attr-defined]
    param.consume_value = consume_value


def plain_values(param: Any) -> None:
    """Make ``param`` refuse a value of the wrong kind in skak's words (see the module).
    Doing it again changes nothing."""
    process: Callable[[Any, Any], Any] = param.process_value
    if getattr(process, "_skak_plain", False):
        return

    def process_value(ctx: Any, value: Any) -> Any:
        try:
            return process(ctx, value)
        except typer.BadParameter as e:
            message = _plain(param, e)
            if message is None:
                raise
            print_error(InputError(message))
            raise typer.Exit(InputError.exit_code) from None

    process_value._skak_plain = True  # type: ignore[attr-defined]
    param.process_value = process_value


def _plain(param: Any, error: Exception) -> str | None:
    """skak's words for a value pydantic refused, or ``None`` to keep Typer's."""
    cause = error.__cause__
    if type(cause).__name__ != "ValidationError":
        return None
    problems = cause.errors()  # type: ignore[union-attr]
    if not problems:
        return None
    first = problems[0]
    kind, context = first.get("type"), first.get("ctx") or {}
    shown = repr(first.get("input"))
    label = _label(param)
    if kind in ("int_parsing", "int_from_float", "int_type"):
        return _("{what}: {value} is not a whole number").format(what=label, value=shown)
    if kind == "greater_than_equal":  # min=
        return _("{what}: {value} is below {bound}").format(
            what=label, value=first.get("input"), bound=context.get("ge")
        )
    if kind == "less_than_equal":  # max=
        return _("{what}: {value} is above {bound}").format(
            what=label, value=first.get("input"), bound=context.get("le")
        )
    choices = _choices(param)
    if choices:
        return _("{what}: {value} is not one of {choices}").format(
            what=label, value=shown, choices=", ".join(choices)
        )
    return None


def _label(param: Any) -> str:
    if isinstance(param, typer.core.TyperArgument):
        return str(param.metavar or (param.name or "").upper())
    longs = [name for name in param.opts if name.startswith("--")]
    return str((longs or param.opts)[0])


def _choices(param: Any) -> list[str]:
    descriptor = getattr(param, "type_descriptor", None)
    annotation = getattr(descriptor, "annotation", None)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return [str(member.value) for member in annotation]
    return [str(c) for c in getattr(descriptor, "choices", None) or ()]
