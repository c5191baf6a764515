"""``skak timecontrol`` and ``skak game …``: time controls and games (PGN)."""

from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.faces.cli._common import (
    DEFAULT_DB,
    ArbiterOption,
    DbOption,
    ForceOption,
    GamesADayOption,
    JsonOption,
    OutputOption,
    OwnFederationOption,
    TournamentOption,
    app,
    cli_errors,
    open_db,
    out,
    parse_date,
    print_json,
    write_output,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable

__all__ = ["game_add", "game_export", "game_import", "game_remove", "norms", "timecontrol"]


@app.command("timecontrol")
@cli_errors
def timecontrol(
    control: Annotated[str, typer.Argument(help="The time control, e.g. '40/90+30+30s'.")],
    on: Annotated[
        str | None, typer.Option("--date", help="The rules in force on this day (YYYY-MM-DD).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Read a time control (betænkningstid): standard, rapid or blitz, and whether DSU, FIDE
    and a title norm accept it, each with the article that decides.

    Example: skak timecontrol "2t/40 + 1t" --date 2026-09-01
    """
    from skak.views import time_control_view, to_json

    view = time_control_view(control, parse_date(on, "date") or date.today())
    if as_json:
        print_json(to_json(view))
        return
    out.print(
        f"[bold]{escape(view.control)}[/] (PGN {escape(view.pgn)}) on "
        f"{view.date.isoformat()}: [bold]{view.kind}[/]"
    )
    table = FittedTable()
    for col in ("Question", "Answer", "Article", "Why"):
        table.add_column(col)
    for f in view.findings:
        answer = (
            f.question
            if f.question in ("standard", "rapid", "blitz")
            else ("yes" if f.holds else "no")
        )
        question = "kind" if f.question in ("standard", "rapid", "blitz") else f.question
        table.add_row(question, answer, escape(f.article), escape(f.reason))
    print_table(table.fit(texts={0, 2, 3}))


game_app = typer.Typer(
    help="The games (partier) as PGN: attach, import a round, export.\n\n"
    "Example: skak game add 3 2 parti.pgn"
)
app.add_typer(game_app, name="game")

ReplaceOption = Annotated[
    bool, typer.Option("--replace", help="Replace a game already attached to the board.")
]


@game_app.command("add")
@cli_errors
def game_add(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    board: Annotated[int, typer.Argument(help="The board (bræt).")],
    file: Annotated[Path, typer.Argument(help="A PGN file with the board's one game.")],
    replace: ReplaceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Attach a game (PGN) to a board: its players and result must be the board's and every
    move legal; Danish moves (Sf3) and Chess960 are read.

    Example: skak game add 3 2 parti.pgn
    """
    from skak.api import describe, read_pgn_file

    text, source = read_pgn_file(file)
    done = open_db(db).tournaments.attach_game(
        tournament, round_number, board, text, source=source, replace=replace
    )
    for e in done.events:
        out.print(f"Attached: {escape(describe(e, done.before))}")


@game_app.command("import")
@cli_errors
def game_import(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    file: Annotated[Path, typer.Argument(help="A PGN file of the round's games.")],
    replace: ReplaceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Attach a whole round's games, each to the board of its players (by name or FIDE id):
    all or nothing, every game that fits no board named.

    Example: skak game import 3 runde3.pgn
    """
    from skak.api import describe, read_pgn_file

    text, source = read_pgn_file(file)
    done = open_db(db).tournaments.import_games(
        tournament, round_number, text, source=source, replace=replace
    )
    t = done.after
    for e in done.events:
        out.print(f"Attached: {escape(describe(e, done.before))}")
    missing = [
        p.board
        for p in t.round(round_number).pairings
        if p.black is not None and t.game(round_number, p.board) is None
    ]
    if missing:
        out.print(f"Note: no game yet on board {', '.join(map(str, missing))}")


@game_app.command("remove")
@cli_errors
def game_remove(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    board: Annotated[int, typer.Argument(help="The board (bræt).")],
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Take the game off a board (the result stays).

    Example: skak game remove 3 2
    """
    open_db(db).tournaments.remove_game(tournament, round_number, board)
    out.print(f"Removed the game of round {round_number} board {board}")


@game_app.command("export")
@cli_errors
def game_export(
    output: OutputOption = None,
    round_number: Annotated[
        int | None, typer.Option("--round", help="Only this round's games.")
    ] = None,
    danish: Annotated[
        bool, typer.Option("--danish", help="Moves in Danish letters: K D T L S (Sf3 for Nf3).")
    ] = False,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Write the tournament's games as one PGN file with the standard tags (Round as 3.2,
    FIDE ratings as WhiteElo/BlackElo, FIDE ids and DSU member numbers where known).

    Example: skak game export -o turnering.pgn
    """
    text = open_db(db).tournaments.games_pgn(tournament, round_number=round_number, danish=danish)
    write_output(text, output, force=force, db=db)


@app.command("norms")
@cli_errors
def norms(
    player: Annotated[
        int | None, typer.Option("--player", help="Only this player (start number).")
    ] = None,
    arbiter: ArbiterOption = None,
    games_a_day: GamesADayOption = None,
    own_federation: OwnFederationOption = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """The FIDE rating result and title norms (GM, IM, WGM, WIM; 4.7.4) of a finished
    tournament: for each player every condition, and whether it held.

    Example: skak norms --player 3 --ia
    """
    from skak.views import norms_view, to_json

    view = norms_view(
        open_db(db).tournaments.get(tournament),
        date.today(),
        international_arbiter=arbiter,
        most_games_a_day=games_a_day,
        own_federation=own_federation,
    )
    if player is not None:
        chosen = [p for p in view.players if p.start_number == player]
        if not chosen:
            from skak.errors import NotFoundError

            raise NotFoundError(f"no player has start number (startnummer) {player}")
        view = replace(view, players=tuple(chosen))
    if as_json:
        print_json(to_json(view))
        return
    out.print(f"[bold]{escape(view.tournament)}[/]: FIDE rating ({view.edition}) and norms")
    for note in view.notes:
        out.print(f"  Note: {escape(note)}")
    for c in view.conditions:
        out.print(f"  {_mark(c.holds)} {escape(c.name)} ({c.article}): {escape(c.detail)}")
    for p in view.players:
        f = p.fide
        rating = (
            f"{f.old} → {f.new} ({f.change:+d})"
            if f.old is not None
            else f"unrated → {f.new if f.new is not None else 'no rating yet'}"
        )
        out.print(f"\n[bold]{p.start_number} {escape(p.name)}[/]: {rating}")
        for n in p.norms:
            verdict = (
                "[green]made[/]"
                if n.made
                else f"made if: {escape('; '.join(n.unknown))} (not known)"
                if n.status == "made if"
                else "not made"
            )
            out.print(f"  {n.norm} norm: {verdict}")
            for c in n.conditions:
                out.print(f"    {_mark(c.holds)} {escape(c.name)}: {escape(c.detail)}")


def _mark(holds: bool | None) -> str:
    return "yes" if holds else "?  " if holds is None else "no "
