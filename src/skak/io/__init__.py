"""Reading and writing files: pure parsers and serialisers, no database."""
