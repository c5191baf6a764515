"""The discipline registry (advarsler og karantæner, §19) as a record.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`)."""
