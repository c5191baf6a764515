"""Prints (udskrifter) as PDF: the pairing list by board (also large, for the notice board),
the alphabetical list of who plays where, the result slips to cut out, the standings, the
crosstable, the prize list, §6's report to the rating registrar, and the correspondence
leader's letters (:func:`letters_pdf`).

Each print renders a view of :mod:`skak.views` that the CLI and the web already show —
:class:`~skak.views.RoundView`, :class:`~skak.views.StandingsView`,
:class:`~skak.views.CrosstableView`, :class:`~skak.views.report.ReportView` — in the
language asked for, and decides nothing. Both faces call it (``skak print``, the web's
``/t/{id}/print/…``). The PDF library, fpdf2, is imported when a print is made, so a
command that prints nothing does not load it.

Every page names the tournament, what it shows (the round) and the day it was printed, in
its heading and its footing; ``qr_url`` puts the QR code of that address (the public page
of the same list) in the heading's corner.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from skak.errors import InputError, NotFoundError
from skak.faces.i18n import say as _say
from skak.faces.i18n import translations
from skak.messages import N_

if TYPE_CHECKING:
    from skak.api import Tournament
    from skak.faces.pdf._sheet import Column, Sheet
    from skak.views import CrosstableView, PrizeListView, RoundView, StandingsView
    from skak.views.report import ReportView

__all__ = [
    "KINDS",
    "Letter",
    "PrintOptions",
    "alphabetical_pdf",
    "cards_pdf",
    "crosstable_pdf",
    "letters_pdf",
    "list_pdf",
    "pairings_pdf",
    "prizes_pdf",
    "report_pdf",
    "standings_pdf",
]

#: The prints by the names ``skak print`` and the web's addresses give them.
KINDS = ("pairings", "alphabetical", "cards", "standings", "crosstable", "prizes", "report")


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """How a print is made: its language (``da``, ``en``), the day printed in its heading,
    large type (the pairing lists on the notice board), the address whose QR code it shows
    (``None``: none) and, for tests that read its text, an uncompressed file."""

    lang: str
    day: date
    large: bool = False
    qr_url: str | None = None
    compress: bool = True


def list_pdf(kind: str, t: Tournament, options: PrintOptions, round_number: int | None) -> bytes:
    """Print ``kind`` of tournament ``t`` (any of :data:`KINDS` but the report, whose view
    needs more than the tournament): a round's lists and slips of round ``round_number``
    (default: the latest), the standings and the crosstable after it.

    :raises InputError: for a kind that is no print's.
    :raises NotFoundError: for a round not paired, or a round's list before round 1.
    """
    from skak.views import crosstable_view, round_view, standings_view

    if kind not in KINDS or kind == "report":
        raise InputError(
            N_(
                "no print is called {kind}; choose one of {kinds}",
                kind=kind,
                kinds=", ".join(KINDS),
            )
        )
    if round_number is not None and not 1 <= round_number <= t.current_round:
        raise NotFoundError(
            N_(
                "{tournament} has no round {round}: rounds 1 to {last} are paired",
                tournament=t.name,
                round=round_number,
                last=t.current_round,
            )
            if t.current_round
            else N_("{tournament} has no round paired yet", tournament=t.name)
        )
    if kind == "standings":
        view = standings_view(t, after_round=round_number, today=options.day)
        return standings_pdf(view, options)
    if kind == "crosstable":
        return crosstable_pdf(crosstable_view(t, after_round=round_number), options)
    if kind == "prizes":
        from skak.views import prize_list_view

        return prizes_pdf(prize_list_view(t, day=options.day), options)
    if t.current_round == 0:
        raise NotFoundError(N_("{tournament} has no round paired yet", tournament=t.name))
    rnd = round_view(t, round_number or t.current_round)
    make = {"pairings": pairings_pdf, "alphabetical": alphabetical_pdf, "cards": cards_pdf}
    return make[kind](rnd, options)


class _Words:
    """The texts of one language: ``gettext`` for a face's own, ``say`` for the core's."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.gettext: Callable[[str], str] = (
            (lambda m: m) if lang == "en" else translations(lang).gettext
        )

    def say(self, text: str) -> str:
        return _say(text, self.lang)


def _new_sheet(options: PrintOptions, tournament: str, what: str) -> Sheet:
    from skak.faces.pdf._sheet import Sheet

    _ = _Words(options.lang).gettext
    return Sheet(
        tournament,
        what,
        options.day,
        page_word=_("page"),
        qr_url=options.qr_url,
        compress=options.compress,
    )


def _done(sheet: Sheet) -> bytes:
    return bytes(sheet.output())


def name_with_number(name: str, number: int | None) -> str:
    """``Name (12)``; nothing without a player."""
    return "" if number is None else f"{name} ({number})"


# -- a round's lists -------------------------------------------------------------------------


def pairings_pdf(view: RoundView, options: PrintOptions) -> bytes:
    """The round's pairing list by board (rundelægning): each board's white and black
    player with their start numbers and the result so far, then the players without a game
    and what the round gives them; large type for the notice board."""
    from skak.faces.pdf._sheet import Column

    words = _Words(options.lang)
    _ = words.gettext
    what = _("Round {round}: pairings by board").format(round=view.round)
    sheet = _new_sheet(options, view.tournament, what)
    sheet.add_page()
    columns = [
        Column(_("Board"), "R"),
        Column(_("White (hvid)"), wide=True),
        Column(_("Black (sort)"), wide=True),
        Column(_("Result"), "C"),
    ]
    rows = []
    for p in view.pairings:
        result = "" if p.result is None else str(p.result)
        if p.is_bye:
            result = _("bye (oversidder)")
        rows.append(
            [
                str(p.board),
                name_with_number(p.white_name, p.white),
                name_with_number(p.black_name, p.black),
                result,
            ]
        )
    for b in view.byes:
        rows.append(["", name_with_number(b.name, b.player), "", words.say(b.result.label)])
    if options.large:  # the round in large type above the list on the notice board
        sheet.title_line(_("Round {round}").format(round=view.round), size=24)
    sheet.grid(columns, rows, size=18 if options.large else 10.5)
    return _done(sheet)


def alphabetical_pdf(view: RoundView, options: PrintOptions) -> bytes:
    """Who plays where: every player of the round once, by name (:func:`skak.views.seats`),
    with his board, his colour and his opponent, or what the round gives him."""
    from skak.faces.pdf._sheet import Column
    from skak.views import seats

    words = _Words(options.lang)
    _ = words.gettext
    what = _("Round {round}: who plays where").format(round=view.round)
    sheet = _new_sheet(options, view.tournament, what)
    sheet.add_page()
    columns = [
        Column(_("Name"), wide=True),
        Column(_("No."), "R"),
        Column(_("Board"), "R"),
        Column(_("Colour"), "C"),
        Column(_("Opponent"), wide=True),
    ]
    colours = {"white": _("White"), "black": _("Black")}
    rows = []
    for s in seats(view):
        if s.colour is None:
            label = "" if s.result is None else words.say(s.result.label)
            board = "" if s.board is None else str(s.board)
            rows.append([s.name, str(s.start_number), board, "", label])
            continue
        rows.append(
            [
                s.name,
                str(s.start_number),
                str(s.board),
                colours[s.colour.name.lower()],
                name_with_number(s.opponent_name, s.opponent),
            ]
        )
    if options.large:
        sheet.title_line(_("Round {round}").format(round=view.round), size=24)
    sheet.grid(columns, rows, size=16 if options.large else 10.5)
    return _done(sheet)


#: A result slip's size (mm) and how many stand on a page (two across, four down).
_CARD_W, _CARD_H, _ACROSS, _DOWN = 86.0, 58.0, 2, 4


def cards_pdf(view: RoundView, options: PrintOptions) -> bytes:
    """The result slips (resultatsedler): one for each board with a game, to cut out along
    the dashed lines — the round and board, both players, the results to tick and a line
    for each player's signature. Boards without a game (a bye) get none."""
    words = _Words(options.lang)
    _ = words.gettext
    what = _("Round {round}: result slips").format(round=view.round)
    sheet = _new_sheet(options, view.tournament, what)
    boards = [p for p in view.pairings if not p.is_bye]
    per_page = _ACROSS * _DOWN
    if not boards:
        sheet.add_page()
        sheet.paragraph(_("No board of this round has a game: there is no slip to print."))
        return _done(sheet)
    sheet.set_auto_page_break(False)  # the slips are placed by hand, eight to a page
    top = 32.0
    gap_x = (sheet.epw - _ACROSS * _CARD_W) / max(_ACROSS - 1, 1)
    for i, p in enumerate(boards):
        if i % per_page == 0:
            sheet.add_page()
        at = i % per_page
        x = sheet.l_margin + (at % _ACROSS) * (_CARD_W + gap_x)
        y = top + (at // _ACROSS) * (_CARD_H + 3)
        _card(sheet, words, view, p.board, (p.white_name, p.white), (p.black_name, p.black), x, y)
    return _done(sheet)


def _card(
    sheet: Sheet,
    words: _Words,
    view: RoundView,
    board: int,
    white: tuple[str, int],
    black: tuple[str, int | None],
    x: float,
    y: float,
) -> None:
    from skak.faces.pdf._sheet import FONT, printable

    _ = words.gettext
    sheet.set_draw_color(120)
    sheet.set_dash_pattern(dash=1.5, gap=1.5)
    sheet.rect(x, y, _CARD_W, _CARD_H)
    sheet.set_dash_pattern()
    sheet.set_draw_color(0)
    pad = 4.0
    inner = _CARD_W - 2 * pad
    sheet.set_xy(x + pad, y + 3)
    sheet.set_font(FONT, "B", 12)
    heading = _("Round {round}, board {board}").format(round=view.round, board=board)
    sheet.cell(inner, 6, printable(heading))
    sheet.set_xy(x + pad, y + 9)
    sheet.set_font(FONT, "", 7.5)
    sheet.cell(inner, 4, printable(view.tournament))
    for n, (label, (name, number)) in enumerate(((_("White"), white), (_("Black"), black))):
        sheet.set_xy(x + pad, y + 15 + n * 7)
        sheet.set_font(FONT, "", 9)
        sheet.cell(14, 6, printable(label))
        sheet.set_font(FONT, "B", 10.5)
        sheet.cell(inner - 14, 6, printable(name_with_number(name, number)))
    sheet.set_xy(x + pad, y + 31)
    sheet.set_font(FONT, "", 9)
    sheet.cell(16, 6, printable(_("Result")))
    box_x = x + pad + 18
    for result in ("1–0", "½–½", "0–1"):
        sheet.rect(box_x, y + 32, 4, 4)
        sheet.set_xy(box_x + 5, y + 31)
        sheet.set_font(FONT, "B", 10)
        sheet.cell(14, 6, printable(result))
        box_x += 21
    for n, label in enumerate((_("White's signature"), _("Black's signature"))):
        left = x + pad + n * (inner / 2 + 2)
        width = inner / 2 - 2
        sheet.line(left, y + _CARD_H - 10, left + width, y + _CARD_H - 10)
        sheet.set_xy(left, y + _CARD_H - 9.5)
        sheet.set_font(FONT, "", 7.5)
        sheet.cell(width, 4, printable(label))


# -- the tournament's tables -----------------------------------------------------------------


def standings_pdf(view: StandingsView, options: PrintOptions) -> bytes:
    """The standings (stilling) as ``skak standings`` shows them: place, start number, name,
    club, rating, points, games, the tie-breaks, and the new rating and the prize where the
    view has them."""
    from skak.faces.pdf._sheet import Column
    from skak.views import Omitted, number_column

    words = _Words(options.lang)
    _ = words.gettext
    what = _("Standings after round {round}").format(round=view.after_round)
    sheet = _new_sheet(options, view.tournament, what)
    columns = [
        Column(_("Place"), "R"),
        Column(_("No."), "R"),
        Column(_("Name"), wide=True),
        Column(_("Club"), wide=True),
        Column(_("Rating"), "R"),
        Column(_("Points"), "R"),
        Column(_("Games"), "R"),
    ]
    columns += [Column(code, "R") for code in view.tiebreaks]
    if view.rating_edition is not None:
        columns.append(Column(_("New rating ({edition})").format(edition=view.rating_edition), "R"))
    if view.prize_basis is not None:
        columns.append(Column(_("Prize"), "R"))
    rows_in = view.standings
    points = number_column(s.points for s in rows_in)
    tiebreaks = [number_column(s.tiebreaks[code] for s in rows_in) for code in view.tiebreaks]
    prizes = number_column(
        (None if isinstance(s.prize, Omitted) else s.prize for s in rows_in), fractions=False
    )
    rows = []
    for i, s in enumerate(rows_in):
        cells = [
            s.place,
            str(s.start_number),
            s.name,
            s.club or "",
            "" if s.player_rating is None else str(s.player_rating),
            points[i] + (f" (+{s.unfinished})" if s.unfinished else ""),
            str(s.games),
        ]
        cells += [column[i] for column in tiebreaks]
        if view.rating_edition is not None:
            c = s.rating
            cells.append(
                ""
                if isinstance(c, Omitted) or not c.games
                else _("{rating} (first rating)").format(rating=c.new)
                if c.first
                else f"{c.new} ({c.change:+d})"
            )
        if view.prize_basis is not None:
            cells.append(prizes[i])
        rows.append(cells)
    _landscape_if_wide(sheet, columns, rows, 10)
    sheet.grid(columns, rows, size=14 if options.large else 10)
    if view.note:
        sheet.paragraph(words.say(view.note), size=8.5)
    if view.rating_note:
        sheet.paragraph(words.say(view.rating_note), size=8.5)
    return _done(sheet)


def prizes_pdf(view: PrizeListView, options: PrintOptions) -> bytes:
    """The prize list (præmieliste) as ``skak prizes show`` shows it: each prize won, its
    place, the player, his points and the amount, and the total."""
    from skak.faces.pdf._sheet import Column
    from skak.views import number_column

    words = _Words(options.lang)
    _ = words.gettext
    sheet = _new_sheet(options, view.tournament, _("Prize list"))
    columns = [
        Column(_("Prize"), wide=True),
        Column(_("Place"), "R"),
        Column(_("No."), "R"),
        Column(_("Name"), wide=True),
        Column(_("Points"), "R"),
        Column(_("Amount"), "R"),
    ]
    points = number_column(line.points for line in view.lines)
    amounts = number_column([*(line.amount for line in view.lines), view.total], fractions=False)
    rows = [
        [
            words.say(line.label),
            line.place,
            str(line.start_number),
            line.name,
            points[i],
            amounts[i],
        ]
        for i, line in enumerate(view.lines)
    ]
    if rows:
        rows.append([_("Total"), "", "", "", "", amounts[-1]])
    sheet.add_page(orientation="P")
    sheet.grid(columns, rows, size=14 if options.large else 10)
    if not view.declared:
        sheet.paragraph(_("No prizes are declared."), size=10)
    elif not view.final:
        sheet.paragraph(
            _("The tournament is not finished: the list is as the standings stand now."), size=8.5
        )
    return _done(sheet)


def crosstable_pdf(view: CrosstableView, options: PrintOptions) -> bytes:
    """The crosstable (krydstabel) in standings order as ``skak crosstable`` shows it: each
    round's cell is the opponent's line, the colour (h/s) and the points."""
    words = _Words(options.lang)
    _ = words.gettext
    what = _("Crosstable after round {round}").format(round=view.after_round)
    sheet = _new_sheet(options, view.tournament, what)
    columns, rows = crosstable_rows(view, words)
    _landscape_if_wide(sheet, columns, rows, 9)
    sheet.grid(columns, rows, size=9)
    sheet.paragraph(
        _(
            "A cell is the opponent's line (#), the colour (h hvid / s sort) and the points; "
            "+ and − a forfeit. The games themselves are in the TRF file."
        ),
        size=8,
    )
    return _done(sheet)


def crosstable_rows(view: CrosstableView, words: _Words) -> tuple[list[Column], list[list[str]]]:
    """The crosstable's columns and rows (also §6's report's)."""
    from skak.faces.pdf._sheet import Column
    from skak.views import number_column

    _ = words.gettext
    columns = [Column("#", "R"), Column(_("Place"), "R"), Column(_("Name"), wide=True)]
    columns += [Column(str(r), "C") for r in range(1, view.after_round + 1)]
    columns.append(Column(_("Points"), "R"))
    columns += [Column(code, "R") for code in view.tiebreaks]
    rows_in = view.crosstable
    points = number_column(s.points for s in rows_in)
    tiebreaks = [number_column(s.tiebreaks[code] for s in rows_in) for code in view.tiebreaks]
    rows = []
    for i, s in enumerate(rows_in):
        cells = [str(s.line), s.place, s.name]
        cells += ["" if c is None else words.say(c.mark) for c in s.rounds]
        cells.append(points[i])
        cells += [column[i] for column in tiebreaks]
        rows.append(cells)
    return columns, rows


def _landscape_if_wide(
    sheet: Sheet, columns: list[Column], rows: list[list[str]], size: float
) -> None:
    """Start the print on a page across (landscape) when its table's figures leave its
    names too little room on an upright page at ``size``."""
    upright = sheet.layout(columns, rows, size) is not None  # before the first page: upright
    sheet.add_page(orientation="P" if upright else "L")


def report_pdf(view: ReportView, options: PrintOptions) -> bytes:
    """§6's report to the rating registrar as ``skak report --html`` shows it
    (:mod:`skak.faces.pdf._report`)."""
    from skak.faces.pdf._report import report

    return report(view, options, _Words(options.lang))


@dataclass(frozen=True, slots=True)
class Letter:
    """A letter the correspondence leader sends: to whom, about which game (as the TL names
    it, with its players), and what it says, in the print's language."""

    to: str
    game: str
    text: str


def letters_pdf(group: str, what: str, letters: Sequence[Letter], options: PrintOptions) -> bytes:
    """The correspondence leader's letters of group ``group`` (``what``: the print's heading,
    e.g. the overdue report's day): their list, then each on a page of its own
    (:mod:`skak.faces.pdf._letters`)."""
    from skak.faces.pdf._letters import letters as print_letters

    return print_letters(group, what, letters, options, _Words(options.lang))
