"""The correspondence leader's letters (6.3.4, 6.2.6–6.2.8) as a PDF: first the list of
them — to whom, about which game — then each letter on a page of its own, to be posted.
The letters come written in the print's language (the web's overdue report words them);
this module lays them out and decides nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from skak.faces.pdf._sheet import Column, Sheet

if TYPE_CHECKING:
    from skak.faces.pdf import Letter, PrintOptions, _Words

__all__ = ["letters"]


def letters(
    group: str, what: str, items: Sequence[Letter], options: PrintOptions, words: _Words
) -> bytes:
    _ = words.gettext
    sheet = Sheet(
        group, what, options.day, page_word=_("page"), qr_url=options.qr_url,
        compress=options.compress,
    )  # fmt: skip
    sheet.add_page()
    if not items:
        sheet.paragraph(_("No letter is due."))
        return bytes(sheet.output())
    columns = [Column("#", "R"), Column(_("To"), wide=True), Column(_("Game"), wide=True)]
    rows = [[str(n), x.to, x.game] for n, x in enumerate(items, 1)]
    sheet.grid(columns, rows)
    for n, x in enumerate(items, 1):
        sheet.add_page()
        sheet.title_line(_("To {name}").format(name=x.to), size=13)
        sheet.paragraph(f"{group} · {x.game} · {options.day.isoformat()}", size=10, style="B")
        sheet.paragraph(x.text, size=11)
        sheet.ln(8)
        sheet.paragraph(_("The tournament leader (TL)"), size=11)
        sheet.paragraph(_("Letter {n} of {count}").format(n=n, count=len(items)), size=8)
    return bytes(sheet.output())
