"""The rating reports sent to the registrar (§6; ``skak report --send``): the registrar's
queue, one record a report.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`); the
registrar's checks of a report are a read of the registry and the discipline register,
:mod:`skak.views.rating_reports`."""
