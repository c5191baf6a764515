"""The division league's and the team cup's public pages: no login, phone first, for print.

A league season (``/league/{id}``): its divisions and groups with their teams; the standings
of every group (5.1 §3) with how each tie was decided; the schedule with its dates and
results; each match's card (boards, players, results as they count, penalties and why); each
team's page (its matches, the players it used with their boards and points); the league
leader's rulings with their appeals (``/league/{id}/rulings``, and each on its match). A cup
(``/cup/{id}``): its standings (5.3 §9), its rounds and its teams. A junior team
championship (``/junior/{id}``): its standings (5.5 §4), its teams' composition (§6) and
its matches. Every page renders a view
of :mod:`skak.views` that ``skak league`` and ``skak cup`` print too, so the web says what
the command line says.
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.faces.web._cache import ReadCache, Shown, public_page
from skak.faces.web._render import page
from skak.faces.web.public import CacheDep, SkakDep
from skak.views import FixtureRow

__all__ = ["router"]

router = APIRouter()


async def _kept(
    request: Request, cache: ReadCache, kind: str, ident: int, build: Callable[[], Response]
) -> Response:
    """The page ``build`` makes, kept per version of the season, cup or junior championship
    (:func:`skak.faces.web._cache.public_page`)."""
    skak = cache.skak

    def ask() -> int:
        if kind == "league":
            return skak.league.version(ident)
        if kind == "cup":
            return skak.cup.version(ident)
        return skak.junior.version(ident)

    key = (kind, ident, request.url.path, request.url.query)
    shown = Shown(kind, ident, ask, f"/{kind}/{ident}")
    return await public_page(request, cache, key, shown, build)


def _season_context(skak: SkakDep, sid: int) -> dict[str, object]:
    season = skak.league.get(sid)
    return {"sid": sid, "season": season}


@router.get("/leagues", response_class=HTMLResponse)
def leagues(request: Request, skak: SkakDep) -> Response:
    """The league seasons and the cups the database holds."""
    context = {
        "seasons": skak.league.lines(),
        "cups": skak.cup.lines(),
        "juniors": skak.junior.lines(),
    }
    return page(request, "league/list.html", context)


@router.get("/league/{sid}", response_class=HTMLResponse)
async def season_page(request: Request, sid: int, skak: SkakDep, cache: CacheDep) -> Response:
    """The season's divisions and groups, each with its teams."""

    def build() -> Response:
        context = _season_context(skak, sid)
        groups: dict[tuple[str, int], list[object]] = {}
        for r in skak.league.team_rows(sid):
            groups.setdefault((r.division, r.group), []).append(r)
        return page(request, "league/season.html", context | {"groups": groups})

    return await _kept(request, cache, "league", sid, build)


@router.get("/league/{sid}/standings", response_class=HTMLResponse)
async def standings(request: Request, sid: int, skak: SkakDep, cache: CacheDep) -> Response:
    """Every group's standings by 5.1 §3, and how each place below a tie was decided."""

    def build() -> Response:
        context = _season_context(skak, sid) | {"views": skak.league.standings(sid)}
        return page(request, "league/standings.html", context)

    return await _kept(request, cache, "league", sid, build)


@router.get("/league/{sid}/schedule", response_class=HTMLResponse)
async def schedule(request: Request, sid: int, skak: SkakDep, cache: CacheDep) -> Response:
    """Every match by group and round, with its date and result."""

    def build() -> Response:
        context = _season_context(skak, sid)
        by_group: dict[tuple[str, int], dict[int, list[FixtureRow]]] = {}
        for f in skak.league.schedule(sid):
            by_group.setdefault((f.division, f.group), {}).setdefault(f.round, []).append(f)
        return page(request, "league/schedule.html", context | {"groups": by_group})

    return await _kept(request, cache, "league", sid, build)


@router.get("/league/{sid}/rulings", response_class=HTMLResponse)
async def rulings(request: Request, sid: int, skak: SkakDep, cache: CacheDep) -> Response:
    """The league leader's rulings (5.1 §14–§15), the newest first, with their last day of
    appeal and the tournament committee's decisions."""

    def build() -> Response:
        context = _season_context(skak, sid) | {"rulings": skak.league.rulings(sid)}
        return page(request, "league/rulings.html", context)

    return await _kept(request, cache, "league", sid, build)


@router.get("/league/{sid}/match/{round_number}/{team}", response_class=HTMLResponse)
async def match(
    request: Request, sid: int, round_number: int, team: str, skak: SkakDep, cache: CacheDep
) -> Response:
    """One match's card: the boards, the players, the results as they count and why."""

    def build() -> Response:
        view = skak.league.match(sid, round_number, team)
        return page(request, "league/match.html", _season_context(skak, sid) | {"view": view})

    return await _kept(request, cache, "league", sid, build)


@router.get("/league/{sid}/team/{team}", response_class=HTMLResponse)
async def team(request: Request, sid: int, team: str, skak: SkakDep, cache: CacheDep) -> Response:
    """A team's matches and the players it used."""

    def build() -> Response:
        context = _season_context(skak, sid) | {"view": skak.league.team(sid, team)}
        return page(request, "league/team.html", context)

    return await _kept(request, cache, "league", sid, build)


@router.get("/cup/{cid}", response_class=HTMLResponse)
async def cup(request: Request, cid: int, skak: SkakDep, cache: CacheDep) -> Response:
    """A cup's standings (5.3 §9), its rounds so far and its teams."""

    def build() -> Response:
        state = skak.cup.get(cid)
        context = {
            "cid": cid,
            "cup": state,
            "view": skak.cup.standings(cid),
            "rounds": [skak.cup.round(cid, n) for n in range(1, state.paired_rounds + 1)],
            "teams": skak.cup.teams(cid),
        }
        return page(request, "league/cup.html", context)

    return await _kept(request, cache, "cup", cid, build)


@router.get("/junior/{jid}", response_class=HTMLResponse)
async def junior(request: Request, jid: int, skak: SkakDep, cache: CacheDep) -> Response:
    """A junior team championship: its standings (5.5 §4), its teams' composition problems
    (§6) and its matches by round."""

    def build() -> Response:
        context = {
            "jid": jid,
            "state": skak.junior.get(jid),
            "view": skak.junior.view(jid),
            "matches": skak.junior.matches(jid),
        }
        return page(request, "league/junior.html", context)

    return await _kept(request, cache, "junior", jid, build)


@router.get("/league")
def league_home(skak: SkakDep) -> Response:
    """The database's one season's standings; with several (or none), the list."""
    rows = skak.league.rows()
    if len(rows) == 1:
        return RedirectResponse(f"/league/{rows[0].id}/standings", status_code=302)
    return RedirectResponse("/leagues", status_code=302)
