"""Storage: the append-only event log in SQLite (default) or any SQLAlchemy database."""

from skak.storage.database import Database, StoredEvent, TournamentRow, database_url

__all__ = ["Database", "StoredEvent", "TournamentRow", "database_url"]
