"""The registrar's page (login required; the API checks the ``registrar`` role): the rating
registry's state — its players, the tournaments applied, when it was compressed and aligned
— and the yearly work run from there: DSU's list imported (an upload, all or nothing), the
August alignment with FIDE's list (001 §6; its JSON uploaded), the 1 June 2024 compression
(once), and 001 §2.7's rapid and blitz correction. Each is one call of the API, as
``skak rating import|align|compress|correct`` make it. A result of an applied tournament is
corrected here too (the correction cascade: previewed, then confirmed on the registry as
shown, as ``skak rating amend``), two member numbers merged (``skak rating merge``) and
the last of either undone (``skak rating undo``)."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from fastapi import APIRouter, Request
from starlette.datastructures import FormData, UploadFile
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import InputError, SkakError
from skak.faces.i18n import say
from skak.faces.web._render import error_message, flash, gettext_for, language, page, status_of
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.public import SkakDep
from skak.messages import N_

if TYPE_CHECKING:
    from skak.views import CorrectionPreview

__all__ = ["router"]

router = APIRouter()


def _page(
    request: Request,
    skak: SkakDep,
    *,
    error: str = "",
    status: int = 200,
    preview: CorrectionPreview | None = None,
    amend: dict[str, str] | None = None,
) -> Response:
    registry = skak.registry.get()
    context = {
        "players": len(registry.players),
        "applied": len(registry.applied),
        "compressed_on": registry.compressed_on,
        "aligned_on": registry.aligned_on,
        "today": date.today(),
        "error": error,
        "tournaments": skak.registry.applied_tournaments(),
        "preview": preview,
        "amend": amend or {},
    }
    return page(request, "registrar.html", context, status=status)


#: The correction form's fields (``skak rating amend``'s arguments).
_AMEND = ("tournament", "round", "first", "second", "result", "day")


def _amend(request: Request, skak: SkakDep, who: str, form: FormData) -> Response:
    """The correction form: previewed (the page again, with what it changes and a button
    that confirms it), or confirmed (written on the registry as the preview showed it)."""
    _ = gettext_for(language(request))
    fields = {name: str(form.get(name) or "").strip() for name in _AMEND}
    try:
        round_number = int(fields["round"])
    except ValueError:
        raise InputError(N_("{round} is not a round number", round=repr(fields["round"]))) from None
    args = (fields["tournament"], round_number, fields["first"], fields["second"])
    day = _day(fields["day"])
    if form.get("confirm"):
        try:
            version = int(str(form.get("version") or ""))
        except ValueError:
            raise InputError(N_("the preview's version is missing: look again")) from None
        skak.registry.correct(*args, fields["result"], day, actor=who, at_version=version)
        flash(request, _("The correction is written; every later tournament is rated again."))
        return RedirectResponse("/registrar", status_code=303)
    preview = skak.registry.correction_preview(*args, fields["result"], day, actor=who)
    return _page(request, skak, preview=preview, amend=fields)


@router.get("/registrar", response_class=HTMLResponse)
def registrar(request: Request, skak: SkakDep, who: ArbiterDep) -> Response:
    return _page(request, skak)


def _day(text: object) -> date:
    raw = str(text or "").strip()
    if not raw:
        return date.today()
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise InputError(N_("{day} is not a date (YYYY-MM-DD)", day=repr(raw))) from None


def _member(text: object) -> int:
    raw = str(text or "").strip()
    if not raw.isdigit():
        raise InputError(N_("{number} is not a DSU member number", number=repr(raw)))
    return int(raw)


async def _upload(request: Request) -> tuple[str, str, date]:
    form = await request.form()
    upload = form.get("file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise InputError(N_("choose the file to upload"))
    raw = await upload.read()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252")
    return text, upload.filename, _day(form.get("day"))


@router.post("/registrar/{work}", response_class=HTMLResponse)
async def work(request: Request, work: str, skak: SkakDep, who: ChangeDep) -> Response:
    """``import`` (DSU's list), ``align`` (FIDE's list), ``compress``, ``correct`` (§2.7),
    ``amend`` (a result corrected: previewed, then confirmed), ``merge``, ``undo``."""
    _ = gettext_for(language(request))
    try:
        if work == "amend":
            return _amend(request, skak, who, await request.form())
        if work == "merge":
            form = await request.form()
            keep, gone = _member(form.get("keep")), _member(form.get("gone"))
            card = skak.registry.merge(keep, gone, _day(form.get("day")), actor=who)
            said = _("DSU {gone} is merged into DSU {keep} {name}.").format(
                gone=gone, keep=keep, name=card.name
            )
        elif work == "undo":
            said = say(skak.registry.undo_said(actor=who), language(request))
        elif work == "import":
            text, source, day = await _upload(request)
            n = skak.registry.import_text(text, source, day, actor=who)
            said = _("{n} players of the list entered or updated.").format(n=n)
        elif work == "align":
            text, source, day = await _upload(request)
            result = skak.registry.align_text(text, source, day, actor=who)
            said = _("Aligned with FIDE's list: adjustment {n}, {changed} ratings changed.").format(
                n=result.n, changed=len(result.changes)
            )
        elif work == "compress":
            form = await request.form()
            n = skak.registry.compress(_day(form.get("day")), actor=who)
            said = _("{n} ratings compressed.").format(n=n)
        elif work == "correct":
            form = await request.form()
            changes = skak.registry.correct_rapid_blitz(_day(form.get("day")), actor=who)
            said = _("{n} rapid and blitz ratings corrected.").format(n=len(changes))
        else:
            return Response(status_code=404)
    except SkakError as err:
        return _page(request, skak, error=error_message(request, err), status=status_of(err))
    flash(request, said)
    return RedirectResponse("/registrar", status_code=303)
