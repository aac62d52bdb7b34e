"""The attestation helper signs on OpenSSL 1.1.1 (RHEL 8, Ubuntu 20.04, Debian 11) as on 3.x.

OpenSSL 1.1.1's command line cannot sign Ed25519 (no `pkeyutl -rawin`), so the helper signs with
libcrypto through ctypes (grader/node/files/attest_run.py `libcrypto_signer`). Here it does so
with Debian 11's real libcrypto.so.1.1 (tests/openssl11.py, scripts/ensure-openssl11.sh), on this
machine's python3 and on CPython 3.6, with a key that OpenSSL 1.1.1's own `genpkey` made (what
attest-key.sh runs on such a node), and the grader's verifier (grader/matching/attest.py) checks
the marker, as the daemon does.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from openssl11 import OpenSSL11, openssl11
from python36 import python36

from grader.matching import attest
from grader.node.paths import node_file

HELPER = str(node_file("attest_run.py"))
REPO = str(Path(HELPER).resolve().parents[3])
#: Run as the helper runs (`python3 -I -S`): load the helper with the protocol package beside it,
#: sign with the signer named in argv[3] and the libraries after it, and say which libcrypto
#: files the process has mapped.
SIGN = """
import json, runpy, sys
sys.path.insert(0, sys.argv[2])
m = runpy.run_path(sys.argv[1], run_name="probe")
kind, key, libs = sys.argv[3], sys.argv[4], tuple(sys.argv[5:])
out = {}
try:
    if kind == "library":
        sign = m["libcrypto_signer"](key, libs)
    elif kind == "command":
        sign = m["command_signer"](key)
    else:
        sign = m["openssl_signer"](key, libs)
    att = m["Attestation"]("all_reduce_perf", ("-b", "8"), (("NCCL_DEBUG", "INFO"),), 0, 1.5,
                           2.5, "alice", "gpu-a", 41, 40, "n0nce")
    out["marker"] = m["marker"](sign, att).decode()
except OSError as exc:
    out["error"] = str(exc)
with open("/proc/self/maps") as maps:
    out["mapped"] = sorted({ln.split()[-1] for ln in maps if "libcrypto" in ln})
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def ssl11() -> OpenSSL11:
    return openssl11()


@pytest.fixture(scope="module")
def node_key(ssl11: OpenSSL11, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A key made as attest-key.sh makes it on a 1.1.1 node, and its public half as attest-key.sh
    reads it (the last 32 bytes of the 44-byte DER SubjectPublicKeyInfo)."""
    key = tmp_path_factory.mktemp("key11") / "attest.key"
    made = ssl11.run("genpkey", "-algorithm", "ed25519", "-out", str(key))
    assert made.returncode == 0, made.stderr
    der = ssl11.run("pkey", "-in", str(key), "-pubout", "-outform", "DER")
    assert der.returncode == 0 and len(der.stdout) == 44, der.stderr
    return key, der.stdout[12:]


def sign(python: str, kind: str, key: Path, *libs: str) -> dict:
    done = subprocess.run(
        [python, "-I", "-S", "-c", SIGN, HELPER, REPO, kind, str(key), *libs],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_openssl_1_1_1s_command_line_cannot_sign_ed25519(
    ssl11: OpenSSL11, node_key: tuple[Path, bytes], tmp_path: Path
) -> None:
    """Why the helper signs through the library: the command a 3.x node uses fails on 1.1.1."""
    data = tmp_path / "payload"
    data.write_bytes(b"133;T;v=2;p=x")
    key = str(node_key[0])
    rawin = ssl11.run("pkeyutl", "-sign", "-rawin", "-inkey", key, "-in", str(data))
    assert rawin.returncode != 0 and b"unknown option -rawin" in rawin.stderr, rawin.stderr
    plain = ssl11.run("pkeyutl", "-sign", "-inkey", key, "-in", str(data))
    assert plain.returncode != 0 and b"not supported for this keytype" in plain.stderr


@pytest.mark.parametrize("interpreter", ["this", "3.6"])
def test_the_helper_signs_with_openssl_1_1_1s_libcrypto_and_the_grader_verifies(
    ssl11: OpenSSL11, node_key: tuple[Path, bytes], interpreter: str
) -> None:
    python = sys.executable if interpreter == "this" else python36()
    key, public = node_key
    out = sign(python, "library", key, str(ssl11.libcrypto))
    assert "error" not in out, out["error"]
    assert str(ssl11.libcrypto) in out["mapped"], out["mapped"]
    body = out["marker"].encode()[2:-1]  # ESC ] ... BEL, as the capture parser hands it on
    assert attest.verify(public, body)
    assert not attest.verify(public, body.replace(b"x=0;", b"x=1;"))


def test_openssl_1_1_1_and_3_sign_alike(ssl11: OpenSSL11, node_key: tuple[Path, bytes]) -> None:
    """Ed25519 is deterministic: 1.1.1's library, 3.x's library, 3.x's command and the fallback
    from a library that does not load give the same marker."""
    key = node_key[0]
    by_11 = sign(sys.executable, "library", key, str(ssl11.libcrypto))
    by_3 = sign(sys.executable, "library", key, "libcrypto.so.3")
    by_command = sign(sys.executable, "command", key)
    fallback = sign(sys.executable, "either", key, str(ssl11.root / "no-such-libcrypto.so"))
    assert not any("error" in out for out in (by_11, by_3, by_command, fallback))
    assert by_11["marker"] == by_3["marker"] == by_command["marker"] == fallback["marker"]
    assert any(p.endswith("libcrypto.so.3") for p in by_3["mapped"]), by_3["mapped"]


def test_a_key_openssl_cannot_sign_with_is_refused_in_openssls_words(
    ssl11: OpenSSL11, tmp_path: Path
) -> None:
    rsa = tmp_path / "rsa.key"
    made = ssl11.run(
        "genpkey", "-algorithm", "rsa", "-pkeyopt", "rsa_keygen_bits:1024", "-out", str(rsa)
    )
    assert made.returncode == 0, made.stderr
    out = sign(sys.executable, "library", rsa, str(ssl11.libcrypto))
    assert out["error"] == f"libcrypto could not sign: {rsa} is not an Ed25519 key", out
    gone = tmp_path / "missing.key"
    out = sign(sys.executable, "library", gone, str(ssl11.libcrypto))
    assert out["error"].startswith(f"libcrypto could not sign: cannot open {gone}: error:"), out
    assert "No such file or directory" in out["error"], out
    # Neither way signs: the error names both (what provisioning and health show the operator).
    out = sign(sys.executable, "either", rsa, str(ssl11.libcrypto))
    assert out["error"].startswith(
        f"libcrypto could not sign: {rsa} is not an Ed25519 key; openssl could not sign: "
    ), out
