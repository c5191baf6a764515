"""DSU's rating registry (ratingkartotek) as a record.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`)."""
