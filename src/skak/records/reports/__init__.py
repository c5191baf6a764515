"""The rating reports sent to the registrar (§6; ``skak report --send``): the registrar's
queue, one record a report.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`);
``checks.py`` holds the registrar's checks of a report, pure."""
