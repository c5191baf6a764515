"""Correspondence chess (section 6) on the web: a group's public page and its leader's pages.

For everyone: ``/corr`` lists the groups; ``/corr/{id}`` shows a group's standings (6.5.4.1,
6.6.1.4, 6.7.4.5; a withdrawal counted by 6.2.8), what they lead to once every game is
finished — the class each player plays in next (6.5.2.2–6.5.3.3), a cup result's EMT right
(6.6.2), each club's division (6.7.5.1) — its players and its games with their results;
``/corr/{id}/game/{number}`` a game's cards and reflection time (6.3).

For the correspondence leader (TL; login required, the API checks the ``correspondence``
role on the group, or the group's creator, or an admin): ``/leader/corr`` lists the groups
and creates one; ``/leader/corr/{id}`` enters the players in the drawn order (before the
play begins), each game's cards as they arrive, its result or the TL's adjudication (6.2.7,
6.2.8), a holiday (6.3.6) and a withdrawal (6.2.8). ``/leader/corr/{id}/overdue`` is the
overdue report as of a day (``?as_of=``): the oversteps, the silent opponents, the games to
adjudicate and the results to report; ``/leader/corr/{id}/letters`` the letters it calls
for, one a printed page, and ``/leader/corr/{id}/letters.pdf`` the same as PDF
(:mod:`skak.faces.pdf`). Which letters, and to whom, is docs/interpretations.md's.

The players report their results to the TL in writing (6.2.6) and he enters them: skak's
accounts are the officials', a player has none (docs/interpretations.md).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Form, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.errors import InputError, NotFoundError, SkakError
from skak.faces.i18n import say
from skak.faces.pdf import Letter
from skak.faces.web._render import error_message, flash, gettext_for, language, page, status_of
from skak.faces.web.arbiter import ArbiterDep, ChangeDep
from skak.faces.web.public import SkakDep
from skak.messages import N_
from skak.views import exact_decimal

if TYPE_CHECKING:
    from skak.views import CorrDueRow, CorrOverdueView

__all__ = ["due_text", "letters_of", "router"]

router = APIRouter()

#: The results the leader's form offers, as stored (``0-0``: lost for both, 6.3.3.4).
RESULTS = ("1-0", "0-1", "1/2-1/2", "0-0")
#: The events a group may be of, and what ``detail`` names for each.
EVENTS = ("emt", "cup", "team")
#: The EMT's classes (6.5.1) and the cup's stages (6.6).
CLASSES = ("DM", "M", "K", "Å")
STAGES = ("preliminary", "semifinal", "final")

Gettext = Callable[[str], str]


def _day(text: str | None, what: str) -> date | None:
    if text is None or not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(
            N_("{what}: {day} is not a date (YYYY-MM-DD)", what=what, day=repr(text))
        ) from None


# -- the public pages -------------------------------------------------------------------------


@router.get("/corr", response_class=HTMLResponse)
def groups(request: Request, skak: SkakDep) -> Response:
    """Every correspondence group in the database."""
    return page(request, "corr/list.html", {"groups": skak.correspondence.lines()})


@router.get("/corr/{gid}", response_class=HTMLResponse)
def group(request: Request, gid: int, skak: SkakDep) -> Response:
    """A group's standings, what they lead to, its players and its games."""
    view = skak.correspondence.players(gid)
    standings = skak.correspondence.standings(gid)
    context = {
        "gid": gid,
        "view": view,
        "standings": standings,
        "next_on": any(r.outcome is not None for r in standings.standings),
        "finished": sum(1 for g in view.games if g.result is not None),
    }
    return page(request, "corr/group.html", context)


@router.get("/corr/{gid}/game/{number}", response_class=HTMLResponse)
def game(request: Request, gid: int, number: int, skak: SkakDep) -> Response:
    """A game's cards and reflection time, card by card (as ``skak corr game`` shows it)."""
    line = next((g for g in skak.correspondence.players(gid).games if g.number == number), None)
    if line is None:
        raise NotFoundError(N_("the group has no game {game}", game=f"#{number}"))
    context = {
        "gid": gid,
        "name": skak.correspondence.resolve(gid).name,
        "line": line,
        "time": skak.correspondence.game(gid, number),
    }
    return page(request, "corr/game.html", context)


