"""``skak report``: the tournament report to the rating registrar (§6)."""

import datetime
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli import render
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    JsonOption,
    TournamentOption,
    app,
    check_output,
    cli_errors,
    err,
    open_db,
    out,
    parse_date,
    print_json,
    write_output,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, current, say
from skak.messages import N_

__all__ = ["report"]


@app.command("report")
@cli_errors
def report(
    arbiter: Annotated[
        list[str] | None,
        typer.Option(help="An arbiter's name, the chief arbiter first (repeatable)."),
    ] = None,
    trf: Annotated[
        Path | None, typer.Option("--trf", help="Write the games as a TRF16 file here.")
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write the report as a web page here.")
    ] = None,
    start: Annotated[
        str | None, typer.Option(help="The first day, where the tournament has none.")
    ] = None,
    end: Annotated[
        str | None, typer.Option(help="The last day, where the tournament has none.")
    ] = None,
    send: Annotated[
        str | None,
        typer.Option(
            "--send",
            metavar="URL",
            help="Send the report to the registrar's skak server at URL (with --token).",
        ),
    ] = None,
    status: Annotated[
        str | None,
        typer.Option(
            "--status",
            metavar="URL",
            help="Show the status of the reports sent to the server at URL (or of the one "
            "report at the address --send printed), with --token.",
        ),
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            envvar="SKAK_TOKEN",
            show_envvar=True,
            help="The API token of your account on the registrar's server.",
        ),
    ] = None,
    club: Annotated[
        str | None, typer.Option(help="The club that sends the report (its account's club).")
    ] = None,
    entry: Annotated[
        list[str] | None,
        typer.Option(
            metavar="MEMBER=RATING",
            help="A new player's entry rating (001 §5.1), given by the club; "
            "MEMBER=RATING:district or :rk by another (repeatable).",
        ),
    ] = None,
    document: Annotated[
        Path | None,
        typer.Option(
            "--document",
            help="Write the report for the registrar's server (JSON) here, to upload on its page.",
        ),
    ] = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """The report of a finished, rated tournament to DSU's rating registrar (§6): the
    results, the new ratings, the candidate results, the dates, the warnings and quarantines
    given, the arbiters — and the forfeits. --trf writes the games (TRF16), --html the
    report as a page with the crosstable; without them a summary is printed.

    --send URL sends the report to the registrar's skak server, into his queue, with an API
    token of your account there (--token or $SKAK_TOKEN; --club names the sending club,
    --entry a new player's entry rating); --status URL shows what became of it: received,
    returned with the registrar's note, or applied on a day. --document FILE writes the
    report for the server's upload page.

    Example: skak report --arbiter "Inge Holm" --trf rapport.trf --html rapport.html

    Example: skak report --send https://rating.skak.dk --club "Vejle Skakklub"
    """
    from skak.views import to_json
    from skak.views.report import report_trf, report_view

    if status is not None:
        _show_status(status, token, as_json=as_json)
        return
    s = open_db(db)
    t = s.tournaments.get(tournament)
    today = datetime.date.today()
    view = report_view(
        t,
        s.discipline.get(),
        arbiter or [],
        today=today,
        start=parse_date(start, "--start"),
        end=parse_date(end, "--end"),
    )
    outputs = [p for p in (trf, html, document) if p is not None]
    if trf is not None and html is not None and trf.resolve() == html.resolve():
        raise InputError(N_("--trf and --html name the same file"), location=str(trf))
    if len({p.resolve() for p in outputs}) < len(outputs):
        raise InputError(N_("--trf, --html and --document name the same file"))
    for p in outputs:  # every file checked before any is written
        check_output(p, force=force, db=db)
    if trf is not None:
        write_output(report_trf(t, arbiter or []), trf, force=force, db=db)
    if html is not None:
        write_output(render.report_html(view, today.isoformat()), html, force=force, db=db)
    if document is not None or send is not None:
        from skak.views.rating_reports import report_document_of

        sent = report_document_of(
            t,
            s.discipline.get(),
            arbiter or [],
            today=today,
            start=parse_date(start, "--start"),
            end=parse_date(end, "--end"),
            club=club,
            entries=[_entry(e) for e in entry or []],
        )
        if document is not None:
            text = json.dumps(sent, ensure_ascii=False, indent=1) + "\n"
            write_output(text, document, force=force, db=db)
        if send is not None:
            _send(send, token, sent, as_json=as_json)
            return
    if as_json:
        print_json(to_json(view))
        return
    if outputs:
        if view.due:
            err.print(
                _("Send them to {recipient} by {due}").format(
                    recipient=view.recipient, due=view.due
                )
            )
        else:
            err.print(_("Send them to {recipient}").format(recipient=view.recipient))
        return
    title = _("{tournament}: report to the rating registrar (§6)")
    table = FittedTable(title=title.format(tournament=escape(view.tournament)))
    # §6 names its items in Danish; in English a column glosses them.
    english = current() == "en"
    table.add_column("§6")
    if english:
        table.add_column("Item")
    table.add_column(_("In the report"))
    table.add_column("")
    missing = _("missing")
    for item in view.items:
        cells = [escape(item.item), item.english] if english else [escape(item.item)]
        cells += [escape(say(item.content)), "✓" if item.complete else f"[red]{missing}[/]"]
        table.add_row(*cells)
    print_table(table.fit(texts={1, 2} if english else {1}))
    for a in view.absent:
        line = _("{name} came to none of his games: {note}")
        out.print(line.format(name=escape(a.name), note=escape(say(a.note))))
    out.print(_("Write the files with --trf FILE and --html FILE."))


