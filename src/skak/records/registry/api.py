"""The rating registry's part of the library API (ratingkartotek): DSU's list, entries,
tournaments applied, the yearly corrections — the commands of :mod:`skak.records.registry.commands`
on the one registry stream; ``skak.registry`` on a :class:`skak.api.Skak`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from skak.model.progress import Progress
from skak.records.base import Register
from skak.records.registry.kind import REGISTRY
from skak.store import RecordKind

if TYPE_CHECKING:  # the registry's rules are imported when it is used
    from skak.model.results import Result
    from skak.model.stream import Recorded
    from skak.rating.alignment import Alignment
    from skak.rating.registry import PlayerEntered, Registry, RegistryEvent, TournamentApplied
    from skak.records.registry import commands as registry_rules
    from skak.store import Loaded
    from skak.views import (
        AppliedLine,
        CorrectionPreview,
        RegistryMatch,
        RegistryRow,
        RegistrySearch,
    )

# The standings and the rating of a tournament (``rating_apply``) and DSU's list reader are
# imported by the methods that use them: every command opens a ``Skak``.

__all__ = ["RatingRegistry"]


class RatingRegistry(Register["Registry", "RegistryEvent", "registry_rules.RegistryCommand"]):
    """The rating registry (``skak.registry``, ratingkartotek): one record a database."""

    role = "registrar"

    def _kind(self, progress: Progress | None = None) -> RecordKind[Registry, RegistryEvent]:
        return REGISTRY if progress is None else replace(REGISTRY, progress=progress)

    def _empty(self) -> Registry:
        from skak.rating.registry import Registry

        return Registry()

    def _decide(
        self, state: Registry, command: registry_rules.RegistryCommand
    ) -> Sequence[RegistryEvent]:
        from skak.records.registry import commands as registry_rules

        return registry_rules.decide(state, command)

    #: The registry as last read for a search, by its stream and version (a search field
    #: asks as one types; replaying the national list for each letter would take a second).
    _kept: tuple[tuple[int, int], Registry] | None = None

    def _current(self) -> Registry:
        """The registry now: the one kept when the database holds no newer version."""
        row = self.row()
        if row is None:
            return self._empty()
        key = (row.id, self.store.head(self._kind().name, row.id))
        kept = self._kept
        if kept is not None and kept[0] == key:
            return kept[1]
        state = self.store.load(self._kind(), row).state
        self._kept = (key, state)
        return state

    def search(self, text: str, *, limit: int = 20) -> RegistrySearch:
        """The players a text finds: a DSU member number, or words of a name in any order,
        case and accents aside (:func:`skak.views.registry_search`).

        :raises InputError: for an empty text."""
        from skak.views import registry_search

        return registry_search(self._current(), text, limit=limit)

    def member(self, dsu_id: int) -> RegistryMatch:
        """DSU member ``dsu_id`` as a registration takes him.

        :raises NotFoundError: when he is not in the registry."""
        from skak.views import registry_match

        return registry_match(self._current(), dsu_id)

    def apply(
        self,
        ident: str | int | None,
        today: date,
        *,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> TournamentApplied:
        """Add a finished, rated tournament's rating changes to the registry (§4.5.4.1).

        Players are matched by DSU member number; those without one (foreign players) are
        left out. :raises StateError: when the tournament is not finished, not rated, or
        applied already.
        """
        from skak.records.registry import commands as registry_rules

        self.authorize(actor)  # the registrar's work: the tournament is looked at for him only
        tournaments = self._db.tournaments
        row = tournaments.resolve(ident)
        key = f"tournament {row.id} ({row.created_at})"
        event = registry_rules.tournament_applied(tournaments.get(row.id), key, today)
        self.change(registry_rules.ApplyTournament(event), actor=actor, progress=progress)
        return event

    def import_list(
        self,
        path: str | Path,
        day: date,
        *,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> int:
        """Enter or update the players of DSU's rating list (all or nothing); ``progress``
        is told how far the registry's replay has come."""
        from skak.io.dsu_list import parse_dsu_list
        from skak.io.files import read_text
        from skak.records.registry import commands as registry_rules

        text, _ = read_text(path)
        entries = tuple(parse_dsu_list(text, Path(path).name, day))
        self.change(registry_rules.ImportList(entries), actor=actor, progress=progress)
        return len(entries)

    def align(
        self, fide: dict[int, tuple[int, int]], day: date, *, actor: str | None = None
    ) -> Alignment:
        """Align the registry's standard ratings with FIDE's list (001 §6)."""
        from skak.records.registry import commands as registry_rules

        before, _ = self.change(registry_rules.AlignWithFide(fide, day), actor=actor)
        return registry_rules.fide_alignment(before, fide)

    def align_file(self, path: str | Path, day: date, *, actor: str | None = None) -> Alignment:
        """:meth:`align` with FIDE's list from a JSON file (``skak rating align``)."""
        from skak.io.files import read_text

        text, source = read_text(path)
        return self.align_text(text, source, day, actor=actor)

    def align_text(
        self, text: str, source: str, day: date, *, actor: str | None = None
    ) -> Alignment:
        """:meth:`align` with FIDE's list as JSON text (see
        :func:`skak.io.dsu_list.parse_fide_alignment`); ``source`` names it in errors."""
        from skak.io.dsu_list import parse_fide_alignment

        return self.align(parse_fide_alignment(text, source), day, actor=actor)

    def import_text(
        self,
        text: str,
        source: str,
        day: date,
        *,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> int:
        """:meth:`import_list` of a list's text (an upload); ``source`` names it."""
        from skak.io.dsu_list import parse_dsu_list
        from skak.records.registry import commands as registry_rules

        entries = tuple(parse_dsu_list(text, source, day))
        self.change(registry_rules.ImportList(entries), actor=actor, progress=progress)
        return len(entries)

    def correct_rapid_blitz(
        self, day: date, *, actor: str | None = None
    ) -> tuple[tuple[int, str, int, int], ...]:
        """001 §2.7's automatic correction of rapid and blitz ratings, as of ``day``."""
        from skak.rating.registry import rapid_blitz_corrections
        from skak.records.registry import commands as registry_rules

        before, _ = self.change(registry_rules.CorrectRapidBlitz(day), actor=actor)
        return rapid_blitz_corrections(before, day)

    def enter(
        self,
        dsu_id: int,
        name: str,
        rating: int,
        *,
        authority: str,
        day: date,
        kind: str,
        actor: str | None = None,
    ) -> None:
        """Enter a new player (001 §5.1): refused for a rating the authority may not give, and
        for a player on the list whose last rated result is not more than five years old."""
        from skak.records.registry import commands as registry_rules

        command = registry_rules.EnterPlayer(dsu_id, name, rating, authority, day, kind)
        self.change(command, actor=actor)

    def compress(self, day: date, *, actor: str | None = None) -> int:
        """Record the 1 June 2024 compression of ratings below 2000 (once)."""
        from skak.records.registry import commands as registry_rules

        _, state = self.change(registry_rules.CompressRatings(day), actor=actor)
        return sum(
            1 for p in state.players.values() if p.history and p.history[-1].reason == "compression"
        )

    # -- the correction cascade, merges and their undo -----------------------------------

    def _full(self) -> Loaded[Registry, RegistryEvent]:
        """The registry with every event. :raises NotFoundError: when it is empty."""
        from skak.errors import NotFoundError
        from skak.messages import N_

        row = self.row()
        if row is None:
            raise NotFoundError(N_("the rating registry is empty"))
        return self.store.load(self._kind(), row, full=True)

    def _change_on_log(
        self,
        decided: Callable[[Sequence[Recorded[RegistryEvent]]], Sequence[RegistryEvent]],
        *,
        actor: str | None,
        at_version: int | None = None,
    ) -> tuple[Registry, Registry, tuple[RegistryEvent, ...]]:
        """Carry out a command decided on every event (a correction, an undo) by
        ``decided``, only on the registry at ``at_version`` when given.

        :raises ConflictError: when it is no longer there."""
        from skak.errors import ConflictError, NotFoundError
        from skak.messages import N_
        from skak.records.access import Access

        kind = self._kind()
        who = self._db._who(actor)
        self._db._authorize(who, Access(self.role, label=self.record_name, also=self.also))
        row = self.row()
        if row is None:
            raise NotFoundError(N_("the rating registry is empty"))

        def decide(loaded: Loaded[Registry, RegistryEvent]) -> Sequence[RegistryEvent]:
            if at_version is not None and loaded.version != at_version:
                raise ConflictError(
                    N_(
                        "{name} was changed since it was shown (version {version}, not "
                        "{shown}); nothing was written: look again",
                        name=row.name,
                        version=loaded.version,
                        shown=at_version,
                    )
                )
            return decided(loaded.events)

        before, after, new = self.store.execute(kind, row, decide, who, full=True)
        return before.state, after.state, new

    #: The tournaments applied, by the registry's stream and version (the registrar's page
    #: lists them on every visit; reading the national registry's events takes a while).
    _applied_kept: tuple[tuple[int, int], tuple[AppliedLine, ...]] | None = None

    def applied_tournaments(self) -> tuple[AppliedLine, ...]:
        """The tournaments applied to the registry, newest first (none when it is empty)."""
        from skak.rating.cascade import in_force
        from skak.views import applied_lines

        row = self.row()
        if row is None:
            return ()
        key = (row.id, self.store.head(self._kind().name, row.id))
        kept = self._applied_kept
        if kept is not None and kept[0] == key:
            return kept[1]
        loaded = self._full()
        lines = applied_lines(in_force((r.version, r.event) for r in loaded.events))
        self._applied_kept = (key, lines)
        return lines

    def correction_preview(
        self, tournament: str, round_number: int, first: str, second: str, result: Result | str,
        day: date, *, actor: str | None = None,
    ) -> CorrectionPreview:  # fmt: skip
        """What correcting a result of an applied tournament does (nothing written): every
        later tournament re-rated, every rating, §23 class and §26 candidate result that
        changes (:func:`skak.views.correction_preview`). ``first`` and ``second`` are DSU
        numbers or names, in either colour; ``result`` is read as ``first`` had white.

        :raises SkakError: when no such tournament or game is applied, or the registry does
            not keep its games."""
        from skak.model.results import Result
        from skak.records.access import Access
        from skak.records.registry import commands as registry_rules
        from skak.views import correction_preview

        who = self._db._who(actor)  # a preview is the registrar's work too
        self._db._authorize(who, Access(self.role, label=self.record_name, also=self.also))
        loaded = self._full()
        played = result if isinstance(result, Result) else Result.parse(result)
        command = registry_rules.CorrectResult(tournament, round_number, first, second, played, day)
        return correction_preview(registry_rules.correction(loaded.events, command), loaded.version)

    def correct(
        self, tournament: str, round_number: int, first: str, second: str, result: Result | str,
        day: date, *, actor: str | None = None, at_version: int | None = None,
    ) -> CorrectionPreview:  # fmt: skip
        """Correct a result of an applied tournament (the correction cascade): it and every
        later tournament re-rated, in one event; ``at_version``: only on the registry as the
        preview showed it. :returns: the correction's preview as it was written.

        :raises ConflictError: when the registry changed since ``at_version``."""
        from skak.model.results import Result
        from skak.records.registry import commands as registry_rules
        from skak.views import correction_preview

        played = result if isinstance(result, Result) else Result.parse(result)
        command = registry_rules.CorrectResult(tournament, round_number, first, second, played, day)
        shown: list[CorrectionPreview] = []

        def decided(log: Sequence[Recorded[RegistryEvent]]) -> list[RegistryEvent]:
            found = registry_rules.correction(log, command)
            shown.append(correction_preview(found, log[-1].version if log else 0))
            return [found.event]

        self._change_on_log(decided, actor=actor, at_version=at_version)
        return shown[-1]

    def merge(self, keep: int, gone: int, day: date, *, actor: str | None = None) -> RegistryRow:
        """Merge two DSU member numbers found to be one person: ``gone``'s history joined to
        ``keep``'s card, each kind's rating that of the number rated last. :returns: the
        kept player's card.

        :raises StateError: for a number not in the registry or merged already."""
        from skak.records.registry import commands as registry_rules
        from skak.views import registry_row

        _, after = self.change(registry_rules.MergePlayers(keep, gone, day), actor=actor)
        return registry_row(after, keep, day)

    def undo_said(self, *, actor: str | None = None) -> str:
        """:meth:`undo`, :returns: what was undone in words (a message the faces say)."""
        from skak.messages import N_
        from skak.rating.registry import PlayersMerged, TournamentsReRated

        undone = self.undo(actor=actor)
        if isinstance(undone, PlayersMerged):
            return N_(
                "The merge of DSU {gone} into DSU {keep} is undone.",
                gone=undone.gone,
                keep=undone.keep,
            )
        assert isinstance(undone, TournamentsReRated)
        return N_("The correction is undone: {what}", what=undone.correction)

    def undo(self, *, actor: str | None = None) -> RegistryEvent:
        """Take back the last correction or merge in force. :returns: the event undone.

        :raises StateError: when there is none, or a tournament was applied after it."""
        from skak.rating.registry import RegistryChangeUndone
        from skak.records.registry import commands as registry_rules

        command = registry_rules.UndoChange()
        _, _, new = self._change_on_log(
            lambda log: registry_rules.decide_on_log(log, command), actor=actor
        )
        (marker,) = new
        assert isinstance(marker, RegistryChangeUndone)
        loaded = self._full()
        return loaded.events[marker.version - 1].event

    def apply_reported(
        self,
        entries: Sequence[PlayerEntered],
        applied: TournamentApplied,
        *,
        actor: str | None = None,
    ) -> None:
        """Apply a tournament reported to the registrar (``skak.reports.apply``): its new
        players entered with their entry ratings (001 §5.1), then its changes, in one
        change of the registry.

        :raises StateError: when it was applied already, or an entry names a registered
            player."""
        from skak.records.registry import commands as registry_rules

        self.change(registry_rules.ApplyReported(tuple(entries), applied), actor=actor)