# -- the leader's pages -----------------------------------------------------------------------


@router.get("/leader/corr", response_class=HTMLResponse)
def leader_home(request: Request, skak: SkakDep, who: ArbiterDep) -> Response:
    """The groups, each to lead, and a new group's form."""
    return _home(request, skak)


def _home(request: Request, skak: SkakDep, *, error: str = "", status: int = 200) -> Response:
    context = {
        "groups": skak.correspondence.lines(),
        "events": EVENTS,
        "classes": CLASSES,
        "stages": STAGES,
        "today": date.today(),
        "error": error,
    }
    return page(request, "corr/leader_home.html", context, status=status)


@router.post("/leader/corr/new", response_class=HTMLResponse)
def new_group(
    request: Request,
    skak: SkakDep,
    who: ChangeDep,
    name: Annotated[str, Form()] = "",
    event: Annotated[str, Form()] = "emt",
    detail: Annotated[str, Form()] = "",
    start: Annotated[str, Form()] = "",
    mode: Annotated[str, Form()] = "post",
) -> Response:
    """A new group (the start letter's facts); its players are entered on its page."""
    try:
        kind = event.strip().lower()
        text = detail.strip()
        if kind == "team" and not text.isdigit():
            raise InputError(
                N_("a team group's division is 1, 2 or 3, not {text}", text=repr(text))
            )
        row = skak.correspondence.new(
            name,
            kind,
            _day(start, "start") or date.today(),
            emt_class=(text or None) if kind == "emt" else None,
            stage=(text or None) if kind == "cup" else None,
            division=int(text) if kind == "team" else None,
            mode=mode,
            actor=who,
        )
    except SkakError as err:
        return _home(request, skak, error=error_message(request, err), status=status_of(err))
    _ = gettext_for(language(request))
    flash(request, _("The group {name} is created.").format(name=row.name))
    return RedirectResponse(f"/leader/corr/{row.id}", status_code=303)


def _leader_page(
    request: Request, skak: SkakDep, gid: int, *, error: str = "", status: int = 200
) -> Response:
    view = skak.correspondence.players(gid)
    header = ("navn;medlemsnummer;ratingtal;klub" if language(request) == "da"
              else "name;member;rating;club")  # fmt: skip
    context = {
        "gid": gid,
        "view": view,
        "started": skak.correspondence.get(gid).started,
        "results": RESULTS,
        "header": header,
        "today": date.today(),
        "error": error,
    }
    return page(request, "corr/leader.html", context, status=status)


@router.get("/leader/corr/{gid}", response_class=HTMLResponse)
def leader(request: Request, gid: int, skak: SkakDep, who: ArbiterDep) -> Response:
    """The group's players and games, each game's cards, result and adjudication."""
    return _leader_page(request, skak, gid)


def _change(
    request: Request,
    skak: SkakDep,
    gid: int,
    change: Callable[[], tuple[str, ...]],
    said: Callable[[Gettext], str],
) -> Response:
    """Carry out ``change`` (which gives the notes of its outcome): back to the leader's page
    with ``said`` and the notes, or the page again with the refusal, nothing written."""
    try:
        notes = change()
    except SkakError as err:
        return _leader_page(
            request, skak, gid, error=error_message(request, err), status=status_of(err)
        )
    lang = language(request)
    flash(request, said(gettext_for(lang)))
    for note in notes:
        flash(request, say(note, lang))
    return RedirectResponse(f"/leader/corr/{gid}", status_code=303)


@router.post("/leader/corr/{gid}/players", response_class=HTMLResponse)
def players(
    request: Request,
    gid: int,
    skak: SkakDep,
    who: ChangeDep,
    players: Annotated[str, Form()] = "",
) -> Response:
    """The players in the drawn order, as a CSV's text under its header line; the games and
    their colours are fixed then (6.5.2.1, 6.7.2.3)."""

    def change() -> tuple[str, ...]:
        return skak.correspondence.players_csv(gid, players.encode(), "players", actor=who).notes

    return _change(request, skak, gid, change, lambda _: _("The players are entered."))


