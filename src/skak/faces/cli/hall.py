"""``skak players forbid`` (forbidden pairings) and ``skak checkin`` (the check-in for the
next round): the arbiter's work in the hall before a round."""

from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from skak.faces.cli._common import (
    DEFAULT_DB,
    NUMBERS,
    DbOption,
    JsonOption,
    TournamentOption,
    app,
    cli_errors,
    open_db,
    out,
    players_app,
    print_json,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _

if TYPE_CHECKING:
    from skak.views import BansView, CheckinView

__all__ = ["checkin", "players_forbid"]


def _rounds_text(first: int, last: int | None) -> str:
    if first == 1 and last is None:
        return _("all rounds")
    if last is None:
        return _("from round {first}").format(first=first)
    if first == last:
        return _("round {first}").format(first=first)
    return _("rounds {first}–{last}").format(first=first, last=last)


def _bans_table(view: "BansView") -> FittedTable:
    table = FittedTable(title=_("Forbidden pairings"))
    table.add_column(_("Players"))
    table.add_column(_("Rounds"))
    for ban in view.bans:
        names = "; ".join(f"{p.name} ({p.start_number})" for p in ban.players)
        table.add_row(escape(names), _rounds_text(ban.first_round, ban.last_round))
    for rule in view.groups:
        what = _("Players of one club") if rule.by == "club" else _("Players of one federation")
        groups = "; ".join(f"{g.name}: {', '.join(map(str, g.players))}" for g in rule.groups)
        table.add_row(
            escape(f"{what} ({groups})" if groups else what),
            _rounds_text(rule.first_round, rule.last_round),
        )
    return table


@players_app.command("forbid", context_settings=NUMBERS)
@cli_errors
def players_forbid(
    players: Annotated[
        list[str] | None,
        typer.Argument(help="Two players, by start number or name; none: list the bans."),
    ] = None,
    same_club: Annotated[
        bool, typer.Option("--same-club", help="No two players of one club are paired.")
    ] = False,
    same_federation: Annotated[
        bool,
        typer.Option("--same-federation", help="No two players of one federation are paired."),
    ] = False,
    rounds: Annotated[
        str | None,
        typer.Option("--rounds", help="The rounds it applies to: 1-3, 4- or 2; default: all."),
    ] = None,
    remove: Annotated[bool, typer.Option("--remove", help="Lift the ban (or the rule).")] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Forbid a pairing (siblings, clubmates): the Swiss systems keep the players apart as
    if they had met; --same-club or --same-federation keeps every clubmate (compatriot)
    apart. Without players or a rule, list the forbidden pairings.

    Example: skak players forbid 3 7 --rounds 1-3
    """
    from skak.api import parse_round_range
    from skak.views import bans_view, to_json

    s = open_db(db)
    span = parse_round_range(rounds)
    if players and (same_club or same_federation):
        raise typer.BadParameter(_("name two players or a rule (--same-club), not both"))
    if same_club and same_federation:
        raise typer.BadParameter(_("--same-club and --same-federation are two commands"))
    if same_club or same_federation:
        by = "club" if same_club else "federation"
        done = s.tournaments.forbid_groups(tournament, by, rounds=span, remove=remove)
        t = done.after
    elif players:
        words: list[int | str] = [int(w) if w.isdigit() else w for w in players]
        done = s.tournaments.forbid_pairing(tournament, words, rounds=span, remove=remove)
        t = done.after
        if not done.events:
            out.print(_("That pairing is forbidden already; nothing changed."))
    else:
        t = s.tournaments.get(tournament)
    view = bans_view(t)
    if as_json:
        print_json(to_json(view))
        return
    if not view.bans and not view.groups:
        out.print(_("No pairing is forbidden."))
        return
    print_table(_bans_table(view).fit(names={0}))


_STATUS = {
    "in": lambda: _("checked in"),
    "waiting": lambda: _("not checked in"),
    "absent": lambda: _("absent"),
    "away": lambda: _("not playing this round"),
}


def _checkin_table(view: "CheckinView") -> FittedTable:
    title = _("Check-in for round {round}").format(round=view.round)
    if view.closed:
        title += " · " + _("closed")
    table = FittedTable(title=title)
    table.add_column(_("No."), justify="right")
    table.add_column(_("Name"))
    table.add_column(_("Club"))
    table.add_column(_("Status"))
    for row in view.players:
        table.add_row(str(row.start_number), escape(row.name), escape(row.club or ""),
                      _STATUS[row.status]())  # fmt: skip
    return table


@app.command("checkin", context_settings=NUMBERS)
@cli_errors
def checkin(
    players: Annotated[
        list[str] | None,
        typer.Argument(help="Players to check in, by start number or name; none: the list."),
    ] = None,
    out_: Annotated[bool, typer.Option("--out", help="Take the players' check-in back.")] = False,
    close: Annotated[
        bool,
        typer.Option(
            "--close",
            help="Close the check-in: the players not checked in are absent from the round.",
        ),
    ] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """The check-in (indtjekning) for the next round: check players in, take a check-in
    back with --out, and --close it: every player not checked in is then absent from the
    round (0 points; 'skak undo' takes the closing back). Without players, show the list.

    Example: skak checkin 3 7 12
    """
    from skak.views import checkin_view, to_json

    s = open_db(db)
    if players and close:
        raise typer.BadParameter(_("check players in, then close the check-in: two commands"))
    if players:
        words: list[int | str] = [int(w) if w.isdigit() else w for w in players]
        t = s.tournaments.check_in(tournament, words, out=out_).after
    elif close:
        done = s.tournaments.close_check_in(tournament)
        t = done.after
        absent = [t.player(n).name for e in done.events for n in getattr(e, "absent", ())]
        out.print(
            escape(
                _("Check-in closed; absent from round {round}: {names}").format(
                    round=t.next_round, names="; ".join(absent) or "–"
                )
            )
        )
    else:
        t = s.tournaments.get(tournament)
    view = checkin_view(t)
    if as_json:
        print_json(to_json(view))
        return
    print_table(_checkin_table(view).fit(names={1, 2}))
    out.print(
        _("{done} checked in, {waiting} not yet").format(done=view.checked_in, waiting=view.waiting)
    )
