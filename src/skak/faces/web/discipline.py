"""The discipline register (§19) on the web (login required; the API checks the roles):
``/discipline`` shows the register as it stands on a day (``?on=``) — all of it to the
registrar, a league leader or an admin, who give a warning or a quarantine there (§7,
4.5.4.2, §19 decides what it becomes) and lift one; a club's captain sees his own members'
standing sanctions only (by the rating registry's club of each member)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import InputError, SkakError
from skak.faces.web._render import error_message, flash, gettext_for, language, page, status_of
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.public import SkakDep
from skak.messages import N_

__all__ = ["router"]

router = APIRouter()


def _day(text: str | None, what: str) -> date | None:
    if not text or not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(
            N_("{what}: {day} is not a date (YYYY-MM-DD)", what=what, day=repr(text))
        ) from None


def _page(
    request: Request, skak: SkakDep, who: str, on: date, *, error: str = "", status: int = 200
) -> Response:
    view = skak.discipline.standing_for(who, on, clubs=skak.accounts.clubs_of(who))
    context = {"view": view, "error": error, "today": date.today()}
    return page(request, "discipline.html", context, status=status)


@router.get("/discipline", response_class=HTMLResponse)
def discipline(request: Request, skak: SkakDep, who: ArbiterDep, on: str = "") -> Response:
    """The register on a day (default today), as far as the account may see it."""
    return _page(request, skak, who, _day(on, "on") or date.today())


@router.post("/discipline/give", response_class=HTMLResponse)
def give(
    request: Request,
    skak: SkakDep,
    who: ChangeDep,
    kind: Annotated[str, Form()] = "warning",
    member: Annotated[str, Form()] = "",
    name: Annotated[str, Form()] = "",
    event: Annotated[str, Form()] = "",
    last_day: Annotated[str, Form()] = "",
    given: Annotated[str, Form()] = "",
    ground: Annotated[str, Form()] = "§7",
    reason: Annotated[str, Form()] = "",
    months: Annotated[str, Form()] = "",
) -> Response:
    """A warning or a quarantine given in a tournament, registered as §19 decides it."""
    try:
        if not member.strip().isdigit():
            raise InputError(N_("a member number is a whole number, not {text}", text=repr(member)))
        sanction = skak.discipline.give(
            kind,
            int(member),
            given=_day(given, "given") or date.today(),
            name=name.strip() or None,
            event=event.strip() or None,
            last_day=_day(last_day, "last day"),
            ground=ground.strip() or "§7",
            reason=reason.strip(),
            months=int(months) if months.strip().isdigit() else None,
            actor=who,
        )
    except SkakError as err:
        return _page(
            request, skak, who, date.today(), error=error_message(request, err),
            status=status_of(err),
        )  # fmt: skip
    _ = gettext_for(language(request))
    flash(request, _("Entry {number} is registered.").format(number=sanction.id))
    return RedirectResponse("/discipline", status_code=303)


@router.post("/discipline/lift/{number}", response_class=HTMLResponse)
def lift(
    request: Request,
    number: int,
    skak: SkakDep,
    who: ChangeDep,
    reason: Annotated[str, Form()] = "",
) -> Response:
    """An entry lifted from today (e.g. Skaknævnet set it aside); the history keeps it."""
    try:
        skak.discipline.lift(number, date.today(), reason, actor=who)
    except SkakError as err:
        return _page(
            request, skak, who, date.today(), error=error_message(request, err),
            status=status_of(err),
        )  # fmt: skip
    _ = gettext_for(language(request))
    flash(request, _("Entry {number} is lifted.").format(number=number))
    return RedirectResponse("/discipline", status_code=303)
