"""An individual tournament as a record: players, rounds, results, games, undo.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`)."""
