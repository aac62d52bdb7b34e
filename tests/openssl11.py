"""OpenSSL 1.1.1 for tests: Debian 11's libssl1.1 and openssl packages unpacked by
scripts/ensure-openssl11.sh (GRADER_TEST_OPENSSL11, else the repository's var/openssl-1.1). RHEL 8,
Ubuntu 20.04 and Debian 11 nodes sign attested runs with it; this machine has OpenSSL 3. With
CI=true a missing tree is an error, not a skip (missing.py)."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from missing import missing

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class OpenSSL11:
    root: Path

    @property
    def libdir(self) -> Path:
        return next(self.root.glob("usr/lib/*/libcrypto.so.1.1")).parent

    @property
    def libcrypto(self) -> Path:
        return self.libdir / "libcrypto.so.1.1"

    @property
    def libssl(self) -> Path:
        return self.libdir / "libssl.so.1.1"

    @property
    def openssl(self) -> Path:
        return self.root / "usr" / "bin" / "openssl"

    def run(self, *args: str) -> subprocess.CompletedProcess[bytes]:
        """Its `openssl` command with its own libraries (a 1.1.1 node's /usr/bin/openssl)."""
        env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C", "LD_LIBRARY_PATH": str(self.libdir)}
        return subprocess.run(
            [str(self.openssl), *args], capture_output=True, env=env, timeout=60, check=False
        )


def openssl11() -> OpenSSL11:
    root = Path(os.environ.get("GRADER_TEST_OPENSSL11") or REPO / "var" / "openssl-1.1")
    if not root.is_dir() or not any(root.glob("usr/lib/*/libcrypto.so.1.1")):
        missing(f"no OpenSSL 1.1.1 at {root}: run scripts/ensure-openssl11.sh")
    found = OpenSSL11(root)
    version = found.run("version").stdout.decode()
    assert version.startswith("OpenSSL 1.1.1"), version
    return found
