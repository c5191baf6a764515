"""The commands' help as an arbiter reads it.

Typer (0.29 and later) shows each parameter's Python type in the help: ``<bool>`` beside a
flag, which takes no value; ``<list[str]>`` beside an option given once per value; and an
argument by its Python name (``{board}``) beside one given a name in capitals
(``{ROUND}``). :class:`SkakGroup`, the class of ``skak`` itself, tidies each command it
hands out before Typer parses its command line or shows its help:

* a flag shows no type (``--json``, not ``--json <bool>``);
* an option given once per value shows its values' type and ``…`` (``--setting <str>…``);
* every argument is named in capitals, as the commands' own help texts name them
  (``skak result {ROUND} {BOARD} {RESULT}``);
* a paragraph of a command's help flows as one, as its first paragraph does: Typer's Rich
  help keeps the line breaks of the docstring's later paragraphs, which break the lines
  again where the terminal's width does not (``… archived (001 §5.1) and`` / ``shown only
  with --all.``). A paragraph that starts with ``\\b`` keeps its lines, as in Click.

Only what the help shows changes: each option's names, values and checks stay Typer's.
The same pass gives each command :mod:`skak.cli._parsing`'s words for a command line it
cannot use.
"""

from __future__ import annotations

import inspect
from typing import Any, get_args

import typer.core

from skak.cli._parsing import check_unknown_options, plain_values

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
    check_unknown_options(command)
    if commands:
        for sub in getattr(command, "commands", {}).values():
            tidy(sub, ctx)


def _tidy_param(param: Any) -> None:
    if param.metavar is not None:
        return
    if isinstance(param, typer.core.TyperArgument):
        param.metavar = (param.name or "").upper()
    elif getattr(param, "is_flag", False) and not getattr(param, "count", False):
        param.metavar = ""
    elif param.multiple:
        kinds = get_args(param.type_descriptor.annotation)
        element = kinds[0].__name__ if len(kinds) == 1 and isinstance(kinds[0], type) else "str"
        param.metavar = f"<{element}>…"


def _flowing(text: str) -> str:
    """``text`` with each paragraph's lines joined (but those of a ``\\b`` paragraph)."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        p if p.startswith("\b") else " ".join(line.strip() for line in p.splitlines())
        for p in paragraphs
    )
