"""The records skak keeps, one folder per kind: ``tournament``, ``league`` (a division-league
season), ``cup`` (a row of the team cup), ``registry`` (DSU's rating registry),
``discipline`` (warnings and quarantines, §19), ``accounts`` (who may log in),
``correspondence`` (a group of a correspondence event, section 6) and ``reports`` (the
rating reports in the registrar's queue, §6).

Every record is a versioned stream of events. A kind's folder holds all of it:

* ``events.py`` — the events, frozen values with a ``kind`` tag;
* ``commands.py`` — the commands and the pure ``decide(state, command) -> events``;
* ``evolve.py`` — the pure ``evolve(state, event) -> state`` and ``fold(events)``;
* ``codec.py`` — the events to JSON and back;
* ``kind.py`` — the binding to the event store (:class:`skak.store.RecordKind`);
* ``api.py`` — its part of :class:`skak.api.Skak` (``skak.tournaments``, ``skak.league``,
  …): a :class:`skak.records.base.Records` or ``Register`` and the kind's own operations.

The store knows no record; a record imports no other record; the pure domain packages
(``model``, ``pairing``, ``rating``, ``teams``, …) import no record. See
``docs/architecture.md``.
"""
