"""The distribution matrix (tests/distros.py): plain Debian 11, Debian 12 and rhel8-like nodes,
each given the operator guide's prerequisites with the guide's own apt-get line, then the whole
guide followed against the three at once (one inventory, provisioned in parallel).

Per node: provisioning succeeds, the health report is ok with the node's own bash, python3 and
OpenSSL, and the graded canary verified every step of the lab: its attested steps verify only
with runs the node signed (with OpenSSL 1.1.1 or 3.x through the helper's libcrypto), checked
with the node's public key. The learner's first step, typed on the first node, verifies through
`grader run`. On the rhel8-like node the signing helper runs on its python3 3.6 and the GPU
simulator on the python3.9 the guide's RHEL 8 line installs beside it.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

import distros
import fakenode
import pytest
from barenode import ADMIN_USER, BareNode
from python36 import find_python36
from test_operator_guide import GUIDE, follow_the_guide

pytestmark = pytest.mark.fakenode

#: The canary's detail when every step its script expects verified (all of them, signed ones
#: included: labs/nccl-bootstrap/tests/any-node.expect.yaml).
CANARY_VERIFIED = "nccl-bootstrap: 11/11 steps verified"
#: An installed simulator program: its first line names the interpreter it runs on.
SIM_PROGRAM = "/usr/local/lib/labgrader/sim/bin/nvidia-smi"
#: The version of the python the attested nvidia-smi wrapper runs the signing helper on.
HELPER_PYTHON = (
    "py=$(sed -n 's/.*exec sudo -n \\(\\S*\\) -I -S .*/\\1/p' /usr/local/bin/nvidia-smi)"
    ' && "$py" --version'
)


def guide_line(command: str) -> str:
    """The guide's §1 `COMMAND install ...` line (apt-get: a plain Debian node; dnf: RHEL 8)."""
    m = re.search(rf"`({command} install [^`]+)`", GUIDE.read_text())
    assert m is not None, f"docs/operator-guide.md §1 shows no {command} install line"
    return m.group(1)


def install_prerequisites(node: BareNode, distro: str) -> str:
    """The guide's apt-get line as root on the node (`-y`: the operator's yes), from the node's
    own apt sources; a package the node must keep as it is (distros.PREINSTALLED) left out. The
    rhel8-like node also gets the guide's RHEL 8 `dnf install` packages, as the Debian packages
    standing in for them (distros.DNF_AS_APT: this node has apt, not dnf)."""
    words = [
        w
        for w in shlex.split(guide_line("apt-get"))
        if w not in distros.PREINSTALLED.get(distro, ())
    ]
    if distro == "rhel8-like":
        words += [distros.DNF_AS_APT[w] for w in shlex.split(guide_line("dnf"))[2:]]
    line = " ".join(shlex.quote(w) for w in [*words[:2], "-y", "-q", *words[2:]])
    done = node.exec(f"apt-get update -q && DEBIAN_FRONTEND=noninteractive {line}")
    assert done.exit_code == 0, done.text[-3000:]
    return line


@pytest.fixture(scope="session")
def debian_images(docker_engine: fakenode.docker.DockerClient) -> dict[str, str]:
    return distros.ensure_debian_images(docker_engine)


@pytest.fixture(scope="session")
def rhel8_like_image(docker_engine: fakenode.docker.DockerClient) -> str:
    """Built only when a test uses it: only this image needs a CPython 3.6 on this machine.

    Without one it is skipped with its reason, in CI too, never an error: a fresh Debian 12 has
    no 3.6 to give the node (tests/python36.py says why; the node programs' floor is checked
    statically there), and the Debian nodes' case does not depend on it."""
    python36 = find_python36()
    if python36 is None:
        pytest.skip(
            "no CPython 3.6 here for the rhel8-like node's /usr/bin/python3 (tests/python36.py: "
            "LABGRADER_PYTHON36, ~/.pyenv/versions/3.6*, python3.6 on PATH)"
        )
    return distros.ensure_rhel8_like_image(docker_engine, python36)


#: The nodes one test provisions together.
GROUPS = [
    pytest.param(("debian11", "debian12"), id="debian11+debian12"),
    pytest.param(("rhel8-like",), id="rhel8-like"),
]


@pytest.fixture
def distro_nodes(request: pytest.FixtureRequest, admin_key: Path) -> Iterator[list[BareNode]]:
    """One fresh plain node per distro of the group, its admin `ops` logging in with admin_key."""
    images: dict[str, str] = {}
    if "rhel8-like" in request.param:
        images["rhel8-like"] = request.getfixturevalue("rhel8_like_image")
    if {"debian11", "debian12"} & set(request.param):
        images.update(request.getfixturevalue("debian_images"))
    with ExitStack() as stack:
        nodes = []
        for d in distros.DISTROS:
            if d.name not in request.param:
                continue
            started = stack.enter_context(
                fakenode.sshd_container(images[d.name], d.name, {ADMIN_USER: admin_key})
            )
            nodes.append(
                BareNode(
                    d.name,
                    started.host,
                    started.port,
                    admin_key,
                    started.host_key,
                    started.container,
                )
            )
        yield nodes


@pytest.mark.parametrize("distro_nodes", GROUPS, indirect=True)
def test_the_guide_grades_a_plain_node_of_every_distribution(
    distro_nodes: list[BareNode],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for node in distro_nodes:  # plain: none of the guide's prerequisites but sshd and sudo
        assert node.exec("command -v openssl || command -v ip").exit_code != 0
    with ThreadPoolExecutor(max_workers=len(distro_nodes)) as pool:
        list(pool.map(install_prerequisites, distro_nodes, [n.name for n in distro_nodes]))

    work = follow_the_guide(distro_nodes, tmp_path, monkeypatch, capsys)

    problems = []
    for node in distro_nodes:
        distro = next(d for d in distros.DISTROS if d.name == node.name)
        report = json.loads((work / "provision-logs" / f"{node.name}.report.json").read_text())
        details = {c["name"]: c["detail"] for c in report["checks"]}
        seen = {
            "ok": report["ok"],
            "shell": details["shell"],
            "node-python": details["node-python"],
            "openssl": node.exec("openssl version").text.strip(),
            "canary": details["canary"],
            # what the simulator runs on, and the signing helper's python (the wrapper's sudo line)
            "simulator-python": node.exec(f"head -n 1 {SIM_PROGRAM}").text.strip(),
            "helper-python": node.exec(HELPER_PYTHON).text.strip(),
        }
        if not (
            report["ok"]
            and seen["shell"].startswith(f"bash {distro.bash}.")
            and seen["node-python"].startswith(f"python3 {distro.python}.")
            and seen["openssl"].startswith(distro.openssl)
            and seen["canary"].startswith(CANARY_VERIFIED)
            and seen["simulator-python"] == f"#!{distro.simulator_python}"
            and seen["helper-python"].startswith(f"Python {distro.python}.")
        ):
            problems.append(f"{distro.name}: {seen}")
    assert not problems, problems
