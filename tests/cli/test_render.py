"""The CLI's tables (:mod:`skak.faces.cli.render`) show a view's text as it is."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from skak.faces.cli import app, render
from skak.model import Player, Ratings, Result, Tournament
from skak.model.tournament import Pairing, Round
from skak.views import standings_view

#: Text Rich would read as markup or as an emoji code in a plain string cell.
ODD = ("Hansen, [b]Bo[/b]", "Holm, Ib :thumbs_up:", "Skakklubben :ok: [K]")


def _shown(table: object) -> str:
    console = Console(file=io.StringIO(), width=200, highlight=False, color_system=None)
    console.print(table)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def _played() -> Tournament:
    players = (
        Player(1, ODD[0], ratings=Ratings(dsu=2000), club=ODD[2]),
        Player(2, ODD[1], ratings=Ratings(dsu=1900)),
    )
    pairing = Pairing(1, 1, 2, Result.WHITE_WIN)
    return Tournament("T", "berger", players=players, rounds=(Round(1, (pairing,)),))


def test_names_and_clubs_are_shown_as_they_are_in_the_standings() -> None:
    """A name or club holding square brackets or an emoji code (``:ok:``) is printed as
    written: neither Rich's markup nor its emoji codes are read in a cell."""
    shown = _shown(render.standings_table(standings_view(_played(), with_rating=False)))
    for text in ODD:
        assert text in shown, shown
    assert "👍" not in shown and "🆗" not in shown


def test_a_message_prints_an_emoji_code_as_written(tmp_path: Path) -> None:
    """The consoles read markup in skak's own messages, but no emoji code: a file name
    with ``:ok:`` in an error message is the file's name."""
    missing = tmp_path / "runde :ok:.trf"
    done = CliRunner().invoke(app, ["standings", "--trf", str(missing)])
    assert done.exit_code != 0
    assert "runde :ok:.trf" in " ".join(done.stderr.split()), done.stderr
