"""The HTTP API over the store (FastAPI): see app.py for routes and auth."""

from grader.api.app import create_app
from grader.api.settings import ApiSettings

__all__ = ["ApiSettings", "create_app"]
