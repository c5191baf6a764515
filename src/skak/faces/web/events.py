"""An event's public page (no login): ``/event/{id}`` — its groups, each linking its
tournament's pages, and one register of every group's entrants; ``/events`` lists them."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse, Response

from skak.faces.web._render import page
from skak.faces.web.public import SkakDep

__all__ = ["router"]

router = APIRouter()


@router.get("/events", response_class=HTMLResponse)
def events(request: Request, skak: SkakDep) -> Response:
    return page(request, "events.html", {"events": skak.event.lines()})


@router.get("/event/{eid}", response_class=HTMLResponse)
def event(request: Request, eid: int, skak: SkakDep) -> Response:
    """The event's groups and its entrants."""
    return page(request, "event.html", {"view": skak.event.view(eid)})
