"""The rating reports' part of the library API (``skak.reports``): a report received from a
club's skak (``skak report --send``, the web's upload), the registrar's queue with every
check done (:mod:`.checks`), a report applied to the rating registry or returned with a
note, and its status for the club.

Who may do what (checked here, so the CLI, the web and the HTTP API refuse alike):

* send a report: an account with the ``arbiter`` role (on the whole database), or the
  ``club`` role of the club the report names as its sender (``--club``); an admin;
* apply or return one: the ``registrar`` (an admin);
* see a report's status: the registrar, the account that sent it, and the accounts of the
  club it names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol, cast

from skak.errors import NotFoundError, PermissionDenied, StateError
from skak.messages import N_
from skak.records.access import Access
from skak.records.base import Naming, Records
from skak.records.reports.kind import REPORTS
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:
    from skak.io.rating_report import ReportDocument
    from skak.rating.registry import PlayerEntered, TournamentApplied
    from skak.records.reports.commands import ReportCommand
    from skak.records.reports.events import ReportEvent
    from skak.records.reports.evolve import RatingReport
    from skak.views.rating_reports import ReportAssessment, ReportStatusView

__all__ = ["QueuedReport", "Reports"]


class _Registrar(Protocol):
    """What applying a report asks of the rating registry (``skak.registry``)."""

    def apply_reported(
        self,
        entries: Sequence[PlayerEntered],
        applied: TournamentApplied,
        *,
        actor: str | None = None,
    ) -> None: ...


@dataclass(frozen=True, slots=True)
class QueuedReport:
    """A report as the registrar and the club see it: its row (id, name), who sent it, the
    report itself, its document read back, and its checks against the registry now (only
    while it waits: an applied or returned report is not checked again)."""

    row: StreamRow
    sender: str
    report: RatingReport
    document: ReportDocument
    assessment: ReportAssessment | None

    def view(self) -> ReportStatusView:
        """What the faces show of it."""
        from skak.views.rating_reports import report_status_view

        r = self.report
        return report_status_view(
            self.row.id,
            self.sender,
            self.document,
            club=r.club,
            received_on=r.received_on,
            status=r.status,
            note=r.note,
            decided_on=r.decided_on,
            assessment=self.assessment,
        )


class Reports(Records["RatingReport", "ReportEvent", "ReportCommand"]):
    """The rating reports sent to the registrar (``skak.reports``): one record a report."""

    role = "registrar"
    naming = Naming(
        none=lambda: N_("no rating report has been received"),
        several=lambda n: N_("{count} rating reports have been received; name one:", count=n),
        unknown=lambda name, held: N_(
            "no rating report {name}; there are: {reports}", name=name, reports=held
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several rating reports; write #ID, e.g. '#{id}':", name=name, id=first
        ),
    )

    def _kind(self) -> RecordKind[RatingReport, ReportEvent]:
        return REPORTS

    def _decide(
        self,
        kind: RecordKind[RatingReport, ReportEvent],
        loaded: Loaded[RatingReport, ReportEvent],
        command: ReportCommand,
    ) -> Sequence[ReportEvent]:
        from skak.records.reports.commands import decide

        return decide(loaded.state, command)

    def _access(
        self, row: StreamRow, state: RatingReport | None, command: ReportCommand | None
    ) -> Access:
        # the registrar's work on the queue: on the whole database (no creator's record)
        return Access(self.role, None, row.name)

    # -- the club's side ------------------------------------------------------------------

    def receive(
        self,
        document: Mapping[str, Any] | str | bytes,
        *,
        source: str = "the report",
        today: date | None = None,
        actor: str | None = None,
    ) -> StreamRow:
        """A report received: its document read (:func:`skak.io.rating_report.read_report_document`)
        and kept as sent, in the registrar's queue.

        :raises InputError: for a document that cannot be read (nothing is kept).
        :raises PermissionDenied: for an account that may not send it.
        """
        import json

        from skak.io.rating_report import read_report_document
        from skak.records.reports.commands import ReceiveReport, decide
        from skak.views.rating_reports import report_key

        doc = read_report_document(document, source)
        # kept as sent, a copy of its own (the caller's object is not kept)
        raw = json.loads(json.dumps(document) if isinstance(document, Mapping) else document)
        who = self._db._who(actor)
        clubs = frozenset({doc.club}) if doc.club else frozenset()
        self._db._authorize(who, Access("arbiter", None, doc.tournament.name, clubs))
        day = today or date.today()
        events = decide(None, ReceiveReport(dict(raw), doc.club, day, report_key(doc.tournament)))
        return self.store.create(self._kind(), doc.tournament.name, events, who).stream

    def _row(self, ident: int) -> StreamRow:
        """Report ``ident``'s row. :raises NotFoundError: (naming no other report)."""
        for row in self.rows():
            if row.id == ident:
                return row
        raise NotFoundError(N_("no rating report #{id}", id=ident))

    def status(self, ident: int, *, actor: str | None = None) -> QueuedReport:
        """One report as its sender sees it (its checks too while it waits).

        :raises NotFoundError: for no such report, and for one the account may not see
            (it is not told that the report exists).
        """
        row = self._row(ident)
        if not self._may_see(row, self.get(row.id), actor):
            raise NotFoundError(N_("no rating report #{id}", id=ident))
        return self._queued(row, check=True)

    def visible(self, *, actor: str | None = None) -> tuple[QueuedReport, ...]:
        """The reports the account may see (the registrar: all), newest first, unchecked."""
        out = []
        for row in reversed(self.rows()):
            report = self.get(row.id)
            if self._may_see(row, report, actor):
                out.append(self._queued(row, check=False, report=report))
        return tuple(out)

    def _may_see(self, row: StreamRow, report: RatingReport, actor: str | None) -> bool:
        who = self._db._who(actor)
        clubs = frozenset({report.club}) if report.club else frozenset()
        try:
            self._db._authorize(who, Access(self.role, None, row.name, clubs))
        except PermissionDenied:
            return self.store.creator(row) == who
        return True

    # -- the registrar's side -------------------------------------------------------------

    def queue(
        self, *, today: date | None = None, actor: str | None = None
    ) -> tuple[QueuedReport, ...]:
        """The reports waiting for the registrar, oldest first, each with its checks
        against the registry and the discipline register as they stand.

        :raises PermissionDenied: for an account without the registrar's role (the queue
            holds the clubs' reports)."""
        from skak.io.rating_report import read_report_document
        from skak.views.rating_reports import assess_report

        self._db._authorize(self._db._who(actor), Access(self.role, None, "the queue"))
        day = today or date.today()
        registry = self._db.registry.get()
        discipline = self._db.discipline.get()
        out = []
        for row in self.rows():
            report = self.get(row.id)
            if report.status != "received":
                continue
            doc = read_report_document(report.document, f"report #{row.id}")
            checked = assess_report(doc, report.key, row.id, registry, discipline, day)
            out.append(QueuedReport(row, self.store.creator(row) or "", report, doc, checked))
        return tuple(out)

    def decided(self, *, limit: int = 20) -> tuple[QueuedReport, ...]:
        """The reports applied or returned, the latest first (at most ``limit``)."""
        out = []
        for row in reversed(self.rows()):
            report = self.get(row.id)
            if report.status == "received":
                continue
            out.append(self._queued(row, check=False, report=report))
            if len(out) >= limit:
                break
        return tuple(out)

    def _queued(
        self,
        row: StreamRow,
        *,
        check: bool,
        report: RatingReport | None = None,
        doc: ReportDocument | None = None,
    ) -> QueuedReport:
        from skak.io.rating_report import read_report_document
        from skak.views.rating_reports import assess_report

        report = report if report is not None else self.get(row.id)
        if doc is None:
            doc = read_report_document(report.document, f"report #{row.id}")
        checked = None
        if check and report.status == "received":
            checked = assess_report(
                doc,
                report.key,
                row.id,
                self._db.registry.get(),
                self._db.discipline.get(),
                date.today(),
            )
        return QueuedReport(row, self.store.creator(row) or "", report, doc, checked)

    def apply(
        self, ident: int, *, today: date | None = None, actor: str | None = None
    ) -> QueuedReport:
        """Apply report ``ident`` to the rating registry: its new players entered with
        their entry ratings and the tournament's changes (one change of the registry), then
        the report marked applied. Every check must pass.

        A report the registry holds already under its own key (a crash between the two
        writes) is marked applied without applying it again.

        :raises StateError: naming every check that fails, or for a report decided already.
        :raises PermissionDenied: for an account without the registrar's role.
        """
        from skak.io.rating_report import read_report_document
        from skak.records.reports.commands import ApplyReport, decide
        from skak.views.rating_reports import assess_report, registry_key

        day = today or date.today()
        row = self._row(ident)
        who = self._db._who(actor)
        self._db._authorize(who, self._access(row, None, None))
        report = self.store.load(self._kind(), row).state
        decide(report, ApplyReport(day))  # refused now when it was decided already
        registry = self._db.registry.get()
        doc = read_report_document(report.document, f"report #{row.id}")
        if registry_key(report.key, row.id) not in registry.applied:
            checked = assess_report(
                doc, report.key, row.id, registry, self._db.discipline.get(), day
            )
            if not checked.passed or checked.applied is None:
                raise StateError(
                    N_(
                        "report #{id} cannot be applied: {problems}",
                        id=row.id,
                        problems="; ".join(checked.problems),
                    )
                )
            registrar = cast(_Registrar, self._db.registry)
            registrar.apply_reported(checked.entries, checked.applied, actor=who)
        done = self.execute(row.id, ApplyReport(day), actor=who)
        return self._queued(row, check=False, report=done.after, doc=doc)

    def send_back(
        self, ident: int, note: str, *, today: date | None = None, actor: str | None = None
    ) -> QueuedReport:
        """Return report ``ident`` to the club with ``note`` (what to mend).

        :raises InputError: without a note. :raises StateError: for a report decided
            already."""
        from skak.records.reports.commands import ReturnReport

        row = self._row(ident)
        done = self.execute(row.id, ReturnReport(today or date.today(), note), actor=actor)
        return self._queued(row, check=False, report=done.after)
