from store.databases import db_url, pg_url, sqlite_url, store  # noqa: F401  (fixtures)
