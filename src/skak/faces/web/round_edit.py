"""The arbiter edits a round before its results (login required), as ``skak round edit``
does: a button per board to swap colours, and a form to exchange opponents, pair two
unpaired players (a late arrival) or give or take the bye. An edit that breaks the pairing
system's absolute rules is not saved: a page names each broken rule and asks for the
arbiter's confirmation and reason (POST again with ``confirm``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.api import describe
from skak.errors import PairingBreachError, SkakError
from skak.faces.i18n import say
from skak.faces.web._render import error_message, flash, gettext_for, language, page, status_of
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.public import CacheDep, SkakDep, load_tournament, tournament_context
from skak.views import round_view

__all__ = ["router"]

router = APIRouter()

#: The changes the form offers (``skak round edit``'s words), with the numbers each takes.
CHANGES = ("swap-colours", "exchange", "pair", "bye", "no-bye")


def _edit_page(
    request: Request,
    tid: int,
    number: int,
    cache: CacheDep,
    *,
    refused: str | None = None,
    status: int = 200,
    form: dict[str, str] | None = None,
) -> Response:
    t, _version = load_tournament(cache, tid)
    view = round_view(t, number)
    results = [b.board for b in view.pairings if b.black is not None and b.result is not None]
    context = tournament_context(tid, t) | {
        "view": view,
        "editable": number == t.current_round and not results,
        "last": number == t.current_round,
        "refused": refused,
        "form": form or {},
    }
    return page(request, "arbiter/round_edit.html", context, status=status)


@router.get("/arbiter/t/{tid}/rounds/{number}/edit", response_class=HTMLResponse)
def edit_page(
    request: Request, tid: int, number: int, _who: ArbiterDep, cache: CacheDep
) -> Response:
    return _edit_page(request, tid, number, cache)


@router.post("/arbiter/t/{tid}/rounds/{number}/edit", response_class=HTMLResponse)
def edit_round(
    request: Request,
    tid: int,
    number: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    change: Annotated[str, Form()] = "",
    first: Annotated[str, Form()] = "",
    second: Annotated[str, Form()] = "",
    side: Annotated[str, Form()] = "black",
    reason: Annotated[str, Form()] = "",
    confirm: Annotated[bool, Form()] = False,
    seen: Annotated[str, Form()] = "",
) -> Response:
    """One edit of the round; a breach of the rules asks for confirmation and a reason."""
    lang = language(request)
    _ = gettext_for(lang)
    form = {
        "change": change,
        "first": first,
        "second": second,
        "side": side,
        "reason": reason,
        "seen": seen,
    }
    words = [w.strip() for w in (first, second) if w.strip()]
    if not all(w.isdigit() for w in words):
        message = _("Give boards and players by number.")
        return _edit_page(request, tid, number, cache, refused=message, status=400, form=form)
    try:
        done = skak.tournaments.edit_round(
            f"#{tid}",
            number,
            change,
            [int(w) for w in words],
            side=side,
            confirm=confirm,
            reason=reason,
            seen=seen or None,
            actor=who,
        )
    except PairingBreachError as err:
        t, _version = load_tournament(cache, tid)
        breaches = [say(b, lang) for b in err.breaches]
        context = tournament_context(tid, t) | {
            "round": number,
            "breaches": breaches,
            "form": form,
            "missing_reason": confirm and not reason.strip(),
        }
        return page(request, "arbiter/round_edit_confirm.html", context, status=409)
    except SkakError as err:
        refused = error_message(request, err)
        return _edit_page(
            request, tid, number, cache, refused=refused, status=status_of(err), form=form
        )
    if done.events:
        saved = _("Saved: {change}.")
        changes = [say(describe(e, done.before), lang) for e in done.events]
        flash(request, saved.format(change="; ".join(changes)))
    else:
        flash(request, _("The round is unchanged."))
    return RedirectResponse(f"/arbiter/t/{tid}/rounds/{number}/edit", status_code=303)
