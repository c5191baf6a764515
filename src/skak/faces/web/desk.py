"""The arbiter's desk on the web: the prizes declared (``/arbiter/t/{id}/prizes``) and
deleting the tournament (``/arbiter/t/{id}/delete``, asked to be confirmed first) and
bringing it back (the arbiter's home lists the deleted ones), as ``skak prizes set``,
``skak delete`` and ``skak undelete`` do."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import InputError
from skak.faces.web._render import error_message, flash, gettext_for, language, page
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.public import CacheDep, SkakDep, load_tournament, tournament_context

__all__ = ["router"]

router = APIRouter()


@router.get("/arbiter/t/{tid}/prizes", response_class=HTMLResponse)
def prizes_form(request: Request, tid: int, _who: ArbiterDep, cache: CacheDep) -> Response:
    """The prizes as declared, in the form that changes them."""
    t, _version = load_tournament(cache, tid)
    p = t.prizes
    values = {
        "place": ", ".join(map(str, p.place)) if p else "",
        "categories": "\n".join(f"{c.key}:{','.join(map(str, c.amounts))}" for c in p.categories)
        if p
        else "",
        "order": ", ".join(p.order) if p else "",
        "sharing": p.sharing if p else "§24",
    }
    return page(request, "arbiter/prizes.html", tournament_context(tid, t) | {"values": values})


@router.post("/arbiter/t/{tid}/prizes", response_class=HTMLResponse)
def prizes_set(
    request: Request,
    tid: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    place: Annotated[str, Form()] = "",
    categories: Annotated[str, Form()] = "",
    order: Annotated[str, Form()] = "",
    sharing: Annotated[str, Form()] = "§24",
) -> Response:
    """Declare the prizes; a form that cannot be read is shown again with the reason."""
    lines = [line.strip() for line in categories.splitlines() if line.strip()]
    try:
        skak.tournaments.set_prizes(
            f"#{tid}", place=place, categories=lines, order=order, sharing=sharing, actor=who
        )
    except InputError as err:
        t, _version = load_tournament(cache, tid)
        values = {"place": place, "categories": categories, "order": order, "sharing": sharing}
        context = tournament_context(tid, t) | {
            "values": values,
            "error": error_message(request, err),
        }
        return page(request, "arbiter/prizes.html", context, status=400)
    _ = gettext_for(language(request))
    flash(request, _("Prizes declared."))
    return RedirectResponse(f"/t/{tid}/prizes", status_code=303)


@router.get("/arbiter/t/{tid}/delete", response_class=HTMLResponse)
def delete_confirm(request: Request, tid: int, _who: ArbiterDep, cache: CacheDep) -> Response:
    """The deletion, asked to be confirmed (nothing is written here)."""
    t, _version = load_tournament(cache, tid)
    return page(request, "arbiter/delete.html", tournament_context(tid, t))


@router.post("/arbiter/t/{tid}/delete")
def delete(
    request: Request,
    tid: int,
    who: ChangeDep,
    skak: SkakDep,
    reason: Annotated[str, Form()] = "",
) -> Response:
    """Delete the tournament (only its arbiter or an admin may: the API checks)."""
    done = skak.tournaments.delete(f"#{tid}", reason=reason, actor=who)
    _ = gettext_for(language(request))
    message = _("Tournament {name} (#{id}) deleted; 'skak undelete {id}' brings it back.")
    flash(request, message.format(name=done.after.name, id=tid))
    return RedirectResponse("/arbiter", status_code=303)


@router.post("/arbiter/t/{tid}/undelete")
def undelete(request: Request, tid: int, who: ChangeDep, skak: SkakDep) -> Response:
    """Bring a deleted tournament back (its deletion undone; the API checks the roles)."""
    _undone, t = skak.tournaments.undelete(f"#{tid}", actor=who)
    _ = gettext_for(language(request))
    flash(request, _("Tournament {name} is back.").format(name=t.name))
    return RedirectResponse(f"/arbiter/t/{tid}", status_code=303)
