"""§6's report to DSU's rating registrar (turneringsindberetning) as a PDF: the same view
and the same sections as ``skak report --html`` — the facts, §6's items, the results
(standings and crosstable), the new ratings, the candidate results, the warnings and
quarantines, the forfeits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skak.faces.pdf._sheet import Column, Sheet

if TYPE_CHECKING:
    from skak.faces.pdf import PrintOptions, _Words
    from skak.views.report import ReportView

__all__ = ["report"]


def report(view: ReportView, options: PrintOptions, words: _Words) -> bytes:
    from skak.faces.pdf import crosstable_rows
    from skak.views import exact_decimal, number_column

    _ = words.gettext
    say = words.say
    what = _("Tournament report to DSU's rating registrar (§6), {rounds} rounds").format(
        rounds=view.rounds
    )
    sheet = Sheet(
        view.tournament,
        what,
        options.day,
        page_word=_("page"),
        qr_url=options.qr_url,
        compress=options.compress,
    )
    sheet.add_page()
    due = (
        " " + _("by {due} (7 days after the last round)").format(due=view.due.isoformat())
        if view.due
        else ""
    )
    sheet.paragraph(
        _("Tournament report to DSU's rating registrar (turneringsindberetning, §6), to")
        + f" {view.recipient}{due}."
    )
    dates = " – ".join(d.isoformat() if d else _("not recorded") for d in (view.start, view.end))
    kind = say(view.kind) + (f" ({view.time_control})" if view.time_control else "")
    arbiters = ", ".join(
        [_("{arbiter} (chief arbiter)").format(arbiter=view.arbiters[0]), *view.arbiters[1:]]
    )
    facts = [
        [_("Place (sted)"), view.place or "–"],
        [_("Dates (datoer)"), dates],
        [
            _("System"),
            _("{system}, {rounds} rounds, {players} players").format(
                system=say(view.system), rounds=view.rounds, players=view.players
            ),
        ],
        [_("Rated as"), kind],
        [_("Arbiters (dommere)"), arbiters],
    ]
    sheet.grid([Column(""), Column("", wide=True)], facts, size=10, shade=False)

    sheet.title_line(_("What §6 asks for"))
    english = words.lang == "en"
    columns = [Column("§6")]
    if english:
        columns.append(Column("Item"))
    columns += [Column(_("In this report"), wide=True), Column("", "C")]
    rows = []
    for item in view.items:
        cells = [item.item, item.english] if english else [item.item]
        cells += [say(item.content), "OK" if item.complete else _("missing")]
        rows.append(cells)
    sheet.grid(columns, rows, size=9)

    st = view.standings
    sheet.title_line(_("Results (turneringsresultater)"))
    caption = _("Final standings (slutstilling)")
    if st.tiebreaks:
        caption += "; " + _("tie-breaks {codes}").format(codes=", ".join(st.tiebreaks))
    sheet.paragraph(caption, size=9, style="I")
    points = number_column(r.points for r in st.standings)
    tiebreaks = [number_column(r.tiebreaks[code] for r in st.standings) for code in st.tiebreaks]
    columns = [
        Column(_("Place"), "R"),
        Column(_("No."), "R"),
        Column(_("Name"), wide=True),
        Column(_("Club"), wide=True),
        Column(_("Rating"), "R"),
        Column(_("Points"), "R"),
        *(Column(code, "R") for code in st.tiebreaks),
    ]
    rows = [
        [
            r.place,
            str(r.start_number),
            r.name,
            r.club or "",
            "" if r.player_rating is None else str(r.player_rating),
            points[i],
            *(column[i] for column in tiebreaks),
        ]
        for i, r in enumerate(st.standings)
    ]
    sheet.grid(columns, rows, size=9)

    sheet.title_line(_("Crosstable (krydstabel)"), size=10)
    columns, rows = crosstable_rows(view.crosstable, words)
    sheet.grid(columns, rows, size=8)
    sheet.paragraph(
        _(
            "A cell is the opponent's line (#), the colour (h hvid / s sort) and the points; "
            "+ and − a forfeit. The games themselves are in the TRF file."
        ),
        size=8,
    )

    sheet.title_line(_("New ratings (beregnede nye ratingtal)"))
    if view.rating.players:
        sheet.paragraph(
            _("DSU rating ({edition}, {method} method)").format(
                edition=view.rating.edition, method=say(view.rating.method or "")
            ),
            size=9,
            style="I",
        )
        columns = [
            Column(_("No."), "R"),
            Column(_("Name"), wide=True),
            Column(_("Old"), "R"),
            Column(_("Games"), "R"),
            Column(_("Score"), "R"),
            Column(_("Expected"), "R"),
            Column(_("Bonus"), "R"),
            Column("K", "R"),
            Column(_("Change"), "R"),
            Column(_("New"), "R"),
        ]
        rows = [
            [
                str(r.start_number),
                r.name,
                "–" if r.first else str(r.old),
                str(r.games),
                str(exact_decimal(r.score)),
                str(exact_decimal(r.expected)),
                str(exact_decimal(r.bonus)),
                str(r.k),
                _("first rating") if r.first else f"{r.change:+d}",
                str(r.new),
            ]
            for r in view.rating.players
        ]
        sheet.grid(columns, rows, size=9)
    else:
        sheet.paragraph(say(view.rating.note))

    sheet.title_line(_("Candidate results (opnåede kandidatresultater, §26)"))
    if view.candidates:
        columns = [
            Column(_("No."), "R"),
            Column(_("Name"), wide=True),
            Column(_("DSU no."), "R"),
            Column(_("Average"), "R"),
            Column(_("Rounds"), "R"),
            Column(_("Score"), "R"),
            Column(_("Required"), "R"),
            Column(_("Candidate result"), "C"),
        ]
        rows = [
            [
                str(c.start_number),
                c.name,
                "" if c.dsu_id is None else str(c.dsu_id),
                str(c.average),
                str(c.rounds),
                str(exact_decimal(c.score)),
                "–" if c.required is None else str(exact_decimal(c.required)),
                _("yes") if c.reached else _("no"),
            ]
            for c in view.candidates
        ]
        sheet.grid(columns, rows, size=9)
        reached = sum(1 for c in view.candidates if c.reached)
        sheet.paragraph(
            _("{reached} of {players} players reached a candidate result.").format(
                reached=reached, players=len(view.candidates)
            ),
            size=9,
        )
    if view.candidate_note:
        sheet.paragraph(say(view.candidate_note), size=9)

    sheet.title_line(_("Warnings and quarantines (uddelte advarsler og karantæner, §7, §19)"))
    if view.sanctions:
        columns = [
            Column(_("Entry"), "R"),
            Column(_("Player"), wide=True),
            Column(_("DSU no."), "R"),
            Column(_("Given")),
            Column(_("What"), wide=True),
            Column(_("Rule")),
            Column(_("Reason"), wide=True),
        ]
        rows = [
            [
                str(s.id),
                s.name,
                str(s.member),
                s.given.isoformat(),
                say(s.text) + (f"; {say(s.escalation)}" if s.escalation else ""),
                s.rule,
                s.reason,
            ]
            for s in view.sanctions
        ]
        sheet.grid(columns, rows, size=8.5)
    else:
        sheet.paragraph(
            _(
                "None given: the discipline registry holds no warning or quarantine from this "
                "tournament."
            )
        )

    sheet.title_line(_("Forfeits (udeblivelser, 4.5.4.2)"))
    if view.forfeits:
        columns = [
            Column(_("Round"), "R"),
            Column(_("Board"), "R"),
            Column(_("White"), wide=True),
            Column(_("Black"), wide=True),
            Column(_("Result"), "C"),
            Column(_("Did not come"), wide=True),
        ]
        rows = [
            [str(f.round), str(f.board), f.white, f.black, f.result, ", ".join(f.absent)]
            for f in view.forfeits
        ]
        sheet.grid(columns, rows, size=9)
        sheet.paragraph(
            _(
                "Forfeits are not in the rating above: a no-show is rated only when it was not "
                "excused (4.5.4.2), which the arbiter tells the registrar."
            ),
            size=8.5,
        )
    else:
        sheet.paragraph(_("Every game was played."))
    for a in view.absent:
        who = a.name + " (" + _("no. {number}").format(number=a.start_number)
        who += f", DSU {a.dsu_id})" if a.dsu_id else ")"
        line = _("came to none of his games (rounds {rounds}): {note}.").format(
            rounds=", ".join(map(str, a.rounds)), note=say(a.note)
        )
        sheet.paragraph(f"{who} {line}", size=9.5)
    sheet.paragraph(_("Made by skak on {today}.").format(today=options.day.isoformat()), size=8)
    return bytes(sheet.output())
