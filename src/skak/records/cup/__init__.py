"""A row of the team cup (pokalstævnet, 5.3–5.4) as a record.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`)."""
