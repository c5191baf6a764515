"""Alembic environment: runs on the connection skak hands over, or on ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

config = context.config
connection = config.attributes.get("connection")

if connection is not None:
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
else:  # pragma: no cover - only for running alembic by hand
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise SystemExit("set sqlalchemy.url to the database to migrate")
    engine = create_engine(url)
    with engine.begin() as conn:
        context.configure(connection=conn, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
