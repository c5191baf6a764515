"""``skak prizes`` (the prizes and the prize list), ``skak delete`` / ``skak undelete``
(deleting a tournament, and bringing it back) and ``skak settings`` (FIDE mode, the
tie-breaks and the pairing settings after the creation): the arbiter's desk."""

from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    JsonOption,
    TournamentOption,
    app,
    cli_errors,
    open_db,
    out,
    print_json,
    print_notes,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, say

if TYPE_CHECKING:
    from skak.views import PrizeListView

__all__ = ["delete", "prizes_main", "prizes_set", "prizes_show", "settings", "undelete"]

prizes_app = typer.Typer(
    help="The tournament's prizes (præmier) and the prize list.\n\nExample: skak prizes show",
)
app.add_typer(prizes_app, name="prizes")


def sharing_text(sharing: str) -> str:
    """How tied players share, in words."""
    return {
        "points": _("shared by the players level on points"),
        "place": _("shared by the players level after the tie-breaks (almindelig korrektion)"),
        "hort": _("the Hort system: half shared, half by the tie-break order"),
    }.get(sharing, _("DSU §24"))


def _prizes_table(view: "PrizeListView") -> FittedTable:
    from skak.views import number_column

    table = FittedTable(title=_("Prize list: {name}").format(name=view.tournament))
    table.add_column(_("Prize"))
    table.add_column(_("Place"), justify="right")
    table.add_column(_("No."), justify="right")
    table.add_column(_("Name"))
    table.add_column(_("Points"), justify="right")
    table.add_column(_("Amount"), justify="right")
    points = number_column(line.points for line in view.lines)
    amounts = number_column((line.amount for line in view.lines), fractions=False)
    for i, line in enumerate(view.lines):
        table.add_row(
            escape(say(line.label)),
            line.place,
            str(line.start_number),
            escape(line.name),
            points[i],
            amounts[i],
        )
    return table


