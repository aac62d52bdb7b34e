"""A real webhook receiver: an HTTP server in a thread that checks each request's Standard
Webhooks signature on its own (HMAC-SHA256 written out here from the spec, not the grader's
code) and records what it accepted. `fail_next` makes it answer 500 that many times."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SECRET_BYTES = b"receiver-test-key-0123456789abcd"
SECRET = "whsec_" + base64.b64encode(SECRET_BYTES).decode()


@dataclass
class Delivery:
    msg_id: str
    timestamp: int
    body: dict[str, Any]


@dataclass
class Receiver:
    accepted: list[Delivery] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # why each bad request was refused
    answered_500: int = 0
    fail_next: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def handle(self, headers: dict[str, str], raw: bytes) -> int:
        msg_id = headers.get("webhook-id", "")
        ts = headers.get("webhook-timestamp", "")
        signed = f"{msg_id}.{ts}.".encode() + raw
        mac = hmac.new(SECRET_BYTES, signed, hashlib.sha256).digest()
        want = "v1," + base64.b64encode(mac).decode()
        given = headers.get("webhook-signature", "").split()
        with self.lock:
            if want not in given:
                self.refused.append(f"bad signature on {msg_id}")
                return 401
            if abs(time.time() - int(ts)) > 300:
                self.refused.append(f"stale timestamp on {msg_id}")
                return 401
            if self.fail_next > 0:
                self.fail_next -= 1
                self.answered_500 += 1
                return 500
            self.accepted.append(Delivery(msg_id, int(ts), json.loads(raw)))
            return 204

    def unique(self) -> dict[str, Delivery]:
        """Deliveries by webhook-id, as a receiver that dedupes would keep them."""
        with self.lock:
            return {d.msg_id: d for d in self.accepted}


class Server:
    def __init__(self, receiver: Receiver):
        self.receiver = receiver
        rec = receiver

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", "0")))
                status = rec.handle({k.lower(): v for k, v in self.headers.items()}, raw)
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/hooks/grades"

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
