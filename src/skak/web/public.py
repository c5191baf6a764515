"""The public pages: read-only, for players and spectators (and the notice board).

Every page renders a view of :mod:`skak.views` of the tournament as stored: the list of
tournaments, a round's pairings with its results (rundelægning), the standings with the
tournament's own tie-breaks (stilling), the crosstable (krydstabel) and the players. They
answer GET only; a POST to any of them is refused (405).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.api import Skak
from skak.model.tournament import Tournament
from skak.views import (
    crosstable_view,
    pairing_system,
    players_view,
    round_view,
    standings_view,
    tournament_lines,
)
from skak.web._render import crosstable_lines, page, standings_lines

__all__ = ["SkakDep", "get_skak", "load_tournament", "router", "tournament_context"]

router = APIRouter()


def get_skak(request: Request) -> Skak:
    """The server's one :class:`Skak` (the database it was started on)."""
    skak: Skak = request.app.state.skak
    return skak


#: The server's Skak, for a route's parameters.
SkakDep = Annotated[Skak, Depends(get_skak)]


def load_tournament(skak: Skak, tid: int) -> Tournament:
    """Tournament ``tid`` by its ID. :raises NotFoundError: naming those there are."""
    return skak.load(f"#{tid}")


def tournament_context(tid: int, t: Tournament) -> dict[str, object]:
    """What every page of a tournament shows in its heading and menu."""
    return {
        "tid": tid,
        "tournament": t,
        "system": pairing_system(t.pairing_system).title,
        "rounds": [r.number for r in t.rounds],
    }


@router.get("/", response_class=HTMLResponse)
def home(request: Request, skak: SkakDep) -> Response:
    """The standings of the database's one tournament; with several, the list of them."""
    rows = skak.tournaments()
    if len(rows) == 1:
        return RedirectResponse(f"/t/{rows[0].id}/standings", status_code=302)
    return tournaments(request, skak)


@router.get("/tournaments", response_class=HTMLResponse)
def tournaments(request: Request, skak: SkakDep) -> Response:
    lines = tournament_lines(skak.tournaments())
    return page(request, "tournaments.html", {"lines": lines})


@router.get("/t/{tid}")
def tournament_home(tid: int) -> Response:
    return RedirectResponse(f"/t/{tid}/standings", status_code=302)


@router.get("/t/{tid}/standings", response_class=HTMLResponse)
def standings(
    request: Request, tid: int, skak: SkakDep, after_round: int | None = None
) -> Response:
    t = load_tournament(skak, tid)
    view = standings_view(t, after_round=after_round)
    context = tournament_context(tid, t) | {"view": view, "lines": standings_lines(view)}
    return page(request, "standings.html", context)


@router.get("/t/{tid}/rounds", response_class=HTMLResponse)
def latest_round(request: Request, tid: int, skak: SkakDep) -> Response:
    t = load_tournament(skak, tid)
    if t.rounds:
        return RedirectResponse(f"/t/{tid}/rounds/{t.current_round}", status_code=302)
    return page(request, "no_round.html", tournament_context(tid, t))


@router.get("/t/{tid}/rounds/{number}", response_class=HTMLResponse)
def round_page(request: Request, tid: int, number: int, skak: SkakDep) -> Response:
    t = load_tournament(skak, tid)
    view = round_view(t, number)
    return page(request, "round.html", tournament_context(tid, t) | {"view": view})


@router.get("/t/{tid}/crosstable", response_class=HTMLResponse)
def crosstable(
    request: Request, tid: int, skak: SkakDep, after_round: int | None = None
) -> Response:
    t = load_tournament(skak, tid)
    view = crosstable_view(t, after_round=after_round)
    context = tournament_context(tid, t) | {"view": view, "lines": crosstable_lines(view)}
    return page(request, "crosstable.html", context)


@router.get("/t/{tid}/players", response_class=HTMLResponse)
def players(request: Request, tid: int, skak: SkakDep) -> Response:
    t = load_tournament(skak, tid)
    return page(request, "players.html", tournament_context(tid, t) | {"view": players_view(t)})
