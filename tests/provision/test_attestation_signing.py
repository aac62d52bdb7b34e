"""A node that cannot sign run records fails provisioning's attestation step and health, in
OpenSSL's words; once it can sign, both pass.

A bare node made an OpenSSL 1.1.1 node: Debian 11's `openssl` command and libraries
(tests/openssl11.py) as its /usr/bin/openssl, as on RHEL 8 or Ubuntu 20.04. It provisions, its
key made by 1.1.1's genpkey and signed with through libcrypto. Then its python3 loses `_ctypes`,
so the helper has only the command, which cannot sign Ed25519 on 1.1.1 (docs/attestation.md
"Keys"): the installer still succeeds, and before the step's signing probe provisioning said
"ok" while every attested lab step failed on "The node has no signed record of this run".
"""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest
from barenode import BareNode
from openssl11 import openssl11
from test_attested_programs import LAB, checks, install_programs_into_bin
from test_provision import host_entry, run_provision, statuses, write_inventory

from grader.provision.attestation import run_attestation
from grader.provision.health import run_health
from grader.provision.inventory import load_inventory
from grader.provision.outcome import Status
from grader.provision.session import Node, connection

pytestmark = pytest.mark.fakenode


def install_openssl11(node: BareNode) -> None:
    """Debian 11's openssl as the node's /usr/bin/openssl, its libraries beside the system's."""
    ssl11 = openssl11()
    files = {
        "usr/bin/openssl": ssl11.openssl,
        f"{ssl11.libdir.relative_to(ssl11.root)}/libcrypto.so.1.1": ssl11.libcrypto,
        f"{ssl11.libdir.relative_to(ssl11.root)}/libssl.so.1.1": ssl11.libssl,
    }
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for name, path in files.items():
            data = path.read_bytes()
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o755
            tar.addfile(info, io.BytesIO(data))
    assert node.container.get_wrapped_container().put_archive("/", buf.getvalue())
    assert node.exec("openssl version").text.startswith("OpenSSL 1.1.1"), node.exec(
        "openssl version"
    )


CTYPES = "$(python3 -c 'import _ctypes; print(_ctypes.__file__)')"
#: What the step and health say when neither libcrypto (no ctypes) nor the 1.1.1 command signs.
CANNOT = (
    "the node cannot sign run records: no ctypes module (No module named '_ctypes'); "
    "openssl could not sign: pkeyutl: Option unknown option -rawin"
)


def test_a_node_that_cannot_sign_fails_the_attestation_step_and_health(
    bare_node: BareNode, tmp_path: Path
) -> None:
    install_programs_into_bin(bare_node, ("all_reduce_perf", "all_gather_perf"))
    install_openssl11(bare_node)
    inventory = write_inventory(
        tmp_path, {bare_node.name: host_entry(bare_node)}, key=bare_node.key, labs=[LAB]
    )
    # A 1.1.1 node whose helper reaches libcrypto (the node's libcrypto.so.3 here) provisions:
    # its key made by 1.1.1's genpkey, every signature made by the library.
    first = run_provision(inventory, tmp_path)[bare_node.name]
    assert not first.failed, json.dumps(first.as_dict(), indent=1)
    assert statuses(first)["attestation"] is Status.CHANGED
    signs = checks(first)["attestation"]
    assert signs["ok"] and signs["detail"].startswith("signs; public key "), signs

    # Without ctypes the helper has only the 1.1.1 command. (The simulated nccl-tests need
    # ctypes too, so the attestation step and health's check run on their own here.)
    hide = f'f={CTYPES} && mv "$f" /root/_ctypes.so.hidden && echo "$f" > /root/_ctypes.where'
    assert bare_node.exec(hide).exit_code == 0
    host = load_inventory(inventory).hosts[0]
    with connection(host) as conn:
        node = Node(host, conn, io.StringIO())
        unchanged = run_attestation(node, dry_run=False)
        assert unchanged.status is Status.FAILED and unchanged.details == [CANNOT], unchanged
        # A new key pair is installed, then the probe fails the same way.
        rotated = run_attestation(node, dry_run=False, rotate_key=True)
        assert rotated.status is Status.FAILED, rotated
        assert rotated.details[-1] == CANNOT, rotated.details
        assert "made a new attestation key pair in /etc/labgrader" in rotated.details
        report = run_health(node, canary=False)
        health = {c.name: c for c in report.checks}["attestation"]
        assert not health.ok and health.detail == CANNOT, health

        back = 'mv /root/_ctypes.so.hidden "$(cat /root/_ctypes.where)"'
        assert bare_node.exec(back).exit_code == 0
        fixed = run_attestation(node, dry_run=False)
        assert fixed.status is Status.OK, fixed
        again = {c.name: c for c in run_health(node, canary=False).checks}["attestation"]
        assert again.ok and again.detail.startswith("signs; public key "), again
