"""The HTTP API over the store (FastAPI): see app.py for routes and auth.

The face others import from, each name loaded on first use: the daemon names the embedded
server's type at import and loads the web stack only when its API is enabled.
"""

from typing import TYPE_CHECKING

from grader.faces import lazy_names

if TYPE_CHECKING:
    from grader.api.app import create_app
    from grader.api.server import EmbeddedServer, embedded_server
    from grader.api.settings import ApiSettings

__getattr__ = lazy_names(
    __name__,
    {
        "ApiSettings": ".settings",
        "EmbeddedServer": ".server",
        "create_app": ".app",
        "embedded_server": ".server",
    },
)

__all__ = ["ApiSettings", "EmbeddedServer", "create_app", "embedded_server"]