@router.post("/leader/corr/{gid}/result", response_class=HTMLResponse)
def result(
    request: Request,
    gid: int,
    skak: SkakDep,
    who: ChangeDep,
    game: Annotated[str, Form()] = "",
    result: Annotated[str, Form()] = "",
    adjudicated: Annotated[str, Form()] = "",
) -> Response:
    """A game's result as the winner (White at a draw) reported it (6.2.6), or the TL's
    adjudication (6.2.7, 6.2.8); entered again, it corrects the result."""
    changed = False

    def change() -> tuple[str, ...]:
        nonlocal changed
        done = skak.correspondence.result(
            gid, game, result, adjudicated=bool(adjudicated), actor=who
        )
        changed = bool(done.events)
        return done.notes

    return _change(
        request, skak, gid, change,
        lambda _: _("Result entered") if changed else _("Nothing changed"),
    )  # fmt: skip


@router.post("/leader/corr/{gid}/card", response_class=HTMLResponse)
def card(
    request: Request,
    gid: int,
    skak: SkakDep,
    who: ChangeDep,
    game: Annotated[str, Form()] = "",
    moves: Annotated[str, Form()] = "",
    sent: Annotated[str, Form()] = "",
    received: Annotated[str, Form()] = "",
    postmark: Annotated[str, Form()] = "",
    receipt_slip: Annotated[str, Form()] = "",
    series: Annotated[str, Form()] = "",
    invalid_moves: Annotated[str, Form()] = "0",
    notice: Annotated[str, Form()] = "",
    reminder: Annotated[str, Form()] = "",
    tl_contacted: Annotated[str, Form()] = "",
    late_receipt_accepted: Annotated[str, Form()] = "",
) -> Response:
    """A game's next card as it arrived: the clock checks it with the cards before it (a
    wrong move or date refused, nothing written); the notes say the overstep (6.3.3)."""

    def change() -> tuple[str, ...]:
        invalid = invalid_moves.strip() or "0"
        if not invalid.isdigit():
            raise InputError(N_("invalid moves are 0–20, not {n}", n=invalid))
        return skak.correspondence.card(
            gid, game, moves, sent=_day(sent, "sent"), received=_day(received, "received"),
            postmark=_day(postmark, "postmark"), receipt_slip=_day(receipt_slip, "receipt"),
            series=series.strip() or None, late_receipt_accepted=bool(late_receipt_accepted),
            notice=bool(notice), reminder=bool(reminder), tl_contacted=bool(tl_contacted),
            invalid_moves=int(invalid), actor=who,
        ).notes  # fmt: skip

    return _change(request, skak, gid, change, lambda _: _("The card is entered."))


@router.post("/leader/corr/{gid}/take-back", response_class=HTMLResponse)
def take_back(
    request: Request, gid: int, skak: SkakDep, who: ChangeDep, game: Annotated[str, Form()] = ""
) -> Response:
    """The game's last card taken back (entered wrongly)."""

    def change() -> tuple[str, ...]:
        return skak.correspondence.take_back_card(gid, game, actor=who).notes

    return _change(request, skak, gid, change, lambda _: _("The last card is taken back."))


@router.post("/leader/corr/{gid}/holiday", response_class=HTMLResponse)
def holiday(
    request: Request,
    gid: int,
    skak: SkakDep,
    who: ChangeDep,
    player: Annotated[str, Form()] = "",
    first: Annotated[str, Form()] = "",
    last: Annotated[str, Form()] = "",
    notice: Annotated[str, Form()] = "",
    special_leave: Annotated[str, Form()] = "",
) -> Response:
    """A holiday a player announced (6.3.6): his games' clocks stop on its days."""

    def change() -> tuple[str, ...]:
        a, b = _day(first, "from"), _day(last, "to")
        if a is None or b is None:
            raise InputError(N_("the holiday's first and last day are missing"))
        return skak.correspondence.holiday(
            gid, player, a, b, notice=_day(notice, "notice"),
            special_leave=bool(special_leave), actor=who,
        ).notes  # fmt: skip

    return _change(request, skak, gid, change, lambda _: _("Holiday entered"))


