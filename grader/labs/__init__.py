"""Lab format: schema, loader, typed model."""
