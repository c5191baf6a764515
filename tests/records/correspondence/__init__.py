"""The correspondence group as a record: decide, evolve, codec, API."""
