"""A division-league season (divisionsturnering, 5.1–5.2) as a record.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`)."""
