"""The CLI's tables in a narrow terminal (QA: ``COLUMNS=80 skak standings`` showed
``Pla…``, ``2201 (+1…``, ``Jørg…``): no figure is ever cut, no header is cut to a stub, the
names give way first but keep :data:`~skak.faces.cli._tables.NAME_WIDTH` characters, and a table
that cannot fit even so is wider than the terminal rather than cropped."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from skak.api import Skak
from skak.faces.cli import app
from skak.faces.cli._tables import NAME_WIDTH
from skak.model import Ratings, Result, Tournament
from skak.views import (
    Omitted,
    crosstable_view,
    number_column,
    players_view,
    round_view,
    standings_view,
)

FIRST = ("Jørgen", "Søren", "Anders", "Mette", "Kirsten", "Bjørn", "Ulrikke", "Ebbe")
LAST = ("Christoffersen", "Østergaard-Nielsen", "Bjerregaard", "Kristiansen", "Frederiksen")
CLUBS = ("Skakklubben Nordkalotten", "Aarhus Skakforening af 1917", "Brønshøj Skakforening")
TIEBREAKS = ("BH/C1", "BH", "SB", "ARO")
WIDTHS = (80, 100, 160)


@pytest.fixture
def open24(runner: CliRunner, cli_db: str) -> str:
    """A finished, DSU-rated Swiss tournament of 24 players with long Danish names and
    clubs, 7 rounds, four tie-breaks; the results drawn with a fixed seed."""
    s = Skak(cli_db, create=True)
    s.tournaments.create(
        Tournament("Sommer-Open 2026", "dutch", number_of_rounds=7, tiebreaks=TIEBREAKS)
    )
    for i in range(24):
        name = f"{LAST[i % 5]}, {FIRST[i % 8]} {chr(65 + i)}."
        s.tournaments.add_player(None, name, club=CLUBS[i % 3], ratings=Ratings(dsu=2250 - 37 * i))
    draw = random.Random(7)
    results = (Result.WHITE_WIN, Result.DRAW, Result.BLACK_WIN)
    for number in range(1, 8):
        for p in s.tournaments.pair().after.rounds[-1].pairings:
            if p.black is not None:
                s.tournaments.enter_result(None, number, p.board, draw.choice(results))
    s.close()
    return cli_db


def _shown(runner: CliRunner, args: list[str], width: int) -> str:
    done = runner.invoke(app, args, env={"COLUMNS": str(width)})
    assert done.exit_code == 0, done.output
    return done.stdout


def _cells(shown: str, bar: str) -> list[list[str]]:
    """The cells of each line of a table drawn with ``bar`` (┃ the header, │ the body)."""
    return [
        [c.strip() for c in line.split(bar)[1:-1]] for line in shown.splitlines() if bar in line
    ]


def _body_cells(shown: str) -> set[str]:
    return {c for line in _cells(shown, "│") for c in line}


def _header_words(shown: str) -> set[str]:
    return {w for line in _cells(shown, "┃") for c in line for w in c.split()}


def _column(shown: str, index: int) -> list[str]:
    """The texts of column ``index`` row by row, a row's lines joined (a new row begins
    where the first column has text)."""
    rows: list[list[str]] = []
    for line in _cells(shown, "│"):
        if line[0] or not rows:
            rows.append([])
        rows[-1].append(line[index])
    return [" ".join(filter(None, r)) for r in rows]


def _load(db: str) -> Tournament:
    s = Skak(db)
    try:
        return s.tournaments.get(None)
    finally:
        s.close()


def _assert_nothing_cut(shown: str, figures: list[str], headers: list[str]) -> None:
    assert "…" not in shown, shown
    body = _body_cells(shown)
    missing = [f for f in figures if f and f not in body]
    assert not missing, f"figures cut or wrapped: {missing}\n{shown}"
    words = _header_words(shown)
    cut = [w for h in headers for w in h.split() if w not in words]
    assert not cut, f"header words cut: {cut}\n{shown}"


@pytest.mark.parametrize("width", WIDTHS)
def test_standings_show_every_figure_whole(runner: CliRunner, open24: str, width: int) -> None:
    """Places, points, every tie-break, the rating and the new rating with its change each
    stand whole in one cell at 80, 100 and 160 columns; no header is cut."""
    view = standings_view(_load(open24))
    assert view.tiebreaks == TIEBREAKS and view.rating_edition is not None
    shown = _shown(runner, ["standings"], width)
    rows = view.standings
    figures = [s.place for s in rows] + [str(s.start_number) for s in rows]
    figures += [str(s.player_rating) for s in rows] + [str(s.games) for s in rows]
    figures += number_column(s.points for s in rows)
    for code in view.tiebreaks:
        figures += number_column(s.tiebreaks[code] for s in rows)
    changes = [
        f"{s.rating.new} ({s.rating.change:+d})"
        for s in rows
        if not isinstance(s.rating, Omitted) and s.rating.games
    ]
    assert len(changes) == 24 and any(len(c) == len("2017 (+100)") for c in changes)
    headers = ["Place", "No.", "Name", "Club", "Rating", "Points", "Games", *TIEBREAKS]
    headers.append(f"New rating ({view.rating_edition})")
    _assert_nothing_cut(shown, figures + changes, headers)


@pytest.mark.parametrize("width", WIDTHS)
def test_crosstable_shows_every_result_whole(runner: CliRunner, open24: str, width: int) -> None:
    """Every crosstable cell (opponent, colour, result), place, points and tie-break stands
    whole at 80, 100 and 160 columns."""
    view = crosstable_view(_load(open24))
    shown = _shown(runner, ["crosstable"], width)
    rows = view.crosstable
    figures = [str(s.line) for s in rows] + [s.place for s in rows]
    figures += [c.mark for s in rows for c in s.rounds if c is not None]
    figures += number_column(s.points for s in rows)
    for code in view.tiebreaks:
        figures += number_column(s.tiebreaks[code] for s in rows)
    headers = ["#", "Place", "Name", *map(str, range(1, 8)), "Points", *view.tiebreaks]
    _assert_nothing_cut(shown, figures, headers)


@pytest.mark.parametrize("command", ["standings", "crosstable"])
def test_names_give_way_but_keep_their_width(runner: CliRunner, open24: str, command: str) -> None:
    """At 80 columns the names are wrapped or folded, never cut, in a column at least
    NAME_WIDTH characters wide; at 160 every name stands on one line, as before."""
    names = {p.name.replace(" ", "") for p in _load(open24).players}
    narrow = _column(_shown(runner, [command], 80), 2)
    assert {n.replace(" ", "") for n in narrow} == names
    lines = [line[2] for line in _cells(_shown(runner, [command], 80), "│")]
    assert max(map(len, lines)) >= NAME_WIDTH
    assert len(lines) > len(names)  # the names are wrapped: the terminal is narrow
    wide = _shown(runner, [command], 160)
    assert {n.replace(" ", "") for n in _column(wide, 2)} == names
    assert len(_cells(wide, "│")) == 24


def test_a_table_too_wide_for_the_terminal_is_not_cropped(runner: CliRunner, open24: str) -> None:
    """At 80 columns the standings with four tie-breaks and the rating column need more
    room than the terminal has: every line of the table is whole (its right edge drawn),
    however wide."""
    shown = _shown(runner, ["standings"], 80)
    lines = [line for line in shown.splitlines() if "│" in line or "┃" in line]
    assert lines and all(line.endswith(("│", "┃")) for line in lines), shown
    assert max(map(len, lines)) > 80


def test_round_and_players_tables_cut_nothing(runner: CliRunner, open24: str) -> None:
    """``skak round show`` and ``skak players list`` at 80 columns: boards, results, start
    numbers and ratings whole, and no name cut with ``…``."""
    t = _load(open24)
    shown = _shown(runner, ["round", "show", "3"], 80)
    pairings = round_view(t, 3).pairings
    figures = [str(p.board) for p in pairings] + [str(p.result) for p in pairings]
    _assert_nothing_cut(shown, figures, ["Board", "White (hvid)", "Black (sort)", "Result"])
    shown = _shown(runner, ["players", "list"], 80)
    players = players_view(t).players
    figures = [str(p.start_number) for p in players] + [str(p.rating) for p in players]
    headers = ["No.", "Name", "Title", "Club", "Fed", "Rating", "FIDE", "Status"]
    _assert_nothing_cut(shown, figures, headers)
