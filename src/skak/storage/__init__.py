"""Storage: the database, its schema and migrations, and the codec of stored events."""

from skak.storage.database import Database, database_url

__all__ = ["Database", "database_url"]
