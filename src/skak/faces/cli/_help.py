"""The commands' help as an arbiter reads it.

Typer (0.29 and later) shows each parameter's Python type in the help: ``<bool>`` beside a
flag, which takes no value; ``<list[str]>`` beside an option given once per value; and an
argument by its Python name (``{board}``) beside one given a name in capitals
(``{ROUND}``). :class:`SkakGroup`, the class of ``skak`` itself, tidies each command it
hands out before Typer parses its command line or shows its help:

* a flag shows no type (``--json``, not ``--json <bool>``);
* an option's value is said in a word, not as a Python type: ``NUMBER`` (``<int>``),
  ``TEXT`` (``<str>``), ``DATE`` for a text its help asks as YYYY-MM-DD, ``FILE`` or
  ``FOLDER`` (``<path>``); choices stay as Typer lists them;
* an option given once per value shows that word and ``…`` (``--setting TEXT…``);
* every argument is named in capitals, as the commands' own help texts name them
  (``skak result {ROUND} {BOARD} {RESULT}``), and shows no type beside its name;
* a paragraph of a command's help flows as one, as its first paragraph does: Typer's Rich
  help keeps the line breaks of the docstring's later paragraphs, which break the lines
  again where the terminal's width does not (``… archived (001 §5.1) and`` / ``shown only
  with --all.``). A paragraph that starts with ``\\b`` keeps its lines, as in Click.

Only what the help shows changes: each option's names, values and checks stay Typer's.
The same pass gives each command :mod:`skak.faces.cli._parsing`'s words for a command line it
cannot use.
"""

from __future__ import annotations

import inspect
from typing import Any, get_args

import typer.core

from skak.faces.cli._parsing import check_unknown_options, global_database, plain_values

__all__ = ["SkakGroup", "tidy"]


class SkakGroup(typer.core.TyperGroup):
    """``skak``'s group of commands: each command tidied (:func:`tidy`) as it is handed
    out, and ``skak`` itself before its own help is shown."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            tidy(command, ctx)
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        tidy(self, ctx, commands=False)
        super().format_help(ctx, formatter)


def tidy(command: Any, ctx: Any, *, commands: bool = True) -> None:
    """Tidy the help of ``command``'s parameters (its ``--help`` too) and, with
    ``commands``, of every command under it. Doing it again changes nothing."""
    if command.help:
        command.help = _flowing(command.help)
    help_option = command.get_help_option(ctx)
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        _tidy_param(param)
        plain_values(param)
        global_database(param)
    check_unknown_options(command)
    if commands:
        for sub in getattr(command, "commands", {}).values():
            tidy(sub, ctx)


def _tidy_param(param: Any) -> None:
    if isinstance(param, typer.core.TyperArgument):
        # the name says it (ROUND, BOARD, FILE); Typer would add ``<int>`` beside it
        param.display_type_rich = _no_type  # type: ignore[method-assign]
    if param.metavar is not None:
        return
    if isinstance(param, typer.core.TyperArgument):
        param.metavar = (param.name or "").upper()
    elif getattr(param, "is_flag", False) and not getattr(param, "count", False):
        param.metavar = ""
    elif (word := _value_word(param)) is not None:
        param.metavar = f"{word}…" if param.multiple else word


def _no_type(ctx: Any) -> None:
    return None


#: The word for a value of each Python type.
_WORDS = {int: "NUMBER", float: "NUMBER", str: "TEXT"}


def _value_word(param: Any) -> str | None:
    """What an option's value is, in a word (``None``: Typer's own label, the choices)."""
    described = param.type_descriptor
    if described.is_choice:
        return None
    if described.is_path:
        return "FOLDER" if described.path_type == "directory" else "FILE"
    kind = described.annotation
    if described.is_list:
        kinds = get_args(kind)
        kind = kinds[0] if len(kinds) == 1 else str
    word = _WORDS.get(kind)
    if word == "TEXT" and "YYYY-MM-DD" in (param.help or ""):
        return "DATE"
    return word


def _flowing(text: str) -> str:
    """``text`` with each paragraph's lines joined (but those of a ``\\b`` paragraph)."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        p if p.startswith("\b") else " ".join(line.strip() for line in p.splitlines())
        for p in paragraphs
    )
