"""The league's tables for ``skak league …`` (Rich), rendered from the views."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from skak.faces.cli._common import out
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, ngettext, say

if TYPE_CHECKING:
    from skak.views import LeagueStandingsView, LineupView, MatchView, SeasonEndView

__all__ = ["show_lineup", "show_match", "show_season_end", "show_standings"]


def show_lineup(view: LineupView, explain: bool) -> None:
    where = "home" if view.home else "away"
    table = FittedTable(
        title=f"{escape(view.team)} ({where}) against {escape(view.opponent)}, {view.date}"
    )
    for col in (_("Board"), _("Colour"), _("Player"), _("Name"), _("List no.")):
        table.add_column(col)
    for b in view.boards:
        table.add_row(
            str(b.board), b.colour, escape(b.player or "— empty"), escape(b.name or ""),
            "" if b.list_number is None else str(b.list_number),
        )  # fmt: skip
    print_table(table.fit(names={3}, texts={2}))
    if view.legal:
        out.print(_("The line-up breaks no rule of 5.1 §10."))
    for v in view.violations:
        out.print(f"[red]{escape(v.rule)}[/] {escape(say(v.message))}")


def show_match(view: MatchView, explain: bool) -> None:
    from skak.views import quarters  # ½, as the tournament commands write points

    if view.struck_out:
        out.print(
            f"{escape(view.home)}–{escape(view.away)}: "
            + _("struck out")
            + f" — {escape('; '.join(say(x) for x in view.struck_out))}"
        )
        return
    if not view.entered:
        out.print(f"{escape(view.home)}–{escape(view.away)}: " + _("no result yet"))
        return
    assert view.home_points is not None
    assert view.away_points is not None
    table = FittedTable(
        title=f"{escape(view.home)}–{escape(view.away)} {quarters(view.home_points)}-"
        f"{quarters(view.away_points)} "
        + _("(match points {home}-{away})").format(
            home=view.home_match_points, away=view.away_match_points
        )
    )
    for col in (_("Board"), _("White"), _("Home"), _("Away"), _("Played"), _("Counts"), _("Why")):
        table.add_column(col)
    for b in view.boards:
        table.add_row(
            str(b.board), escape(b.white), escape(b.home_player or "—"),
            escape(b.away_player or "—"),
            b.played or "", f"{quarters(b.home)}-{quarters(b.away)}", escape(say(b.why)),
        )  # fmt: skip
    print_table(table.fit(names={2, 3}, texts={6}))
    for line in (*view.penalty_points, *view.reports, *(view.explanation if explain else ())):
        out.print(escape(say(line)))


def show_standings(v: LeagueStandingsView, explain: bool) -> None:
    from skak.views import number_column

    n = len(v.missing)
    state = "" if v.complete else f", {n} {'match' if n == 1 else 'matches'} still to play"
    table = FittedTable(
        title=f"{escape(v.division)} group {v.group} (stilling, {v.edition}{state})"
    )
    for col in ("#", "Team", "M", "W", "D", "L", "BP", "MP", "Pen.", "Placed by"):
        table.add_column(col, justify="left" if col in ("Team", "Placed by") else "right")
    bp = number_column(r.board_points for r in v.standings)
    mp = number_column(r.match_points for r in v.standings)
    for i, r in enumerate(v.standings):
        table.add_row(
            str(r.rank), escape(r.team), str(r.played), str(r.won), str(r.drawn), str(r.lost),
            bp[i], mp[i],
            str(r.penalty_points or ""), escape(say(r.decided_by)),
        )  # fmt: skip
    print_table(table.fit(names={1}, texts={9}))
    if explain:
        for line in v.explanation:
            out.print(escape(say(line)))


def show_season_end(view: SeasonEndView, explain: bool) -> None:
    if view.champion:
        champion = _("Danish team champion: {team}").format(
            team=f"[bold]{escape(view.champion)}[/]"
        )
        out.print(champion)
    for d in view.divisions:
        heading = ngettext(
            "{division} next season ({n} team): {teams}",
            "{division} next season ({n} teams): {teams}",
            len(d.teams),
        )
        division = f"[bold]{escape(d.division)}[/]"
        out.print(
            heading.format(division=division, n=len(d.teams), teams=escape(", ".join(d.teams)))
        )
    table = FittedTable(title=_("Promotion and relegation (op- og nedrykning)"))
    for col in (_("Team"), _("From"), _("To"), _("Why")):
        table.add_column(col)
    gone = _("out")
    for m in view.moves:
        table.add_row(
            escape(m.team), escape(say(m.origin)), escape(m.to or gone), escape(say(m.why))
        )
    print_table(table.fit(names={0}, texts={1, 2, 3}))
    for v in view.vacancies:
        out.print(f"[red]{escape(say(v))}[/]")
    if explain:
        for line in view.explanation:
            out.print(escape(say(line)))
