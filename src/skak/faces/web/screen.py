"""The hall screen (``/t/{id}/screen``) and the QR code to the public pages (``/t/{id}/qr.svg``).

The screen is a public page for a big screen in the playing hall: the current round's
pairings with their results and the standings, in large type and in turn, with a QR code
that leads the players' phones to the tournament's public pages. It changes by itself when
the tournament changes, without reloading: the page asks a small address every few seconds
(``/t/{id}/screen/changes?since=V``, ``V`` the version it shows), which answers ``204 No
Content`` at once while the tournament is still at ``V`` (one small query for the version),
and else the screen's new parts, built once per version for every screen in the hall
(:mod:`skak.faces.web._cache`). The screens ask at slightly different moments (a random part
of the interval), so that a hall of screens never asks all at once.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, Response

from skak.api import Tournament, qr_svg
from skak.errors import InputError
from skak.faces.web._cache import Page, ReadCache, kept_response
from skak.faces.web._render import fragment, language, page, standings_lines
from skak.faces.web.public import CacheDep, load_tournament, tournament_context
from skak.messages import N_
from skak.views import round_view, standings_view

__all__ = ["VERSION_HEADER", "public_base", "public_url", "router"]

router = APIRouter()

#: The header of the screen's new parts that names the tournament version they show.
VERSION_HEADER = "X-Skak-Version"
#: How often (seconds) a screen asks whether the tournament changed, and how long each of
#: its two parts (pairings, standings) is shown, unless the address says otherwise.
POLL_SECONDS = 10
TURN_SECONDS = 20


def public_base(url: str | None) -> str | None:
    """The server's public address as ``skak serve --public-url`` gives it, without a
    trailing slash (``None``: none given).

    :raises InputError: for an address that is not http(s)://HOST…."""
    if url is None:
        return None
    given = url.strip().rstrip("/")
    scheme, _, rest = given.partition("://")
    if scheme.lower() not in ("http", "https") or not rest or any(c.isspace() for c in given):
        raise InputError(
            N_("--public-url {url!r} is no address like https://skak.klub.dk", url=url)
        )
    return given


def public_url(request: Request, tid: int) -> str:
    """The address of tournament ``tid``'s public pages: on the server's public address
    (``skak serve --public-url``), else as the reader reached this server."""
    base: str | None = getattr(request.app.state, "public_url", None)
    if base is None:
        base = str(request.base_url).rstrip("/")
    return f"{base}/t/{tid}"


def _parts(cache: ReadCache, tid: int, t: Tournament, version: int) -> dict[str, object]:
    """What the screen shows of ``t`` at ``version``: the current round's boards and the
    standings, each view kept per version as the public pages keep them."""
    pairings = None
    if t.rounds:
        number = t.current_round
        pairings = cache.view(tid, version, "round", (number,), lambda: round_view(t, number))
    standings = cache.view(tid, version, "standings", (None, None, None), lambda: standings_view(t))
    return {
        "version": version,
        "pairings": pairings,
        "standings": standings,
        "lines": standings_lines(standings),
    }


@router.get("/t/{tid}/screen", response_class=HTMLResponse)
async def screen(
    request: Request,
    tid: int,
    cache: CacheDep,
    poll: Annotated[int, Query(ge=1, le=600)] = POLL_SECONDS,
    turn: Annotated[int, Query(ge=1, le=600)] = TURN_SECONDS,
) -> Response:
    """The hall screen: ``poll`` seconds between its questions for a change, ``turn``
    seconds for each of its two parts. Built for each screen that opens it (its QR code
    holds the address the screen was opened at); its views are kept per version."""
    url = public_url(request, tid)

    def build() -> Response:
        t, version = load_tournament(cache, tid)
        context = (
            tournament_context(tid, t)
            | _parts(cache, tid, t, version)
            | {
                "poll": poll,
                "turn": turn,
                "qr": qr_svg(url),
                "public_url": url,
                "lang_query": f"lang={language(request)}",
            }
        )
        return page(request, "screen.html", context)

    return await run_in_threadpool(build)


@router.get("/t/{tid}/screen/changes")
async def screen_changes(request: Request, tid: int, cache: CacheDep, since: int) -> Response:
    """``204 No Content`` while tournament ``tid`` is at version ``since``; else the screen's
    parts at the newest version (its number in the header ``X-Skak-Version``)."""
    version = cache.skak.tournaments.version(tid)
    if version <= since:
        return Response(status_code=204, headers={"Cache-Control": "no-store"})
    key = (tid, "screen-parts", language(request))

    def render() -> tuple[bytes, int, bool]:
        t, built = load_tournament(cache, tid)
        context = {"tid": tid} | _parts(cache, tid, t, built)
        answer = fragment(request, "_screen_parts.html", context)
        return bytes(answer.body), built, True

    kept: Page | None = cache.kept_page(key, version)
    if kept is None:
        kept = await run_in_threadpool(cache.page, key, version, render)
    return kept_response(
        request, kept, headers={VERSION_HEADER: str(kept.version), "Cache-Control": "no-store"}
    )


@router.get("/t/{tid}/qr.svg")
async def qr(request: Request, tid: int, cache: CacheDep) -> Response:
    """The QR code of tournament ``tid``'s public pages, as an SVG file (for a print, a
    poster, another site)."""
    cache.skak.tournaments.version(tid)  # :raises NotFoundError: without such a tournament
    return Response(
        qr_svg(public_url(request, tid)),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=86400"},
    )
