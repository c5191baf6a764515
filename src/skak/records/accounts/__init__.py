"""The arbiters' accounts (who may log in to the web) as a record.

The anatomy of this folder is the same for every kind (see :mod:`skak.records`)."""