def _entry(text: str) -> tuple[int, int, str]:
    """``--entry MEMBER=RATING[:AUTHORITY]``. :raises InputError: for anything else."""
    member, sep, rest = text.partition("=")
    rating, _sep, authority = rest.partition(":")
    if not sep or not member.strip().isdigit() or not rating.strip().isdigit():
        raise InputError(
            N_("--entry {text}: write MEMBER=RATING or MEMBER=RATING:AUTHORITY, e.g. "
               "12345=1500 or 12345=1900:district", text=repr(text))
        )  # fmt: skip
    return int(member), int(rating), authority.strip().lower() or "club"


def _send(url: str, token: str | None, sent: dict[str, object], *, as_json: bool) -> None:
    """The report sent to the registrar's queue; what the server says of it printed."""
    from skak.faces.cli._remote import reports_url, request_json

    target = reports_url(url)
    _code, answer = request_json("POST", target, token, sent)
    if as_json:
        print_json(answer)
        return
    report = answer.get("report", {}) if isinstance(answer, dict) else {}
    where = target.rsplit("/api/v1/reports", 1)[0] + str(answer.get("url", ""))
    out.print(
        _("Report #{id} ({tournament}) is in the registrar's queue: {url}").format(
            id=answer.get("id"), tournament=escape(str(report.get("tournament", ""))), url=where
        )
    )
    _print_checks(report)
    out.print(_("See what becomes of it with: skak report --status {url}").format(url=where))


def _show_status(url: str, token: str | None, *, as_json: bool) -> None:
    """The status of one report (a report's address) or of every report the account
    may see (the server's address)."""
    import re

    from skak.faces.cli._remote import reports_url, request_json

    target = reports_url(url)
    _code, answer = request_json("GET", target, token)
    if as_json:
        print_json(answer)
        return
    one = re.search(r"/api/v1/reports/\d+$", target) is not None
    reports = [answer] if one else list(answer.get("reports", []))
    if not reports:
        out.print(_("No report has been sent to {url} from this account.").format(url=url))
        return
    table = FittedTable(title=_("Rating reports at {url}").format(url=escape(url)))
    table.add_column("#", justify="right")
    table.add_column(_("Tournament"))
    table.add_column(_("Status"))
    table.add_column(_("Note"))
    for r in reports:
        table.add_row(
            str(r.get("id")), escape(str(r.get("tournament"))), _status_words(r),
            escape(str(r.get("note") or "")),
        )  # fmt: skip
    print_table(table.fit(texts={1, 3}))
    if one:
        _print_checks(reports[0])


def _status_words(r: dict[str, object]) -> str:
    if r.get("status") == "applied":
        return _("applied on {day}").format(day=r.get("decided_on"))
    if r.get("status") == "returned":
        return _("returned on {day}").format(day=r.get("decided_on"))
    return _("received {day}, waiting for the registrar").format(day=r.get("received_on"))


def _print_checks(report: object) -> None:
    """A waiting report's checks as the server made them (already in the server's words)."""
    if not isinstance(report, dict):
        return
    for c in report.get("checks", []):
        mark = "✓" if c.get("passed") else "[red]✗[/]"
        out.print(f"{mark} {escape(str(c.get('label', c.get('check'))))}")
        for p in c.get("problems", []):
            out.print(f"    {escape(str(p))}")
