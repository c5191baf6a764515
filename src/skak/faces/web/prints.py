"""The prints as PDF (udskrifter), behind the print buttons of the round and standings pages:
``/t/{id}/print/{kind}`` with ``?round=N`` (and ``?large=1`` for the notice board).

The pairing lists, the standings and the crosstable are public, as their pages are; the
result slips and §6's report are the arbiter's (a login is asked for first). Every print
carries the QR code of the public page it belongs to. The PDF itself is
:mod:`skak.faces.pdf`'s, the same the CLI's ``skak print`` writes.
"""

from __future__ import annotations

import datetime
import re
import unicodedata

from fastapi import APIRouter, Request
from starlette.responses import Response

from skak.errors import NotFoundError
from skak.faces.web._render import language
from skak.faces.web.auth import LoginRequired, logged_in
from skak.faces.web.public import CacheDep, SkakDep, load_tournament
from skak.messages import N_

__all__ = ["ARBITERS_PRINTS", "filename", "router"]

router = APIRouter()

#: The prints of one round (the others are of the tournament after a round).
_ROUND_LISTS = frozenset({"pairings", "alphabetical", "cards"})
#: The prints only an arbiter may make.
ARBITERS_PRINTS = frozenset({"cards", "report"})


def filename(tournament: str, kind: str, number: int | None) -> str:
    """``efteraarsturnering-2026-pairings-r3.pdf``: the tournament's name in plain letters
    (æ, ø, å as ae, oe, aa), what the print is and its round."""
    text = tournament.casefold().translate(_PLAIN)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:60].strip("-") or "skak"
    return f"{slug}-{kind}{'' if number is None else f'-r{number}'}.pdf"


_PLAIN = str.maketrans({"æ": "ae", "ø": "oe", "å": "aa"})


@router.get("/t/{tid}/print/{kind}")
def print_pdf(
    request: Request,
    tid: int,
    kind: str,
    skak: SkakDep,
    cache: CacheDep,
    round: int | None = None,
    large: bool = False,
) -> Response:
    """A print of tournament ``tid`` as ``application/pdf``, in the page's language."""
    from skak.faces import pdf

    if kind not in pdf.KINDS:
        raise NotFoundError(N_("there is no print called {kind}", kind=kind))
    if kind in ARBITERS_PRINTS and logged_in(request) is None:
        raise LoginRequired()
    t, _version = load_tournament(cache, tid)
    number = round
    if number is None and kind in _ROUND_LISTS:
        number = t.current_round or None
    public = {
        "standings": "standings",
        "crosstable": "crosstable",
        "report": "standings",
        "prizes": "prizes",
    }.get(kind, f"rounds/{number}")
    base = str(request.base_url).rstrip("/")
    options = pdf.PrintOptions(
        language(request),
        datetime.date.today(),
        large=large,
        qr_url=f"{base}/t/{tid}/{public}",
    )
    if kind == "report":
        from skak.views.report import report_view

        view = report_view(t, skak.discipline.get(), [], today=options.day)
        data = pdf.report_pdf(view, options)
    else:
        data = pdf.list_pdf(kind, t, options, number)
    name = filename(t.name, kind, number)
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )
