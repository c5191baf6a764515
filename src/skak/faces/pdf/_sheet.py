"""The page every print is made on: fpdf2's document with skak's heading and footing, a
table that fits the page, and the QR code of the page a print belongs to.

The text is set in the PDF's own Helvetica (one of the fourteen fonts every PDF reader
has), in Windows-1252: Danish and the other Western European letters (æ, ø, å, é, ü, ß), the
quarters (¼, ½, ¾), the dashes and the ellipsis print as they are, and no font file is
shipped or looked for. A letter outside it (ł, č, a Cyrillic name) is printed as its
nearest Latin letter, else as ``?`` (:func:`printable`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from fpdf import FPDF
from fpdf.enums import XPos, YPos

__all__ = ["Column", "Sheet", "printable"]

#: Letters Windows-1252 lacks, by the letter a reader expects in their place.
_NEAREST = str.maketrans(
    {
        "−": "–",  # the minus of a forfeit's mark: the en dash
        "ᵍ": "g",  # a Gladiator play-off's winner (1ᵍ)
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ı": "i",
        "✓": "x",
    }
)

#: The font, and the smallest size a table is shrunk to before names are cut.
FONT = "helvetica"
SMALLEST = 6.0
#: The least width (mm) a name column is given before the font shrinks.
NARROWEST = 28.0
#: The space between a cell's text and its border (mm), and in large type a share of the
#: font's size.
PADDING = 1.2


def padding(size: float) -> float:
    """The space each side of a cell's text at font size ``size`` (mm)."""
    return max(PADDING, size * 0.14)


def printable(text: str) -> str:
    """``text`` as Helvetica prints it: every letter of Windows-1252 as it is; another one
    as its letter without accents where Unicode gives one (``č`` → ``c``), else ``?``."""
    text = text.translate(_NEAREST)
    try:
        text.encode("cp1252")
        return text
    except UnicodeEncodeError:
        pass
    out = []
    for ch in text:
        try:
            ch.encode("cp1252")
            out.append(ch)
            continue
        except UnicodeEncodeError:
            pass
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        try:
            base.encode("cp1252")
            out.append(base or "?")
        except UnicodeEncodeError:
            out.append("?")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Column:
    """A table's column: its heading, how its cells are aligned (``L``, ``C``, ``R``) and
    whether it holds names (``wide``: it takes the room left, and is cut first)."""

    title: str
    align: str = "L"
    wide: bool = False


