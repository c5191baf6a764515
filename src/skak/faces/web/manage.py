"""The arbiter's preparations (login required): create a tournament with any pairing system
and its settings, import or export a TRF file, register players one by one or from a CSV
file, edit them, withdraw them and announce their absences.

Every form is read as the CLI reads its options (:mod:`skak.io.options`, :func:`skak.api.
new_tournament`, :mod:`skak.io.players_csv`), so a value the CLI refuses is refused here
with the same words; the form comes back with what was typed and the error, and nothing is
written. Uploads are bounded in size; an import is all or nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Form, Request, UploadFile
from starlette.datastructures import FormData
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.api import (
    RatedKind,
    Ratings,
    Title,
    Tournament,
    added,
    new_tournament,
    one_player,
    parse_date,
    parse_sex,
    players_from_bytes,
    tournament_from_trf,
    trf_text,
)
from skak.errors import InputError, SkakError
from skak.faces.i18n import say
from skak.faces.web._guard import MAX_UPLOAD
from skak.faces.web._render import (
    error_message,
    flash,
    fragment,
    gettext_for,
    language,
    ngettext_for,
    page,
    status_of,
)
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.auth import csrf_token
from skak.faces.web.public import CacheDep, SkakDep, load_tournament, tournament_context
from skak.messages import N_
from skak.views import RegistrySearch, bans_view, pairing_systems, players_view, tiebreak_lists

__all__ = ["router"]

router = APIRouter()


def _lines(text: str) -> list[str]:
    """The non-empty lines of a form's text field (one ``KEY=VALUE`` each)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _items(text: str) -> list[str]:
    """The items of a form's field typed with commas or on lines (``BH/C1, BH, SB``)."""
    return [part.strip() for part in text.replace("\n", ",").split(",") if part.strip()]


def _number(value: str, what: str) -> int | None:
    """A whole number typed in a form (empty: none). :raises InputError: naming ``what``."""
    text = value.strip()
    if not text:
        return None
    if not (text.isascii() and text.lstrip("+-").isdigit()) or len(text) > 12:
        raise InputError(N_("{what} {text} is not a whole number", what=what, text=repr(text)))
    return int(text)


def _kind(text: str) -> RatedKind | None:
    """The rated kind chosen on the form; empty: the time control's, else standard."""
    if not text:
        return None
    try:
        return RatedKind(text)
    except ValueError:
        raise InputError(
            N_("rated kind {kind} is standard, rapid or blitz", kind=repr(text))
        ) from None


async def _upload(file: UploadFile | None, what: str) -> tuple[bytes, str]:
    """An uploaded file's bytes and name. :raises InputError: without one, or too large."""
    if file is None or not file.filename:
        raise InputError(N_("choose a {what} file to upload", what=what))
    data = await file.read(MAX_UPLOAD + 1)
    if len(data) > MAX_UPLOAD:
        raise InputError(
            N_("the file is larger than {size} MB", size=MAX_UPLOAD // (1024 * 1024)),
            location=file.filename,
        )
    return data, file.filename


# -- a new tournament ----------------------------------------------------------------------------


def _new_context(values: Mapping[str, Any], error: str = "") -> dict[str, object]:
    return {
        "systems": pairing_systems(),
        "kinds": [k.value for k in RatedKind],
        "rule_lists": tiebreak_lists(),
        "values": values,
        "error": error,
    }


@router.get("/arbiter/new", response_class=HTMLResponse)
def new_form(request: Request, _who: ArbiterDep) -> Response:
    values = {"system": "monrad", "kind": ""}
    return page(request, "arbiter/new.html", _new_context(values))


@router.post("/arbiter/new", response_class=HTMLResponse)
async def create(request: Request, who: ChangeDep, skak: SkakDep) -> Response:
    form = await request.form()
    values = {k: v for k, v in form.items() if isinstance(v, str)}

    def get(key: str) -> str:
        return values.get(key, "").strip()

    try:
        tournament = new_tournament(
            get("name"),
            system=get("system") or "monrad",
            rounds=_number(get("rounds"), N_("rounds")),
            settings=_lines(values.get("settings", "")),
            scoring=_lines(values.get("scoring", "")),
            place=get("place") or None,
            start=get("start") or None,
            end=get("end") or None,
            kind=_kind(get("kind")),
            time_control=get("time_control") or None,
            tiebreaks=_items(values.get("tiebreaks", "")),
            unrated=bool(get("unrated")),
            gladiator=bool(get("gladiator")),
            arbiters=_items(values.get("arbiters", "")),
            organiser=get("organiser") or None,
        )
        row = skak.tournaments.create(tournament, actor=who)
    except (SkakError, ValueError) as err:
        text = error_message(request, err)
        status = status_of(err) if isinstance(err, SkakError) else 400
        return page(request, "arbiter/new.html", _new_context(values, text), status=status)
    _ = gettext_for(language(request))
    created = _("Tournament #{id} {name} created; register its players.")
    flash(request, created.format(id=row.id, name=row.name))
    return RedirectResponse(f"/arbiter/t/{row.id}/players", status_code=303)


# -- TRF files -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Refusal:
    """An error on a form: the message and the problems listed under it (bad lines)."""

    message: str
    problems: tuple[str, ...] = ()

    @classmethod
    def of(cls, request: Request, err: Exception) -> _Refusal:
        lang = language(request)
        problems = tuple(say(p, lang) for p in getattr(err, "problems", ()))
        whole = error_message(request, err)
        return cls(whole.split("\n", 1)[0] if problems else whole, problems)


@router.get("/arbiter/import", response_class=HTMLResponse)
def import_form(request: Request, _who: ArbiterDep) -> Response:
    return page(request, "arbiter/import.html", {"systems": pairing_systems()})


@router.post("/arbiter/import", response_class=HTMLResponse)
async def import_trf(
    request: Request,
    who: ChangeDep,
    skak: SkakDep,
    file: UploadFile | None = None,
    system: Annotated[str, Form()] = "",
    lenient: Annotated[str, Form()] = "",
) -> Response:
    """Create a tournament from a TRF file, all or nothing (``skak import trf``)."""
    try:
        data, name = await _upload(file, N_("TRF"))
        t = tournament_from_trf(data, name, system=system or None, strict=not lenient)
        row = skak.tournaments.create(t, source=name, actor=who)
    except SkakError as err:
        context = {
            "systems": pairing_systems(),
            "refusal": _Refusal.of(request, err),
            "system": system,
        }
        return page(request, "arbiter/import.html", context, status=status_of(err))
    _ = gettext_for(language(request))
    done = _("Imported tournament #{id} {name}: {players} players, {rounds} rounds.")
    flash(
        request, done.format(id=row.id, name=t.name, players=len(t.players), rounds=len(t.rounds))
    )
    return RedirectResponse(f"/arbiter/t/{row.id}", status_code=303)


@router.get("/arbiter/t/{tid}/export.trf")
def export_trf(
    tid: int, _who: ArbiterDep, skak: SkakDep, format: str = "trf16", plain: bool = False
) -> Response:
    """The tournament as a TRF file to download (``skak export trf``; ``format=trf26``,
    ``plain`` without skak's own lines, for a rating report), with its changes as ``###``
    lines."""
    if format not in ("trf16", "trf26"):
        raise InputError(N_("format {format} is trf16 or trf26", format=repr(format)))
    t = skak.tournaments.for_trf(tid)
    text = trf_text(t, trf26=format == "trf26", plain=plain)
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in t.name).strip("-") or "skak"
    ascii_stem = "".join(c if c.isascii() else "_" for c in stem)
    return Response(
        text.encode("utf-8"),
        media_type="text/plain; charset=utf-8",
        headers={  # RFC 6266: an ASCII name, and the name itself in UTF-8 (Århus, Ødis)
            "Content-Disposition": f'attachment; filename="{ascii_stem}.trf"; '
            f"filename*=UTF-8''{quote(stem)}.trf"
        },
    )


# -- players ---------------------------------------------------------------------------------------


def _players_page(
    request: Request,
    tid: int,
    t: Tournament,
    *,
    refusal: _Refusal | None = None,
    values: Mapping[str, str] | None = None,
    status: int = 200,
    search: RegistrySearch | None = None,
) -> Response:
    context = tournament_context(tid, t) | {
        "view": players_view(t),
        "bans": bans_view(t),
        "refusal": refusal,
        "values": values or {},
        "titles": [title.value for title in Title],
        "search": search,
        "registered": {p.dsu_id for p in t.players if p.dsu_id is not None},
    }
    return page(request, "arbiter/players.html", context, status=status)


