"""The simulated GPU tools work in a learner's captured shell with the lab's environment.

The first lab's broken run: `NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf ...` exits 3 with
a NCCL WARN (visible because the lab sets NCCL_DEBUG=WARN); the INFO run names the node's real
eth0 address (the simulator reads the container's interfaces, docs/architecture.md "The fake node").
"""

from __future__ import annotations

import re

import pytest
from fakenode import FakeNode, InteractiveShell, learner_shell

BROKEN_RUN = "NCCL_SOCKET_IFNAME=doesnotexist0 all_reduce_perf -b 8M -e 8M -g 2"


def _eth0_address(node: FakeNode) -> str:
    """The container's address as the Docker engine assigned it (not as the node reports it)."""
    container = node.container.get_wrapped_container()
    container.reload()
    address = container.attrs["NetworkSettings"]["IPAddress"]
    assert address, container.attrs["NetworkSettings"]
    return address


@pytest.fixture
async def shell(fake_node: FakeNode):
    async with learner_shell(fake_node) as shell:
        yield shell


async def test_lab_environment_in_the_login_shell(shell: InteractiveShell) -> None:
    out = await shell.run("echo NCCL_DEBUG=[$NCCL_DEBUG]")
    assert "NCCL_DEBUG=[WARN]" in out


async def test_broken_run_warns_and_exits_3(shell: InteractiveShell) -> None:
    out = await shell.run(BROKEN_RUN)
    assert "NCCL WARN" in out
    assert re.search(r"Bootstrap ?: no socket interface found", out), out
    status = await shell.run("echo status=$?")
    assert "status=3" in status


async def test_info_run_names_the_real_eth0_address(
    fake_node: FakeNode, shell: InteractiveShell
) -> None:
    out = await shell.run("NCCL_DEBUG=INFO all_reduce_perf -b 8M -e 8M -g 2 2>&1 | grep NET/Socket")
    assert f"NET/Socket : Using [0]eth0:{_eth0_address(fake_node)}<0>" in out, out


async def test_nvidia_smi_lists_two_gpus(shell: InteractiveShell) -> None:
    out = await shell.run("nvidia-smi -L; echo status=$?")
    assert "status=0" in out
    # Not anchored at ^: the first line follows the echo's \r and bracketed-paste escapes.
    assert len(re.findall(r"\bGPU [01]: NVIDIA ", out)) == 2, out