class Sheet(FPDF):
    """An A4 document whose every page names the tournament, what the print shows (the
    round) and the day it was printed, in the heading and again in the footing with the
    page's number; the QR code of ``qr_url``, when given, stands in the heading's corner."""

    def __init__(
        self,
        tournament: str,
        what: str,
        day: date,
        *,
        page_word: str,
        qr_url: str | None = None,
        compress: bool = True,
    ) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.core_fonts_encoding = "cp1252"
        self.tournament = tournament
        self.what = what
        self.day = day
        self.page_word = page_word
        self.qr_url = qr_url
        self._qr = _qr_matrix(qr_url) if qr_url else None
        self.set_compression(compress)
        self.set_title(printable(f"{tournament}: {what}"))
        self.set_creator("skak")
        self.set_margins(15, 12, 15)
        self.set_auto_page_break(True, margin=16)
        self.alias_nb_pages()

    # -- every page ----------------------------------------------------------------------

    def header(self) -> None:
        room = self.epw - (24 if self._qr else 0)
        self.set_font(FONT, "B", 15)
        self.cell(room, 7, printable(self.tournament), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.set_font(FONT, "", 10)
        self.cell(room * 0.75, 5, printable(self.what))
        self.cell(room * 0.25, 5, self.day.isoformat(), align="R")
        self.ln(5)
        if self._qr:
            self._draw_qr(self._qr, self.w - self.r_margin - 20, 6, 20)
        y = max(self.get_y(), 27.0 if self._qr else 0.0) + 1.5
        self.set_line_width(0.3)
        self.line(self.l_margin, y, self.w - self.r_margin, y)
        self.set_y(y + 3)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(FONT, "", 8)
        self.set_text_color(90)
        left = f"{self.tournament} · {self.what} · {self.day.isoformat()}"
        self.cell(self.epw * 0.8, 5, printable(left))
        self.cell(
            self.epw * 0.2, 5, f"{printable(self.page_word)} {self.page_no()}/{{nb}}", align="R"
        )
        self.set_text_color(0)

    def _draw_qr(self, matrix: Sequence[Sequence[int]], x: float, y: float, size: float) -> None:
        """The QR code's dark modules as filled squares, ``size`` mm across."""
        module = size / len(matrix)
        self.set_fill_color(0)
        for r, row in enumerate(matrix):
            for c, dark in enumerate(row):
                if dark:
                    self.rect(x + c * module, y + r * module, module, module, style="F")

    # -- text ----------------------------------------------------------------------------

    def title_line(self, text: str, size: float = 12) -> None:
        """A section's heading."""
        if self.will_page_break(size):
            self.add_page(orientation=self.cur_orientation.value)
        self.ln(2)
        self.set_font(FONT, "B", size)
        self.multi_cell(0, size * 0.5, printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(1)

    def paragraph(self, text: str, size: float = 10, style: str = "") -> None:
        self.set_font(FONT, style, size)
        self.multi_cell(0, size * 0.45, printable(text), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        self.ln(1)

    # -- tables --------------------------------------------------------------------------

    def widths(
        self, columns: Sequence[Column], rows: Sequence[Sequence[str]], size: float
    ) -> list[float]:
        """Each column's natural width at font size ``size``: its widest text and padding."""
        out = []
        for i, col in enumerate(columns):
            self.set_font(FONT, "B", size)
            widest = self.get_string_width(printable(col.title))
            self.set_font(FONT, "", size)
            for row in rows:
                widest = max(widest, self.get_string_width(printable(row[i])))
            out.append(widest + 2 * padding(size) + 0.5)
        return out

    def layout(
        self, columns: Sequence[Column], rows: Sequence[Sequence[str]], size: float
    ) -> list[float] | None:
        """The columns' widths across the page at ``size``, the name columns (``wide``)
        sharing the room the others leave (their text then wraps); ``None`` when the
        others leave them less than :data:`NARROWEST` each."""
        width = self.epw
        widths = self.widths(columns, rows, size)
        wide = [i for i, c in enumerate(columns) if c.wide] or [len(columns) - 1]
        spare = width - sum(widths)
        if spare >= 0:
            for i in wide:
                widths[i] += spare / len(wide)
            return widths
        room = width - sum(w for i, w in enumerate(widths) if i not in wide)
        if room < NARROWEST * len(wide):
            return None
        natural = sum(widths[i] for i in wide)
        for i in wide:
            widths[i] = room * widths[i] / natural
        short = [i for i in wide if widths[i] < NARROWEST]
        if short:  # a short name column gets its least; the others share the rest
            for i in short:
                widths[i] = NARROWEST
            rest = [i for i in wide if i not in short]
            left = room - NARROWEST * len(short)
            total = sum(widths[i] for i in rest)
            for i in rest:
                widths[i] = left * widths[i] / total
        return widths

    def grid(
        self,
        columns: Sequence[Column],
        rows: Sequence[Sequence[str]],
        *,
        size: float = 10,
        shade: bool = True,
    ) -> None:
        """``rows`` under ``columns``' headings, across the page. The name columns take the
        room the others leave and wrap their text; the font shrinks (to :data:`SMALLEST`)
        only while the other columns leave them too little. Another cell too wide is cut
        with an ellipsis. The headings are repeated on every page the table runs over."""
        widths = self.layout(columns, rows, size)
        while widths is None and size > SMALLEST:
            size = max(SMALLEST, size - 0.5)
            widths = self.layout(columns, rows, size)
        if widths is None:  # still too wide at the smallest size: the names are cut
            widths = self.widths(columns, rows, size)
        height = size * 0.5
        kept_margin = self.c_margin
        self.c_margin = padding(size)
        headed = any(c.title for c in columns)
        if headed:
            self._heading_row(columns, widths, size, height)
        for n, row in enumerate(rows):
            self.set_font(FONT, "", size)
            cells = [
                self._lines(printable(text), w, col.wide)
                for text, w, col in zip(row, widths, columns, strict=True)
            ]
            tall = max(len(lines) for lines in cells) * height + 0.6
            if self.will_page_break(tall):
                self.add_page(orientation=self.cur_orientation.value)
                if headed:
                    self._heading_row(columns, widths, size, height)
                self.set_font(FONT, "", size)
            x, y = self.get_x(), self.get_y()
            if shade and n % 2 == 1:
                self.set_fill_color(238)
                self.rect(x, y, sum(widths), tall, style="F")
            left = x
            for lines, w, col in zip(cells, widths, columns, strict=True):
                for k, line in enumerate(lines):
                    self.set_xy(left, y + 0.3 + k * height)
                    self.cell(w, height, line, align=col.align)
                left += w
            self.set_draw_color(170)
            self.line(x, y + tall, x + sum(widths), y + tall)
            self.set_draw_color(0)
            self.set_xy(x, y + tall)
        self.c_margin = kept_margin
        self.ln(2)

    def _lines(self, text: str, width: float, wrap: bool) -> list[str]:
        """``text`` in its cell: wrapped at its words in a name column, else cut."""
        room = width - 2 * self.c_margin
        if self.get_string_width(text) <= room:
            return [text]
        if not wrap:
            return [self._fitted(text, width)]
        lines: list[str] = []
        line = ""
        for word in text.split(" "):
            attempt = f"{line} {word}" if line else word
            if self.get_string_width(attempt) <= room or not line:
                line = attempt
            else:
                lines.append(line)
                line = word
        lines.append(line)
        return [self._fitted(x, width) for x in lines]

    def _heading_row(
        self, columns: Sequence[Column], widths: Sequence[float], size: float, height: float
    ) -> None:
        self.set_font(FONT, "B", size)
        self.set_fill_color(215)
        for col, w in zip(columns, widths, strict=True):
            self.cell(
                w, height + 0.6, self._fitted(printable(col.title), w), align=col.align, fill=True
            )
        self.ln(height + 0.6)

    def _fitted(self, text: str, width: float) -> str:
        """``text`` cut, with an ellipsis, to the width of its cell."""
        room = width - 2 * self.c_margin
        if self.get_string_width(text) <= room:
            return text
        while text and self.get_string_width(text + "…") > room:
            text = text[:-1]
        return text + "…"


def _qr_matrix(url: str) -> tuple[tuple[int, ...], ...] | None:
    """The QR code of ``url`` with its quiet zone (segno), or ``None`` where segno is not
    installed: the print is then made without it."""
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is a dependency
        return None
    code = segno.make(url, error="m", micro=False)
    return tuple(tuple(int(bool(m)) for m in row) for row in code.matrix_iter(border=2))
