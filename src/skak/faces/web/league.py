"""The division league's and the team cup's public pages: no login, phone first, for print.

A league season (``/league/{id}``): its divisions and groups with their teams; the standings
of every group (5.1 §3) with how each tie was decided; the schedule with its dates and
results; each match's card (boards, players, results as they count, penalties and why); each
team's page (its matches, the players it used with their boards and points). A cup
(``/cup/{id}``): its standings (5.3 §9), its rounds and its teams. Every page renders a view
of :mod:`skak.views` that ``skak league`` and ``skak cup`` print too, so the web says what
the command line says.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.faces.web._render import page
from skak.faces.web.public import SkakDep
from skak.views import FixtureRow

__all__ = ["router"]

router = APIRouter()


def _season_context(skak: SkakDep, sid: int) -> dict[str, object]:
    season = skak.league.get(sid)
    return {"sid": sid, "season": season}


@router.get("/leagues", response_class=HTMLResponse)
def leagues(request: Request, skak: SkakDep) -> Response:
    """The league seasons and the cups the database holds."""
    context = {"seasons": skak.league.lines(), "cups": skak.cup.lines()}
    return page(request, "league/list.html", context)


@router.get("/league/{sid}", response_class=HTMLResponse)
def season_page(request: Request, sid: int, skak: SkakDep) -> Response:
    """The season's divisions and groups, each with its teams."""
    context = _season_context(skak, sid)
    rows = skak.league.team_rows(sid)
    groups: dict[tuple[str, int], list[object]] = {}
    for r in rows:
        groups.setdefault((r.division, r.group), []).append(r)
    return page(request, "league/season.html", context | {"groups": groups})


@router.get("/league/{sid}/standings", response_class=HTMLResponse)
def standings(request: Request, sid: int, skak: SkakDep) -> Response:
    """Every group's standings by 5.1 §3, and how each place below a tie was decided."""
    context = _season_context(skak, sid)
    return page(request, "league/standings.html", context | {"views": skak.league.standings(sid)})


@router.get("/league/{sid}/schedule", response_class=HTMLResponse)
def schedule(request: Request, sid: int, skak: SkakDep) -> Response:
    """Every match by group and round, with its date and result."""
    context = _season_context(skak, sid)
    by_group: dict[tuple[str, int], dict[int, list[FixtureRow]]] = {}
    for f in skak.league.schedule(sid):
        by_group.setdefault((f.division, f.group), {}).setdefault(f.round, []).append(f)
    return page(request, "league/schedule.html", context | {"groups": by_group})


@router.get("/league/{sid}/match/{round_number}/{team}", response_class=HTMLResponse)
def match(request: Request, sid: int, round_number: int, team: str, skak: SkakDep) -> Response:
    """One match's card: the boards, the players, the results as they count and why."""
    context = _season_context(skak, sid)
    view = skak.league.match(sid, round_number, team)
    return page(request, "league/match.html", context | {"view": view})


@router.get("/league/{sid}/team/{team}", response_class=HTMLResponse)
def team(request: Request, sid: int, team: str, skak: SkakDep) -> Response:
    """A team's matches and the players it used."""
    context = _season_context(skak, sid)
    return page(request, "league/team.html", context | {"view": skak.league.team(sid, team)})


@router.get("/cup/{cid}", response_class=HTMLResponse)
def cup(request: Request, cid: int, skak: SkakDep) -> Response:
    """A cup's standings (5.3 §9), its rounds so far and its teams."""
    state = skak.cup.get(cid)
    rounds = [skak.cup.round(cid, n) for n in range(1, state.paired_rounds + 1)]
    context = {
        "cid": cid,
        "cup": state,
        "view": skak.cup.standings(cid),
        "rounds": rounds,
        "teams": skak.cup.teams(cid),
    }
    return page(request, "league/cup.html", context)


@router.get("/league")
def league_home(skak: SkakDep) -> Response:
    """The database's one season's standings; with several (or none), the list."""
    rows = skak.league.rows()
    if len(rows) == 1:
        return RedirectResponse(f"/league/{rows[0].id}/standings", status_code=302)
    return RedirectResponse("/leagues", status_code=302)
