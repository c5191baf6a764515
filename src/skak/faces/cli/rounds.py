"""``skak pair``, ``result``, ``results``, ``round show``, ``standings`` and ``crosstable``:
an evening's commands, thin over :mod:`skak.api` and :mod:`skak.views`."""

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.api import Result, Tournament
from skak.errors import InputError
from skak.faces.cli import render
from skak.faces.cli._common import (
    DEFAULT_DB,
    NUMBERS,
    ArbiterOption,
    DbOption,
    ForceOption,
    GamesADayOption,
    JsonOption,
    OwnFederationOption,
    TournamentOption,
    app,
    cli_errors,
    err,
    open_db,
    out,
    print_json,
    print_notes,
    round_app,
    write_output,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._progress import progress
from skak.faces.i18n import _, ngettext, say
from skak.views import tiebreak_lists

__all__: list[str] = []


@app.command()
@cli_errors
def pair(
    allow_unfinished: Annotated[
        bool,
        typer.Option(
            "--allow-unfinished",
            help="Pair although results are missing; those games count as draws.",
        ),
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Say why the pairing is as it is.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Pair the next round (rundelægning) with the tournament's pairing system.

    Example: skak pair --explain
    """
    from skak.views import round_view, to_json

    s = open_db(db)
    with progress("Pairing: score brackets") as report:  # a long pairing shows its brackets
        done = s.tournaments.pair(tournament, allow_unfinished=allow_unfinished, progress=report)
    rnd = done.after.rounds[-1]
    view = round_view(done.after, rnd)
    if as_json:
        print_json(to_json(view))
        return
    print_table(render.round_table(view))
    print_notes(done.notes)
    if explain:
        _print_explanation(rnd.explanation)


def _print_explanation(lines: tuple[str, ...]) -> None:
    header = _("Why (begrundelse):")
    out.print(f"[bold]{header}[/]")
    for line in lines:
        out.print(f"  • {escape(say(line))}")


@app.command(context_settings=NUMBERS)
@cli_errors
def result(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="Round number.")],
    board: Annotated[int, typer.Argument(help="Board number (bræt).")],
    outcome: Annotated[
        str,
        typer.Argument(
            metavar="RESULT",
            help="1-0, ½-½ (or 1/2-1/2, =), 0-1, +- / -+ (forfeit, udeblivelse: white / black "
            "wins), -- (both forfeit) or unfinished (afbrudt); the short keys 1, ½ or =, 0, + "
            "and - too.",
        ),
    ],
    playoff: Annotated[
        str | None,
        typer.Option(
            help="Gladiator (4.9.8): the play-off of a drawn game, comma-separated, each from "
            "that game's white side; the replay has reversed colours, e.g. '½-½,0-1'.",
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Enter or correct a result (resultat).

    Example: skak result 1 3 ½-½ --playoff 1-0
    """
    from skak.views import result_entered

    done = open_db(db).tournaments.enter_result(
        tournament, round_number, board, outcome, playoff or ()
    )
    entered = result_entered(done, round_number, board)
    game = escape(entered.game)
    if not entered.changed:
        out.print(
            _("Round {round} board {board}: {game} has {result} already; nothing changed").format(
                round=round_number, board=board, game=game, result=str(entered.result)
            )
        )
        return
    corrected = (
        _(", corrected from {result}").format(result=str(entered.previous))
        if entered.corrected
        else ""
    )
    played_off = (
        _(", play-off {games}").format(games=" ".join(str(g) for g in entered.playoff))
        if entered.playoff
        else ""
    )
    out.print(
        _("Round {round} board {board}: {game} {result} ({label}{corrected})").format(
            round=round_number,
            board=board,
            game=game,
            result=str(entered.result),
            label=say(entered.result.label),
            corrected=corrected,
        )
        + played_off
    )
    print_notes(entered.notes)
    if entered.playoff_pending:
        err.print(
            _(
                "Gladiator (4.9.8): the play-off has no winner yet; enter it with "
                "skak result {round} {board} ½-½ --playoff …"
            ).format(round=round_number, board=board)
        )


@app.command(context_settings=NUMBERS)
@cli_errors
def results(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="Round number.")],
    outcomes: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="RESULT",
            help="One result per game in board order (the bye left out): 1-0, ½-½, 0-1, +-, "
            "-+, --, or the short keys 1, ½ (=), 0, + (white wins by forfeit), - (black wins "
            "by forfeit).",
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            "-f",
            help="Read lines 'BOARD RESULT' (a Gladiator play-off after it) from this file, "
            "or '-' for standard input.",
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Enter a whole round's results at once, in one go: all or nothing, each board checked
    as 'skak result' checks it.

    Example: skak results 3 1-0 ½ 0-1 + 1
    """
    if (file is None) == (not outcomes):
        raise InputError(_("give either the results in board order or --file FILE"))
    if file is not None:
        name = _("standard input") if str(file) == "-" else str(file)
        try:
            text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
        except OSError as e:
            raise InputError(
                _("cannot read the file: {error}").format(error=e.strerror or e), location=name
            ) from e
        except UnicodeDecodeError as e:
            raise InputError(
                _("cannot read the file: {error}").format(error=_("it is not UTF-8 text")),
                location=name,
            ) from e
        from skak.api import results_from_text

        entries: Sequence[tuple[int, Result | str, tuple[Result, ...]]]
        entries = results_from_text(text, name)
        in_order = False
    else:
        words = outcomes or []
        entries = [(i, w, ()) for i, w in enumerate(words, start=1)]
        in_order = True
    done = open_db(db).tournaments.enter_results(
        tournament, round_number, entries, in_board_order=in_order
    )
    changed = sum(1 for e in done.events)
    unchanged = len(entries) - changed
    out.print(
        ngettext(
            "Round {round}: {n} result entered", "Round {round}: {n} results entered", changed
        ).format(round=round_number, n=changed)
        + ("" if not unchanged else _(" ({n} unchanged)").format(n=unchanged))
    )
    print_notes(done.notes)


@round_app.command("show", context_settings=NUMBERS)
@cli_errors
def round_show(
    number: Annotated[int, typer.Argument(help="Round number.")],
    explain: Annotated[
        bool, typer.Option("--explain", help="Say why the pairing is as it is.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a round's pairings and results.

    Example: skak round show 2 --explain
    """
    from skak.views import round_view, to_json

    view = round_view(open_db(db).tournaments.get(tournament), number)
    if as_json:
        print_json(to_json(view))
        return
    print_table(render.round_table(view))
    aro = render.aro_list(view)
    if aro is not None:
        print_table(aro)
    if explain:
        _print_explanation(view.explanation)


TiebreaksOpt = Annotated[
    str | None,
    typer.Option(
        "--tiebreaks",
        help="Tie-breaks (korrektion) in order, comma-separated, e.g. BH/C1,BH,SB; default: the "
        "tournament's own list, else DSU's (§24: Sonneborn-Berger in a round robin, almindelig "
        "korrektion otherwise).",
    ),
]
RulesOpt = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help="A named list instead: " + ", ".join(tiebreak_lists()) + " (it also says how "
        "cash prizes are shared).",
    ),
]
TrfOpt = Annotated[
    Path | None, typer.Option("--trf", help="Read the tournament from this TRF file instead.")
]
RatingKindOpt = Annotated[
    str | None,
    typer.Option("--rating", help="Ratings for ARO, TPR, …: dsu, dsu_rapid, dsu_blitz or fide."),
]
RoundRobinOpt = Annotated[
    bool | None,
    typer.Option(
        "--round-robin/--swiss",
        help="Read the tournament as a round robin or a Swiss (default: from its system).",
    ),
]


