"""Helpers shared by the simulator tests: fake network trees and an independent address source."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from missing import missing

# IFF_UP | IFF_BROADCAST | IFF_MULTICAST, as /sys/class/net/<if>/flags shows an "up" NIC.
FLAGS_UP = "0x1003"
FLAGS_DOWN = "0x1002"


def needs_unshare_and_ip() -> None:
    """For a test that builds a network namespace of its own: a missing tool skips it, and with
    CI=true is an error (scripts/ensure-tools.sh installs both)."""
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        missing("needs unshare (util-linux) and ip (iproute2): scripts/ensure-tools.sh")


def make_sysroot(root: Path, interfaces: list[tuple[str, str, str | None, str | None]]) -> Path:
    """A fake /sys + /proc tree: (name, flags, operstate, IPv4 address), in ifindex order."""
    v4 = []
    for index, (name, flags, operstate, addr) in enumerate(interfaces, start=1):
        d = root / "sys" / "class" / "net" / name
        d.mkdir(parents=True)
        (d / "ifindex").write_text(f"{index}\n")
        (d / "flags").write_text(f"{flags}\n")
        (d / "operstate").write_text(f"{operstate}\n")
        if addr:
            v4.append(f"{name} {addr}")
    proc = root / "proc" / "net"
    proc.mkdir(parents=True)
    (proc / "labgrader-ipv4").write_text("\n".join(v4) + "\n")
    (proc / "if_inet6").write_text("00000000000000000000000000000001 01 80 10 80       lo\n")
    return root


def real_ipv4(ifname: str) -> str:
    """The address `ip` reports: an independent source for what NCCL must print."""
    out = subprocess.run(
        ["ip", "-o", "-4", "addr", "show", ifname], capture_output=True, text=True, check=True
    )
    return out.stdout.split()[3].split("/")[0]


def socket_items(text: str) -> list[tuple[str, str]]:
    """ " [0]eth0:10.0.0.2<0> [1]..." -> [("eth0", "10.0.0.2"), ...]."""
    return re.findall(r" \[\d+\]([^:\s]+):(\S+)<0>", text)


def check_real_socket_list(text: str) -> None:
    """NET/Socket on this machine: eth0 and its real address first; anything after it (a
    container's veth, say) must be a real interface that NCCL 2.30 does not exclude."""
    items = socket_items(text)
    assert items[0] == ("eth0", real_ipv4("eth0")), text
    links = subprocess.run(["ip", "-o", "link"], capture_output=True, text=True, check=True).stdout
    names = {line.split(":")[1].strip().split("@")[0] for line in links.splitlines()}
    for name, _ in items[1:]:
        assert name in names and not name.startswith(("docker", "lo", "virbr")), text