@router.post("/leader/corr/{gid}/withdraw", response_class=HTMLResponse)
def withdraw(
    request: Request,
    gid: int,
    skak: SkakDep,
    who: ChangeDep,
    player: Annotated[str, Form()] = "",
    day: Annotated[str, Form()] = "",
    reason: Annotated[str, Form()] = "none",
) -> Response:
    """A player withdrew (6.2.8); the note says what it does to his games."""

    def change() -> tuple[str, ...]:
        return skak.correspondence.withdraw(
            gid, player, _day(day, "day") or date.today(), reason=reason, actor=who
        ).notes

    return _change(request, skak, gid, change, lambda _: _("Withdrawal entered"))


# -- the overdue report and its letters ---------------------------------------------------------


def _as_of(skak: SkakDep, gid: int, text: str) -> date:
    """The day asked for; else today, or the group's start when it lies ahead."""
    given = _day(text, "as of")
    if given is not None:
        return given
    return max(date.today(), skak.correspondence.get(gid).start)


def _days(value: Fraction | None) -> str:
    return "—" if value is None else exact_decimal(value)


def due_text(d: CorrDueRow, _: Gettext) -> str:
    """What is due, in the words of ``skak corr overdue``."""
    day = d.day.isoformat() if d.day else "—"
    if d.action == "overstep":
        return _(
            "{player} overstepped the time on his move {move} ({used} days, more than {limit} "
            "by move {control}; late from {day}): the game is lost when {opponent} claims it "
            "({rule}, 6.3.3.3)"
        ).format(
            player=d.player, move=d.move, used=d.used, limit=_days(d.limit),
            control=d.control_move, day=day, opponent=d.opponent, rule=d.rule,
        )  # fmt: skip
    if d.action == "repeat":
        return _(
            "{player} has not heard from {opponent}: he repeats his last move from {day} ({rule})"
        ).format(player=d.player, opponent=d.opponent, day=day, rule=d.rule)
    if d.action == "write":
        return _(
            "{opponent} is silent after the repetition: the TL writes to him from {day}; "
            "he loses unless he answers at once ({rule})"
        ).format(opponent=d.opponent, day=day, rule=d.rule)
    if d.action == "adjudicate":
        return _(
            "unfinished after 18 months: the TL may call it in for adjudication from {day} (6.2.7)"
        ).format(day=day)
    if d.action == "withdrawal":
        return _(
            "{player} withdrew on {day}: {opponent} sends the game and its final position to "
            "the TL for adjudication (6.2.8)"
        ).format(player=d.player, day=day, opponent=d.opponent)
    text = _("the game ended on the board ({result}): its result is to be reported (6.2.6)")
    return text.format(result=d.result)


def letters_of(view: CorrOverdueView, _: Gettext) -> list[Letter]:
    """The letters the overdue report calls for (docs/interpretations.md, "The overdue
    report's letters"): to the silent player (6.3.4, 6.8.3), to both players of a game
    called in (6.2.7) or overstepped (6.3.3.3–6.3.3.4), to a withdrawn player's opponent
    (6.2.8), to the winner (White at a draw) of a game not reported (6.2.6). A repetition
    is the player's own business, not the TL's."""
    out: list[Letter] = []
    for d in view.due:
        game = _("game {game} ({white} – {black})").format(
            game=d.game, white=d.white, black=d.black
        )
        if d.action == "write" and d.opponent:
            text = _(
                "{player} has repeated his last move in {game} and heard nothing from you. "
                "Answer at once, to the TL and to {player}: else the game is lost (6.3.4)."
            ).format(player=d.player, game=game)
            out.append(Letter(d.opponent, game, text))
        elif d.action == "adjudicate":
            text = _(
                "{game} is unfinished 18 months after the group's start. The TL calls it in "
                "for adjudication: send him the game's moves and a diagram of the position as "
                "it stands within 14 days (6.2.7)."
            ).format(game=game)
            out += [Letter(d.white, game, text), Letter(d.black, game, text)]
        elif d.action == "overstep" and d.player and d.opponent:
            text = _(
                "In {game} {player} overstepped the time on his move {move} ({used} days, more "
                "than {limit} by move {control}): the game is lost for him (6.3.3.3), and it "
                "may not be continued (6.3.3.4). Send the TL the result, or what speaks "
                "against the reckoning, at once."
            ).format(
                game=game, player=d.player, move=d.move, used=d.used, limit=_days(d.limit),
                control=d.control_move,
            )  # fmt: skip
            out += [Letter(d.player, game, text), Letter(d.opponent, game, text)]
        elif d.action == "withdrawal" and d.player and d.opponent:
            text = _(
                "{player} withdrew from the group on {day}. Send the TL the moves of {game} "
                "and a diagram of its final position, for adjudication (6.2.8)."
            ).format(player=d.player, day=d.day.isoformat() if d.day else "—", game=game)
            out.append(Letter(d.opponent, game, text))
        elif d.action == "report":
            winner = d.black if d.result == "0-1" else d.white
            text = _(
                "{game} ended on the board ({result}), and its result has not reached the TL. "
                "Report it in writing, naming the group (6.2.6)."
            ).format(game=game, result=d.result)
            out.append(Letter(winner, game, text))
    return out


def _overdue(skak: SkakDep, gid: int, as_of: str) -> tuple[CorrOverdueView, str]:
    when = _as_of(skak, gid, as_of)
    return skak.correspondence.overdue(gid, when), when.isoformat()


@router.get("/leader/corr/{gid}/overdue", response_class=HTMLResponse)
def overdue(
    request: Request, gid: int, skak: SkakDep, who: ArbiterDep, as_of: str = ""
) -> Response:
    """What is due by the day: each thing with its rule, and every unfinished game's dates."""
    name = skak.correspondence.resolve(gid).name
    _ = gettext_for(language(request))
    try:
        view, day = _overdue(skak, gid, as_of)
    except InputError as err:
        context = {"gid": gid, "name": name, "view": None, "day": as_of, "due": []}
        context["error"] = error_message(request, err)
        return page(request, "corr/overdue.html", context, status=400)
    due = [(d, due_text(d, _)) for d in view.due]
    context = {
        "gid": gid,
        "name": name,
        "view": view,
        "day": day,
        "due": due,
        "letters": len(letters_of(view, _)),
        "error": "",
    }
    return page(request, "corr/overdue.html", context)


@router.get("/leader/corr/{gid}/letters", response_class=HTMLResponse)
def letters(
    request: Request, gid: int, skak: SkakDep, who: ArbiterDep, as_of: str = ""
) -> Response:
    """The overdue report's letters to print: the list, then each letter on its own page."""
    view, day = _overdue(skak, gid, as_of)
    _ = gettext_for(language(request))
    context = {"gid": gid, "name": view.name, "day": day, "letters": letters_of(view, _)}
    return page(request, "corr/letters.html", context)


@router.get("/leader/corr/{gid}/letters.pdf")
def letters_pdf(
    request: Request, gid: int, skak: SkakDep, who: ArbiterDep, as_of: str = ""
) -> Response:
    """The letters as PDF (:func:`skak.faces.pdf.letters_pdf`), in the page's language."""
    from skak.faces import pdf
    from skak.faces.web.prints import filename

    view, day = _overdue(skak, gid, as_of)
    lang = language(request)
    _ = gettext_for(lang)
    options = pdf.PrintOptions(lang, view.as_of)
    what = _("Letters of the overdue report, {day}").format(day=day)
    data = pdf.letters_pdf(view.name, what, letters_of(view, _), options)
    name = filename(view.name, "letters", None).removesuffix(".pdf") + f"-{day}.pdf"
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )
