"""Alembic environment for the store: always run programmatically by grader.store.migrate.

There is no alembic.ini: Store.open hands over its own connection in
`config.attributes["connection"]`, so migrations run inside the caller's transaction.
"""

from alembic import context

from grader.store.schema import metadata

connection = context.config.attributes["connection"]
# render_as_batch: SQLite cannot ALTER most things in place; batch mode copies the table.
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