@app.command()
@cli_errors
def standings(
    after_round: Annotated[
        int | None, typer.Option(help="Standings after this round; default: the latest.")
    ] = None,
    tiebreaks: TiebreaksOpt = None,
    rules: RulesOpt = None,
    edition: Annotated[
        str | None,
        typer.Option(
            help="Rules for unplayed games: c07-2026, c07-2024, annex-2010; "
            "default: the edition in force on the last day.",
        ),
    ] = None,
    prizes: Annotated[
        str | None,
        typer.Option(
            help="Cash prizes from first place down, e.g. 1000,600,400: tied players share "
            "(DSU §24).",
        ),
    ] = None,
    trf: TrfOpt = None,
    rating: RatingKindOpt = None,
    round_robin: RoundRobinOpt = None,
    fide: Annotated[
        bool,
        typer.Option(
            "--fide",
            help="A finished tournament: each player's FIDE rating change and title norm "
            "(4.7; the conditions: skak norms); a norm that waits for what skak cannot know "
            "shows as IM? (--ia, --games-a-day).",
        ),
    ] = False,
    arbiter: ArbiterOption = None,
    games_a_day: GamesADayOption = None,
    own_federation: OwnFederationOption = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the standings (stilling): points, then the tie-breaks; places still level on
    everything are shared. A player who withdrew is handled by DSU §16.

    Example: skak standings --tiebreaks BH/C1,BH,SB --edition c07-2026 --prizes 1000,600
    """
    from skak.views import standings_view, to_json

    view = standings_view(
        _load(trf, db, tournament),
        after_round=after_round,
        tiebreaks=tiebreaks,
        rules=rules,
        edition=edition,
        prizes=prizes.split(",") if prizes else None,
        round_robin=round_robin,
        rating=rating,
        with_rating=trf is None,
        fide=fide,
        international_arbiter=arbiter,
        most_games_a_day=games_a_day,
        own_federation=own_federation,
    )
    if view.rating_note:
        err.print(escape(say(view.rating_note)), soft_wrap=True)
    for note in view.fide_notes:
        err.print(escape(f"FIDE: {note}"), soft_wrap=True)
    if as_json:
        print_json(to_json(view))
    else:
        print_table(render.standings_table(view))
        if view.note:
            err.print(
                escape(_("{note}; choose others with --tiebreaks").format(note=say(view.note)))
            )
        if view.prize_basis is not None:
            err.print(
                _("Cash prizes: players level on points share the prizes of the places they cover.")
                if view.prize_basis == "points"
                else _(
                    "Cash prizes: players level after the tie-breaks share the prizes of the "
                    "places they cover."
                )
            )


@app.command()
@cli_errors
def crosstable(
    after_round: Annotated[
        int | None, typer.Option(help="Crosstable after this round; default: the latest.")
    ] = None,
    tiebreaks: TiebreaksOpt = None,
    rules: RulesOpt = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            help="Also write the crosstable as an HTML page: start number, name, rating, club, "
            "each round, points, tie-breaks and place.",
        ),
    ] = None,
    force: ForceOption = False,
    trf: TrfOpt = None,
    round_robin: RoundRobinOpt = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the crosstable (krydstabel) in standings order: each player's opponent (by line
    number), colour (h/s) and result per round, the points and the tie-breaks.

    Example: skak crosstable --html krydstabel.html
    """
    from skak.views import crosstable_view, to_json

    view = crosstable_view(
        _load(trf, db, tournament),
        after_round=after_round,
        tiebreaks=tiebreaks,
        rules=rules,
        round_robin=round_robin,
    )
    if html is not None:
        inputs = [trf] if trf is not None else []
        write_output(render.crosstable_html(view), html, force=force, db=db, inputs=inputs)
    if as_json:
        print_json(to_json(view))
        return
    print_table(render.crosstable_table(view))
    if view.note:
        err.print(escape(_("{note}; choose others with --tiebreaks").format(note=say(view.note))))


def _load(trf: Path | None, db: str, tournament: str | None) -> Tournament:
    """The tournament from a TRF file, or from the database."""
    if trf is None:
        return open_db(db).tournaments.get(tournament)
    from skak.faces.cli.files import read_trf_file

    t = read_trf_file(trf)
    if not any(p.result is not None for r in t.rounds for p in r.pairings):
        raise InputError("the file has no results to rank (no round played)", location=str(trf))
    return t


@round_app.command("edit", context_settings=NUMBERS)
@cli_errors
def round_edit(
    number: Annotated[int, typer.Argument(help="Round number (the last round paired).")],
    change: Annotated[
        str | None,
        typer.Argument(
            help="swap-colours BOARD, exchange BOARD BOARD, pair WHITE BLACK, bye PLAYER or no-bye."
        ),
    ] = None,
    numbers: Annotated[
        list[int] | None, typer.Argument(help="The boards or start numbers the change names.")
    ] = None,
    white: Annotated[
        bool, typer.Option("--white", help="exchange: the white players (default: black).")
    ] = False,
    black: Annotated[bool, typer.Option("--black", help="exchange: the black players.")] = False,
    from_file: Annotated[
        Path | None,
        typer.Option(
            "--from-file",
            help="The whole round from a file: a line 'white,black' per board by start "
            "number, 'N,bye' for the bye.",
        ),
    ] = None,
    confirm: Annotated[
        bool,
        typer.Option("--confirm", help="Accept a breach of the pairing rules (needs --reason)."),
    ] = False,
    reason: Annotated[
        str, typer.Option("--reason", help="Why the arbiter edits the round (kept in history).")
    ] = "",
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Edit a round before its results: swap colours, exchange opponents, pair a late
    arrival, give or take the bye, or read the whole round from a file. A breach of the
    system's absolute rules (a rematch, the colour limits, a second bye) is refused unless
    confirmed with --confirm --reason; 'skak undo' restores the round.

    Example: skak round edit 3 exchange 4 5 --black
    """
    from skak.api import describe
    from skak.views import round_view

    if white and black:
        raise typer.BadParameter(_("--white and --black are two exchanges"))
    if from_file is not None:
        if change is not None:
            raise typer.BadParameter(_("give a change or --from-file, not both"))
        try:
            text = from_file.read_text(encoding="utf-8-sig")
        except OSError as e:
            message = _("cannot read the file: {error}").format(error=e.strerror)
            raise InputError(message, location=str(from_file)) from e
        done = open_db(db).tournaments.edit_round(
            tournament, number, "file", pairs=text, confirm=confirm, reason=reason
        )
    elif change is None:
        raise typer.BadParameter(_("name a change (swap-colours, exchange, pair, bye, no-bye)"))
    else:
        done = open_db(db).tournaments.edit_round(
            tournament,
            number,
            change,
            numbers or [],
            side="white" if white else "black",
            confirm=confirm,
            reason=reason,
        )
    if not done.events:
        out.print(_("The round is unchanged."))
    for event in done.events:
        out.print(escape(say(describe(event, done.before))))
    print_table(render.round_table(round_view(done.after, number)))