@prizes_app.callback(invoke_without_command=True)
def prizes_main(
    ctx: typer.Context,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """The tournament's prizes (præmier): 'skak prizes' alone shows the prize list, as
    'skak prizes show' does.

    Example: skak prizes --json
    """
    if ctx.invoked_subcommand is None:
        prizes_show(db, tournament, as_json)


@prizes_app.command("show")
@cli_errors
def prizes_show(
    db: DbOption = DEFAULT_DB, tournament: TournamentOption = None, as_json: JsonOption = False
) -> None:
    """Show the prizes declared and the prize list: who wins them in the standings as they
    stand, shared by §24 (or the tournament's rule), one prize per player by the order.

    Example: skak prizes show --json
    """
    from skak.views import to_json

    view = open_db(db).tournaments.prizes(tournament)
    if as_json:
        print_json(to_json(view))
        return
    if not view.declared:
        out.print(_("No prizes are declared; declare them with 'skak prizes set'"))
        return
    for d in view.declared:
        amounts = ", ".join(str(a) for a in d.amounts)
        once = "" if d.exclusive else _(" (besides another prize)")
        out.print(escape(f"{say(d.label)}: {amounts}{once}"))
    if view.order:
        out.print(
            escape(
                _("One prize per player, in the order: {order}").format(order=", ".join(view.order))
            )
        )
    out.print(escape(_("Ties: {rule}").format(rule=sharing_text(view.sharing))))
    if not view.final:
        out.print(_("The tournament is not finished: the list is as the standings stand now."))
    print_table(_prizes_table(view).fit(names={0, 3}))
    for line in view.unknown:
        out.print(escape(_("Not counted (birth date or sex missing): {who}").format(who=line)))


@prizes_app.command("set")
@cli_errors
def prizes_set(
    place: Annotated[
        str,
        typer.Option(help="The place prizes, first prize first (kr.): 1000,600,400."),
    ] = "",
    category: Annotated[
        list[str] | None,
        typer.Option(
            help="A category's prizes, KEY:AMOUNTS; KEY: U08…U18, P08…P18 (girls), junior, "
            "veteran, senior, women, unrated, rating<1600, club:NAME. Repeat for each.",
        ),
    ] = None,
    order: Annotated[
        str,
        typer.Option(
            help="One prize per player, taken in this order (place, then category keys); a "
            "category left out is won besides another prize.",
        ),
    ] = "",
    sharing: Annotated[
        str,
        typer.Option(help="How ties share: §24 (default), points, place or hort."),
    ] = "§24",
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Declare the tournament's prizes (replacing those before; none given takes them away).

    Example: skak prizes set --place 1000,600,400 --category U16:300 --order place,U16
    """
    done = open_db(db).tournaments.set_prizes(
        tournament, place=place, categories=category or [], order=order, sharing=sharing
    )
    if not done.events:
        out.print(_("The prizes are as declared already."))
    elif done.after.prizes is None:
        out.print(_("The prizes are taken away."))
    else:
        out.print(_("Prizes declared; 'skak prizes show' lists the winners."))
    print_notes(done.notes)


@app.command("delete")
@cli_errors
def delete(
    name: Annotated[str, typer.Argument(help="The tournament (its name, id or #id).")],
    reason: Annotated[str, typer.Option(help="Why it is deleted (in its history).")] = "",
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking.")] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Delete a tournament: it leaves the lists and its pages; its events stay (a backup
    keeps it, skak check checks it), and 'skak undelete' brings it back.

    Example: skak delete "Klubmesterskab 2026" --reason "oprettet to gange" --yes
    """
    s = open_db(db)
    row = s.tournaments.resolve(name)
    if not yes:
        question = _("Delete tournament {name} (#{id})?").format(name=row.name, id=row.id)
        if not typer.confirm(question, default=False):
            out.print(_("Nothing was deleted."))
            raise typer.Exit(1)
    s.tournaments.delete(f"#{row.id}", reason=reason)
    message = _("Tournament {name} (#{id}) deleted; 'skak undelete {id}' brings it back.")
    out.print(escape(message.format(name=row.name, id=row.id)))


@app.command("undelete")
@cli_errors
def undelete(
    name: Annotated[
        str | None, typer.Argument(help="The deleted tournament (its name, id or #id).")
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Bring a deleted tournament back as it was (its deletion is undone).

    Example: skak undelete "Klubmesterskab 2026"
    """
    _undone, t = open_db(db).tournaments.undelete(name)
    out.print(escape(_("Tournament {name} is back.").format(name=t.name)))


@app.command("settings")
@cli_errors
def settings(
    fide_mode: Annotated[
        bool | None,
        typer.Option(
            "--fide-mode/--no-fide-mode",
            help="Enter or leave FIDE mode (only the choices FIDE's rules define: the pairing "
            "system and its options, C.07's tie-breaks, FIDE's points and byes).",
        ),
    ] = None,
    tiebreaks: Annotated[
        str | None,
        typer.Option(help="The whole tie-break list (korrektion), e.g. BH/C1,BH,SB."),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(help="A pairing-system setting KEY=VALUE, e.g. baku=yes (repeatable)."),
    ] = None,
    unset: Annotated[
        list[str] | None, typer.Option(help="Take a pairing-system setting away (repeatable).")
    ] = None,
    reason: Annotated[
        str, typer.Option(help="Why (in the history and the TRF file's ### line).")
    ] = "",
    changes: Annotated[
        bool,
        typer.Option(
            "--changes",
            help="List the changes the TRF export records (### lines), an imported file's first.",
        ),
    ] = False,
    json_: JsonOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Show or change the tournament's settings: FIDE mode, the tie-breaks, the pairing
    system's settings. A change is in the history ('skak undo' takes it back) and in the TRF
    export as a ### line with its date and round; so is leaving FIDE mode.

    Example: skak settings --tiebreaks BH/C1,BH,SB --reason "as announced"
    """
    s = open_db(db)
    given = fide_mode is not None or tiebreaks is not None or setting or unset
    if given:
        done = s.tournaments.change_settings(
            tournament,
            fide_mode=fide_mode,
            tiebreaks=None if tiebreaks is None else [tiebreaks],
            settings=setting or [],
            unset=unset or [],
            reason=reason,
        )
        if not json_:
            if done.events:
                out.print(_("Settings changed ('skak history' has the change):"))
            else:
                out.print(_("The settings are as given already."))
        t = done.after
    else:
        t = s.tournaments.get(tournament)
    notes = s.tournaments.changes(tournament) if changes or json_ else ()
    if json_:
        print_json(
            {
                "tournament": t.name,
                "fide_mode": t.fide_mode,
                "system": t.pairing_system,
                "tiebreaks": list(t.tiebreaks),
                "settings": dict(t.pairing_settings),
                "changes": [
                    {"day": n.day.isoformat(), "round": n.round, "kind": n.kind, "text": n.text}
                    for n in notes
                ],
            }
        )
        return
    if changes:
        if not notes:
            out.print(_("No change is recorded for the TRF file yet."))
            return
        table = FittedTable(_("Day"), _("Rounds paired"), _("Change"), _("What"))
        for n in notes:
            table.add_row(n.day.isoformat(), str(n.round), n.kind, escape(n.text))
        print_table(table.fit(texts={3}))
        return
    yes, no = _("yes"), _("no")
    out.print(escape(_("FIDE mode: {mode}").format(mode=yes if t.fide_mode else no)))
    out.print(escape(_("Pairing system: {system}").format(system=t.pairing_system)))
    codes = ", ".join(t.tiebreaks) if t.tiebreaks else _("none (DSU §24's)")
    out.print(escape(_("Tie-breaks: {codes}").format(codes=codes)))
    for key, value in t.pairing_settings:
        word = (yes if value else no) if isinstance(value, bool) else str(value)
        out.print(escape(f"{key} = {word}"))
