"""NCCL_SOCKET_IFNAME by meaning: the grader's judgement (grader/matching/ncclifname.py) and the
simulator's NCCL (gpusim/netif.py in grader.node.paths.simulator_dir()) are two implementations
of the same rules of NCCL's src/misc/socket.cc; they must agree on every value and interface."""

from __future__ import annotations

import sys

import pytest

from grader.matching import ncclifname
from grader.node.paths import simulator_dir

SIM_DIR = simulator_dir()
VALUES = ["eth0", "=eth0", "eth", "=eth", "eth0,eth1", "=eth1,eth0", "eth0:5000", "=eth0:5000",
          "^docker,lo", "^=docker0,lo", "^eth", "^=eth0", "ens", "bond0", "ib", "^", "=", "e", "",
          "eth0.100", "=eth0.100", ",eth0", "eth1,,", "^docker,lo,eth0", "^=", "^,",
          "=,"]  # fmt: skip
NAMES = ["eth0", "eth1", "eth0.100", "ens5", "bond0", "ibp24s0", "docker0", "lo", "veth1a2b"]


@pytest.fixture(scope="module")
def sim_netif():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(SIM_DIR))
    try:
        from gpusim import netif

        yield netif
    finally:
        sys.path.remove(str(SIM_DIR))


@pytest.mark.parametrize("value", VALUES)
def test_the_grader_and_the_simulated_nccl_agree(sim_netif, value: str) -> None:  # type: ignore[no-untyped-def]
    for name in NAMES:
        simulated = len(value) > 1 and sim_netif.IfnameSpec.parse(value).matches(name)
        judged = ncclifname.obeyed(value) and ncclifname.IfnameFilter.parse(value).keeps(name)
        assert judged == simulated, (value, name)


def test_a_value_nccl_ignores_pins_nothing() -> None:
    # NCCL obeys only values longer than one character; shorter ones leave the choice to it
    assert not ncclifname.selects("e", "e")
    assert not ncclifname.selects("", "eth0")
    assert ncclifname.selects("=e0", "e0")


@pytest.mark.parametrize(
    ("value", "iface", "selected"),
    [
        ("eth0", "eth0", True),
        ("=eth0", "eth0", True),
        ("eth", "eth0", True),
        ("eth0,eth1", "eth0", True),
        ("eth0:5000", "eth0", True),
        ("^docker,lo", "eth0", True),
        ("^docker,lo,virbr", "ens5", True),
        # lo is interface 1 everywhere: keeping it means NCCL uses it
        ("^docker", "eth0", False),
        ("lo,eth0", "eth0", False),
        ("=lo,eth0", "eth0", False),
        ("^lo", "eth0", False),  # docker0 is kept, and may come first
        # NCCL's automatic search chose ibp24s0 for trying ib* first; a plain list would not
        ("^docker,lo", "ibp24s0", False),
        ("ib", "ibp24s0", True),
        ("=lo", "lo", True),
        ("eth1", "eth0", False),
        ("^eth", "eth0", False),
    ],
)
def test_a_value_must_make_nccl_use_the_interface(value: str, iface: str, selected: bool) -> None:
    assert ncclifname.selects(value, iface) == selected
