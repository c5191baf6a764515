"""Tests of the records kept in the database, one folder per record kind."""