@router.get("/arbiter/t/{tid}/players", response_class=HTMLResponse)
def players(request: Request, tid: int, _who: ArbiterDep, cache: CacheDep) -> Response:
    t, _version = load_tournament(cache, tid)
    return _players_page(request, tid, t)


#: The rating fields of the form, by the player's rating (``Ratings``) they hold.
_RATINGS = {"dsu": "rating", "dsu_rapid": "rapid", "dsu_blitz": "blitz", "fide": "fide_rating"}
_RATING_NAMES = {
    "dsu": N_("rating"),
    "dsu_rapid": N_("rapid rating"),
    "dsu_blitz": N_("blitz rating"),
    "fide": N_("FIDE rating"),
}


def _details(
    form: Mapping[str, str], prefix: str = ""
) -> tuple[dict[str, Any], dict[str, int | None]]:
    """A player's details and ratings as the form gives them (empty fields: none);
    ``prefix`` reads the hidden copy of what the form showed (``was_``).

    :raises InputError: naming the field that is wrong.
    """

    def get(key: str) -> str:
        return form.get(prefix + key, "").strip()

    title = get("title")
    federation = get("federation")
    details = {
        "name": get("name"),
        "sex": parse_sex(get("sex") or None),
        "birth_date": parse_date(get("born") or None, N_("birth date")),
        "club": get("club") or None,
        "federation": federation.upper() or None,
        "dsu_id": _number(get("dsu_id"), N_("DSU member number")),
        "fide_id": _number(get("fide_id"), N_("FIDE id")),
        "title": Title.parse(title) if title else None,
    }
    ratings = {k: _number(get(field), _RATING_NAMES[k]) for k, field in _RATINGS.items()}
    return details, ratings


def _form_values(form: FormData) -> dict[str, str]:
    return {k: v for k, v in form.items() if isinstance(v, str) and k != "csrf"}


@router.post("/arbiter/t/{tid}/players/add", response_class=HTMLResponse)
async def add_player(
    request: Request, tid: int, who: ChangeDep, skak: SkakDep, cache: CacheDep
) -> Response:
    """Register one player (tilmelding); after round 1, a late entry."""
    values = _form_values(await request.form())
    try:
        number = _number(values.get("start_number", ""), N_("start number"))
        details, ratings = _details(values)
        name = details.pop("name")
        make = one_player(name, number, ratings=Ratings(**ratings), **details)
        done = skak.tournaments.register_players(f"#{tid}", make, actor=who)
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        refusal = _Refusal.of(request, err)
        return _players_page(request, tid, t, refusal=refusal, values=values, status=status_of(err))
    lang = language(request)
    _ = gettext_for(lang)
    (player,) = added(done)
    message = _("Added {name} as start number {number}.")
    flash(request, message.format(name=player.name, number=player.start_number))
    if player.late_from:
        late = _("A late entry (sen tilmelding) from round {round}.")
        flash(request, late.format(round=player.late_from))
    for note in done.notes:
        flash(request, say(note, lang))
    return RedirectResponse(f"/arbiter/t/{tid}/players", status_code=303)


@router.get("/arbiter/t/{tid}/players/registry", response_class=HTMLResponse)
def registry_search(
    request: Request, tid: int, _who: ArbiterDep, skak: SkakDep, cache: CacheDep, q: str = ""
) -> Response:
    """The rating registry's players that ``q`` finds (part of a name, or a DSU member
    number), each with a button that registers him: for HTMX the list alone, else the
    players page with it."""
    t, _version = load_tournament(cache, tid)
    search: RegistrySearch | None = None
    refusal: _Refusal | None = None
    if q.strip():
        try:
            search = skak.registry.search(q)
        except SkakError as err:
            refusal = _Refusal.of(request, err)
    if request.headers.get("HX-Request") == "true":
        context = {
            "tid": tid,
            "search": search,
            "search_refusal": refusal,
            "registered": {p.dsu_id for p in t.players if p.dsu_id is not None},
            "csrf": csrf_token(request),
        }
        return fragment(request, "arbiter/_registry_matches.html", context)
    return _players_page(request, tid, t, refusal=refusal, search=search, values={"q": q})


