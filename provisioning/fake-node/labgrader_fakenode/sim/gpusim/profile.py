"""The hardware profile: which GPUs the simulated node has and which NCCL/nccl-tests it runs.

Profiles are JSON files (JSON is also valid YAML, so a human can read one like any other config
here, but the node needs no YAML parser: Debian's bare python3 has none). A profile is merged
over the built-in ml-node-07 profile, so a file only has to name what differs, e.g.
``{"nccl": {"version": "2.21.5"}, "nccl_tests": {"version": "2.16.9"}}``.
"""

from __future__ import annotations

import json
import os
import socket
from typing import Any, NamedTuple, Tuple

PROFILE_ENV = "LABGRADER_SIM_PROFILE"
SYSTEM_PROFILE = "/etc/labgrader/sim-profile.json"
BUILTIN_PROFILE = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "profiles", "ml-node-07.json"
)

Version = Tuple[int, int, int]


class Cpu(NamedTuple):
    """The host CPU as NCCL's topology sees it: the architecture NCCL was built for, cpuid's vendor
    string, and cpuid's family and model (src/graph/xml.cc ncclTopoGetXmlFromCpu fills them,
    src/graph/topo.cc ncclTopoAddCpu reads them)."""

    arch: str  # as `uname -m` prints it: "x86_64", "aarch64", "ppc64le"
    vendor: str  # as /proc/cpuinfo's vendor_id: "AuthenticAMD", "GenuineIntel", "CentaurHauls"...
    family: int  # /proc/cpuinfo's "cpu family"
    model: int  # /proc/cpuinfo's "model"

    @property
    def kind(self) -> str:
        """ "x86", "arm" or "power": NCCL's NCCL_TOPO_CPU_ARCH_* for ``arch``."""
        if self.arch in ("aarch64", "arm64"):
            return "arm"
        if self.arch.startswith("ppc"):
            return "power"
        return "x86"

    @property
    def maker(self) -> str:
        """ "Intel", "AMD", "Zhaoxin" or "" (any other): NCCL's NCCL_TOPO_CPU_VENDOR_* for an x86
        CPU's ``vendor``, by src/graph/topo.cc kvDictCpuVendor; NCCL reads no vendor elsewhere."""
        if self.kind != "x86":
            return ""
        for prefix, maker in CPU_VENDORS:
            if self.vendor.startswith(prefix):
                return maker
        return ""

    @property
    def intel_before_skylake(self) -> bool:
        """NCCL's NCCL_TOPO_CPU_TYPE_BDW: an Intel CPU other than family 6 model >= 0x55
        (Skylake-SP and later), src/graph/topo.cc ncclTopoAddCpu."""
        return self.maker == "Intel" and not (self.family == 6 and self.model >= 0x55)


# cpuid vendor strings -> NCCL's vendor (src/graph/topo.cc kvDictCpuVendor, a prefix match).
CPU_VENDORS = [
    ("GenuineIntel", "Intel"),
    ("AuthenticAMD", "AMD"),
    ("CentaurHauls", "Zhaoxin"),
    ("  Shanghai  ", "Zhaoxin"),
]
# The CPU of a profile that names none: ml-node-07's (profiles/ml-node-07.json).
DEFAULT_CPU = Cpu("x86_64", "AuthenticAMD", 25, 1)


class ProfileError(Exception):
    """A profile file that cannot be read; the programs report it instead of faking output."""


def parse_version(text: str) -> Version:
    """ "2.30.7" -> (2, 30, 7); missing parts are 0, a leading "v" is ignored."""
    parts = [int(p) for p in text.lstrip("v").split(".")[:3]]
    while len(parts) < 3:
        parts.append(0)
    return (parts[0], parts[1], parts[2])


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Deep-merge dictionaries; lists and scalars in ``over`` replace those in ``base``."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _read(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as exc:
        raise ProfileError(f"cannot read simulator profile {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ProfileError(f"simulator profile {path} is not a JSON object")
    return data


class Profile:
    """Read-only view of a merged profile with the derived values the programs need."""

    def __init__(self, data: dict[str, Any]):
        self.data = data
        self.gpus = list(data["gpus"])
        self.nccl_version = parse_version(str(data["nccl"]["version"]))
        self.tests_version = parse_version(str(data["nccl_tests"]["version"]))

    @property
    def hostname(self) -> str:
        """NCCL and nccl-tests both cut the hostname at the first dot (docs/nccl-facts.md §2.1)."""
        name = self.data.get("hostname") or socket.gethostname()
        return name.split(".")[0]

    @property
    def nccl_version_text(self) -> str:
        return "%d.%d.%d" % self.nccl_version

    @property
    def nccl_version_code(self) -> int:
        """major*10000 + minor*100 + patch, NCCL's code from 2.9 on (docs/nccl-facts.md §4.3)."""
        major, minor, patch = self.nccl_version
        return major * 10000 + minor * 100 + patch

    @property
    def tests_version_text(self) -> str:
        return "%d.%d.%d" % self.tests_version

    @property
    def cpu(self) -> Cpu:
        """The ``cpu`` section; each fact it leaves out is ml-node-07's."""
        cpu = self.section("cpu")
        return Cpu(
            str(cpu.get("arch", DEFAULT_CPU.arch)),
            str(cpu.get("vendor", DEFAULT_CPU.vendor)),
            int(cpu.get("family", DEFAULT_CPU.family)),
            int(cpu.get("model", DEFAULT_CPU.model)),
        )

    def section(self, name: str) -> dict[str, Any]:
        value = self.data.get(name) or {}
        return value if isinstance(value, dict) else {}


def load() -> Profile:
    """Built-in profile, overlaid by $LABGRADER_SIM_PROFILE or else /etc/labgrader/sim-profile.json."""
    data = _read(BUILTIN_PROFILE)
    path = os.environ.get(PROFILE_ENV)
    if path:
        data = _merge(data, _read(path))
    elif os.path.exists(SYSTEM_PROFILE):
        data = _merge(data, _read(SYSTEM_PROFILE))
    return Profile(data)


def pci_parts(bus_id: str) -> tuple[int, int, int, int]:
    """ "0000:00:02.0" -> (domain, bus, device, function) as integers."""
    domain, bus, rest = bus_id.split(":")
    device, function = rest.split(".")
    return int(domain, 16), int(bus, 16), int(device, 16), int(function, 16)


def nccl_busid(bus_id: str) -> str:
    """NCCL's busId: the hex digits run together, lowercase, leading zeros dropped.

    "0000:01:00.0" -> "1000" and "0000:3b:00.0" -> "3b000" (docs/nccl-facts.md §3.1).
    """
    domain, bus, device, function = pci_parts(bus_id)
    value = (domain << 20) | (bus << 12) | (device << 4) | function
    return "%x" % value