@router.post("/arbiter/t/{tid}/players/registry", response_class=HTMLResponse)
async def add_from_registry(
    request: Request, tid: int, who: ChangeDep, skak: SkakDep, cache: CacheDep
) -> Response:
    """Register a DSU member from the rating registry (``skak players add --member N``):
    name, club, birth year and ratings are the registry's."""
    values = _form_values(await request.form())
    try:
        member = _number(values.get("member", ""), N_("DSU member number"))
        if member is None:
            raise InputError(N_("choose a player of the rating registry to add"))
        done = skak.tournaments.register_from_registry(f"#{tid}", [member], actor=who)
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        refusal = _Refusal.of(request, err)
        return _players_page(request, tid, t, refusal=refusal, status=status_of(err))
    lang = language(request)
    _ = gettext_for(lang)
    for player in added(done):
        message = _(
            "Added {name} (DSU {dsu_id}) from the rating registry as start number {number}."
        )
        flash(
            request,
            message.format(name=player.name, dsu_id=player.dsu_id, number=player.start_number),
        )
        if player.late_from:
            late = _("A late entry (sen tilmelding) from round {round}.")
            flash(request, late.format(round=player.late_from))
    for note in done.notes:
        flash(request, say(note, lang))
    return RedirectResponse(f"/arbiter/t/{tid}/players", status_code=303)


@router.post("/arbiter/t/{tid}/players/import", response_class=HTMLResponse)
async def import_players(
    request: Request,
    tid: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    file: UploadFile | None = None,
) -> Response:
    """A CSV player list, all or nothing; every bad line is listed (``skak players
    import``)."""
    try:
        data, name = await _upload(file, N_("CSV"))
        done = skak.tournaments.register_players(
            f"#{tid}", players_from_bytes(data, name), source=name, actor=who
        )
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        refusal = _Refusal.of(request, err)
        return _players_page(request, tid, t, refusal=refusal, status=status_of(err))
    lang = language(request)
    _ = gettext_for(lang)
    new = added(done)
    message = _("Imported {count} players from {file}.")
    flash(request, message.format(count=len(new), file=name))
    for note in done.notes:
        flash(request, say(note, lang))
    return RedirectResponse(f"/arbiter/t/{tid}/players", status_code=303)


def _edit_page(
    request: Request,
    tid: int,
    t: Tournament,
    number: int,
    *,
    refusal: _Refusal | None = None,
    status: int = 200,
) -> Response:
    p = t.player(number)
    context = tournament_context(tid, t) | {
        "player": p,
        "refusal": refusal,
        "titles": [title.value for title in Title],
        "next_round": t.next_round,
    }
    return page(request, "arbiter/player.html", context, status=status)


@router.get("/arbiter/t/{tid}/players/{number}", response_class=HTMLResponse)
def player_form(
    request: Request, tid: int, number: int, _who: ArbiterDep, cache: CacheDep
) -> Response:
    t, _version = load_tournament(cache, tid)
    return _edit_page(request, tid, t, number)


@router.post("/arbiter/t/{tid}/players/{number}", response_class=HTMLResponse)
async def edit_player(
    request: Request, tid: int, number: int, who: ChangeDep, skak: SkakDep, cache: CacheDep
) -> Response:
    """Change a player's details: the fields the arbiter changed on the form (an emptied
    field clears the detail); the start number stays. The form carries what it showed
    (``was_…``): a field someone else changed meanwhile is a conflict, not overwritten, and
    a field this arbiter left alone keeps whatever another arbiter gave it."""
    values = _form_values(await request.form())
    try:
        (typed, typed_ratings), (shown, shown_ratings) = _details(values), _details(values, "was_")
        changes = {k: v for k, v in typed.items() if v != shown[k]}
        ratings = {k: v for k, v in typed_ratings.items() if v != shown_ratings[k]}
        seen = {k: shown[k] for k in changes} | {f"ratings.{k}": shown_ratings[k] for k in ratings}
        if changes or ratings:
            skak.tournaments.edit_player(
                f"#{tid}", number, rating_changes=ratings, seen=seen, actor=who, **changes
            )
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        return _edit_page(
            request, tid, t, number, refusal=_Refusal.of(request, err), status=status_of(err)
        )
    _ = gettext_for(language(request))
    message = _("Player {number} saved.") if changes or ratings else _("Nothing changed.")
    flash(request, message.format(number=number))
    return RedirectResponse(f"/arbiter/t/{tid}/players", status_code=303)


@router.post("/arbiter/t/{tid}/players/{number}/withdraw", response_class=HTMLResponse)
async def withdraw_player(
    request: Request,
    tid: int,
    number: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    from_round: Annotated[str, Form()] = "",
) -> Response:
    """The player withdraws (udgår) from a round on (default: the next round)."""
    try:
        first = _number(from_round, N_("from round"))
        player = skak.tournaments.withdraw(f"#{tid}", number, from_round=first, actor=who)
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        return _edit_page(
            request, tid, t, number, refusal=_Refusal.of(request, err), status=status_of(err)
        )
    _ = gettext_for(language(request))
    message = _("{name} withdraws (udgår) from round {round}.")
    flash(request, message.format(name=player.name, round=player.withdrawn_from))
    return RedirectResponse(f"/arbiter/t/{tid}/players", status_code=303)


@router.post("/arbiter/t/{tid}/players/{number}/remove", response_class=HTMLResponse)
async def remove_player(
    request: Request,
    tid: int,
    number: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    reason: Annotated[str, Form()] = "",
    confirmed: Annotated[str, Form()] = "",
) -> Response:
    """A player registered by mistake taken off the list before round 1 (asked first: the
    form's box must be ticked); the players after him move up a number."""
    _ = gettext_for(language(request))
    try:
        if confirmed != "yes":
            raise InputError(N_("tick the box to confirm the removal"))
        done = skak.tournaments.remove_player(f"#{tid}", number, reason=reason, actor=who)
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        return _edit_page(
            request, tid, t, number, refusal=_Refusal.of(request, err), status=status_of(err)
        )
    gone = done.before.player(number) if done.before is not None else None
    message = _("{name} is removed; the players after him moved up a number.")
    flash(request, message.format(name=gone.name if gone else number))
    return RedirectResponse(f"/arbiter/t/{tid}/players", status_code=303)


@router.post("/arbiter/t/{tid}/players/{number}/absence", response_class=HTMLResponse)
async def absence(
    request: Request,
    tid: int,
    number: int,
    who: ChangeDep,
    skak: SkakDep,
    cache: CacheDep,
    rounds: Annotated[str, Form()] = "",
    kind: Annotated[str, Form()] = "absent",
) -> Response:
    """An announced absence (meldt afbud, 0 points), a requested half-point bye, or either
    taken back, for the rounds typed (``3`` or ``3, 5``)."""
    try:
        numbers = frozenset(
            n for n in (_number(r, N_("round")) for r in _items(rounds)) if n is not None
        )
        if not numbers:
            raise InputError(N_("type the round or rounds, e.g. 3 or 3, 5"))
        if kind not in ("absent", "half", "cancel"):
            raise InputError(
                N_("an absence is absent, half or cancel, not {kind}", kind=repr(kind))
            )
        player = skak.tournaments.announce_absence(
            f"#{tid}",
            number,
            numbers,
            half=kind == "half",
            cancel=kind == "cancel",
            actor=who,
        )
    except SkakError as err:
        t, _version = load_tournament(cache, tid)
        return _edit_page(
            request, tid, t, number, refusal=_Refusal.of(request, err), status=status_of(err)
        )
    ngettext = ngettext_for(language(request))
    listed, n = ", ".join(map(str, sorted(numbers))), len(numbers)
    if kind == "cancel":
        message = ngettext(
            "{name}: no longer absent in round {rounds}.",
            "{name}: no longer absent in rounds {rounds}.",
            n,
        )
    elif kind == "half":
        message = ngettext(
            "{name}: a half-point bye in round {rounds}.",
            "{name}: a half-point bye in rounds {rounds}.",
            n,
        )
    else:
        message = ngettext(
            "{name}: absent (0 points) in round {rounds}.",
            "{name}: absent (0 points) in rounds {rounds}.",
            n,
        )
    flash(request, message.format(name=player.name, rounds=listed))
    return RedirectResponse(f"/arbiter/t/{tid}/players/{number}", status_code=303)
