"""nvidia-smi for the simulated node: summary table, -L, topo -m / -p2p, --query-gpu.

Layouts follow docs/nccl-facts.md §5 (topo legends, -L) and the R550+ summary table; exit status
2 for bad arguments is nvidia-smi's documented "invalid argument" code.
"""

from __future__ import annotations

import sys
import time
from typing import Callable

from .profile import Profile, ProfileError, load

EXIT_INVALID_ARGUMENT = 2
BAD_COMBINATION = "Invalid combination of input arguments. Please run 'nvidia-smi -h' for help."
# The R550+ summary box: column widths between the '|' separators.
SEG1, SEG2, SEG3 = 41, 24, 22
WIDTH = SEG1 + SEG2 + SEG3 + 4
# Names longer than this are cut to NAME_CUT characters + "..." in the summary table.
NAME_MAX, NAME_CUT = 27, 24

TOPO_LEGEND = """Legend:

  X    = Self
  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
  PIX  = Connection traversing at most a single PCIe bridge
  NV#  = Connection traversing a bonded set of # NVLinks"""

P2P_LEGEND = """Legend:

  X    = Self
  OK   = Status Ok
  CNS  = Chipset not supported
  GNS  = GPU not supported
  TNS  = Topology not supported
  NS   = Not supported
  DR   = Disabled by regkey
  U    = Unknown"""


def smi_bus_id(bus_id: str) -> str:
    """nvidia-smi prints an 8-digit PCI domain: 0000:00:02.0 -> 00000000:00:02.0."""
    domain, rest = bus_id.split(":", 1)
    return "%08X:%s" % (int(domain, 16), rest.upper())


def _fmt_power(watts: float) -> str:
    return "%.2f W" % watts


# --query-gpu fields: canonical name -> (header unit, value with unit, value without unit).
def _query_fields(p: Profile) -> dict[str, Callable[[int, dict], tuple[str, str]]]:
    def mib(key: str) -> Callable[[int, dict], tuple[str, str]]:
        return lambda i, g: ("%d MiB" % g[key], "%d" % g[key])

    def plain(fn: Callable[[int, dict], str]) -> Callable[[int, dict], tuple[str, str]]:
        return lambda i, g: (fn(i, g), fn(i, g))

    return {
        "timestamp": plain(
            lambda i, g: time.strftime("%Y/%m/%d %H:%M:%S.") + "%03d" % (time.time() % 1 * 1000)
        ),
        "driver_version": plain(lambda i, g: str(p.data["driver_version"])),
        "count": plain(lambda i, g: str(len(p.gpus))),
        "index": plain(lambda i, g: str(i)),
        "name": plain(lambda i, g: g["name"]),
        "serial": plain(lambda i, g: g.get("serial", "[N/A]")),
        "uuid": plain(lambda i, g: g["uuid"]),
        "pci.bus_id": plain(lambda i, g: smi_bus_id(g["pci_bus_id"])),
        "pci.domain": plain(lambda i, g: "0x%04X" % int(g["pci_bus_id"].split(":")[0], 16)),
        "pci.bus": plain(lambda i, g: "0x%02X" % int(g["pci_bus_id"].split(":")[1], 16)),
        "pci.device": plain(
            lambda i, g: "0x%02X" % int(g["pci_bus_id"].split(":")[2].split(".")[0], 16)
        ),
        "memory.total": mib("memory_total_mib"),
        "memory.used": mib("memory_used_mib"),
        "memory.free": lambda i, g: (
            "%d MiB" % (g["memory_total_mib"] - g["memory_used_mib"]),
            "%d" % (g["memory_total_mib"] - g["memory_used_mib"]),
        ),
        "temperature.gpu": plain(lambda i, g: str(g.get("temperature_c", 30))),
        "power.draw": lambda i, g: (_fmt_power(g["power_draw_w"]), "%.2f" % g["power_draw_w"]),
        "power.limit": lambda i, g: (_fmt_power(g["power_limit_w"]), "%.2f" % g["power_limit_w"]),
        "utilization.gpu": lambda i, g: ("0 %", "0"),
        "utilization.memory": lambda i, g: ("0 %", "0"),
        "fan.speed": lambda i, g: (
            "%d %%" % g.get("fan_percent", 30),
            "%d" % g.get("fan_percent", 30),
        ),
        "pstate": plain(lambda i, g: g.get("pstate", "P8")),
        "persistence_mode": plain(
            lambda i, g: "Enabled" if g.get("persistence_mode") == "On" else "Disabled"
        ),
        "compute_mode": plain(lambda i, g: "Default"),
        "compute_cap": plain(lambda i, g: g.get("compute_cap", "8.9")),
        "vbios_version": plain(lambda i, g: g.get("vbios_version", "[N/A]")),
        "pcie.link.gen.max": plain(lambda i, g: str(g.get("pcie_gen_max", 4))),
        "pcie.link.gen.current": plain(lambda i, g: "1"),
        "pcie.link.width.max": plain(lambda i, g: str(g.get("pcie_width_max", 16))),
        "pcie.link.width.current": plain(lambda i, g: str(g.get("pcie_width_max", 16))),
        "clocks.sm": lambda i, g: (
            "%d MHz" % g.get("clocks_sm_mhz", 210),
            "%d" % g.get("clocks_sm_mhz", 210),
        ),
        "clocks.max.sm": lambda i, g: (
            "%d MHz" % g.get("clocks_max_sm_mhz", 2100),
            "%d" % g.get("clocks_max_sm_mhz", 2100),
        ),
    }


ALIASES = {
    "gpu_name": "name", "gpu_serial": "serial", "gpu_uuid": "uuid", "gpu_bus_id": "pci.bus_id",
    "temperature.memory": "temperature.gpu", "clocks.current.sm": "clocks.sm",
    "clocks.max.sm": "clocks.max.sm", "clocks.max.streaming_multiprocessor": "clocks.max.sm",
    "persistence.mode": "persistence_mode",
}  # fmt: skip
UNITS = {"memory.total": "MiB", "memory.used": "MiB", "memory.free": "MiB", "power.draw": "W",
         "power.limit": "W", "utilization.gpu": "%", "utilization.memory": "%", "fan.speed": "%",
         "clocks.sm": "MHz", "clocks.max.sm": "MHz"}  # fmt: skip


class SmiError(Exception):
    """Ends nvidia-smi: message on stdout (as the real tool prints it) and an exit status."""

    def __init__(self, message: str, status: int = EXIT_INVALID_ARGUMENT):
        super().__init__(message)
        self.message = message
        self.status = status


def summary(p: Profile, ids: list[int]) -> list[str]:
    sep = "+" + "-" * SEG1 + "+" + "-" * SEG2 + "+" + "-" * SEG3 + "+"
    full = "+" + "-" * (WIDTH - 2) + "+"
    lines = [
        time.strftime("%a %b %e %H:%M:%S %Y") + " " * 7,
        full,
        "| NVIDIA-SMI %-23sDriver Version: %-15sCUDA Version: %-9s|" % (p.data["driver_version"], p.data["driver_version"], p.data["cuda_version"]),
        "|" + "-" * SEG1 + "+" + "-" * SEG2 + "+" + "-" * SEG3 + "+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|                                         |                        |               MIG M. |",
        "|" + "=" * SEG1 + "+" + "=" * SEG2 + "+" + "=" * SEG3 + "|",
    ]  # fmt: skip
    for n, i in enumerate(ids):
        g = p.gpus[i]
        name = g["name"] if len(g["name"]) <= NAME_MAX else g["name"][:NAME_CUT] + "..."
        lines.append(
            "|%4d  %-31s%-3s |   %s Off |%21s |"
            % (i, name, g.get("persistence_mode", "On"), smi_bus_id(g["pci_bus_id"]), "Off")
        )
        power = "%16s / %5s " % (
            "%dW" % round(g["power_draw_w"]),
            "%dW" % round(g["power_limit_w"]),
        )
        memory = "%11s / %9s " % ("%dMiB" % g["memory_used_mib"], "%dMiB" % g["memory_total_mib"])
        lines.append(
            "| %2d%%%5dC%6s%s|%s|%8s%13s |"
            % (
                g.get("fan_percent", 30),
                g.get("temperature_c", 30),
                g.get("pstate", "P8"),
                power,
                memory,
                "0%",
                "Default",
            )
        )
        lines.append("|%s|%s|%21s |" % (" " * SEG1, " " * SEG2, "N/A"))
        lines.append(sep)
        del n
    box = [
        "Processes:",
        " GPU   GI   CI        PID   Type   Process name                              GPU Memory",
        "       ID   ID                                                               Usage     ",
    ]
    lines.append(" " * WIDTH)
    lines.append(full)
    lines.extend("| %-*s|" % (WIDTH - 3, text) for text in box)
    lines.append("|" + "=" * (WIDTH - 2) + "|")
    lines.append("| %-*s|" % (WIDTH - 3, " No running processes found"))
    lines.append(full)
    return lines


def list_gpus(p: Profile, ids: list[int]) -> list[str]:
    return ["GPU %d: %s (UUID: %s)" % (i, p.gpus[i]["name"], p.gpus[i]["uuid"]) for i in ids]


def topo_matrix(p: Profile) -> list[str]:
    """Cells are TAB-separated; the empty cell before N/A is a double TAB (docs/nccl-facts.md §5.1)."""
    topo = p.section("topology")
    n = len(p.gpus)
    numa = bool(topo.get("numa_columns", True))
    head = "\t" + "\t".join("GPU%d" % i for i in range(n)) + "\tCPU Affinity"
    if numa:
        head += "\tNUMA Affinity\tGPU NUMA ID"
    lines = [head]
    for i in range(n):
        cells = [" X " if i == j else str(topo.get("link", "PHB")) for j in range(n)]
        row = "GPU%d\t%s\t%s" % (i, "\t".join(cells), topo.get("cpu_affinity", "0-7"))
        if numa:
            row += "\t%s\t\t%s" % (topo.get("numa_affinity", "0"), topo.get("gpu_numa_id", "N/A"))
        lines.append(row)
    return [*lines, "", *TOPO_LEGEND.splitlines()]


def topo_p2p(p: Profile, mode: str) -> list[str]:
    """Header row starts with a space and a TAB; every row ends with a TAB (docs/nccl-facts.md §5.2)."""
    n = len(p.gpus)
    status = str(p.section("p2p").get(mode, "NS"))
    lines = [" \t" + "".join("GPU%d\t" % i for i in range(n))]
    for i in range(n):
        lines.append(" GPU%d\t" % i + "".join(("X" if i == j else status) + "\t" for j in range(n)))
    return [*lines, "", *P2P_LEGEND.splitlines()]


def query(p: Profile, ids: list[int], fields_text: str, fmt: str | None) -> list[str]:
    if fmt is None:
        raise SmiError(BAD_COMBINATION)
    flags = [f.strip() for f in fmt.split(",") if f.strip()]
    if "csv" not in flags or any(f not in ("csv", "noheader", "nounits") for f in flags):
        raise SmiError(BAD_COMBINATION)
    table = _query_fields(p)
    names = []
    for raw in fields_text.split(","):
        field = raw.strip()
        canonical = ALIASES.get(field, field)
        if canonical not in table:
            raise SmiError('Field "%s" is not a valid field to query.\n' % field)
        names.append(canonical)
    lines = []
    if "noheader" not in flags:
        heads = []
        for name in names:
            unit = UNITS.get(name)
            heads.append("%s [%s]" % (name, unit) if unit and "nounits" not in flags else name)
        lines.append(", ".join(heads))
    for i in ids:
        values = [table[name](i, p.gpus[i])[1 if "nounits" in flags else 0] for name in names]
        lines.append(", ".join(values))
    return lines


def _ids(p: Profile, value: str) -> list[int]:
    out = []
    for part in value.split(","):
        part = part.strip()
        if part.isdigit() and int(part) < len(p.gpus):
            out.append(int(part))
            continue
        match = [
            i
            for i, g in enumerate(p.gpus)
            if part in (g["uuid"], smi_bus_id(g["pci_bus_id"]), g["pci_bus_id"])
        ]
        if not match:
            raise SmiError("No devices were found", 6)
        out.extend(match)
    return out


def _topo(p: Profile, args: list[str]) -> list[str]:
    if not args:
        raise SmiError(BAD_COMBINATION)
    opt = args[0]
    if opt in ("-m", "--matrix") and len(args) == 1:
        return topo_matrix(p)
    if opt in ("-p2p", "--p2pstatus"):
        if len(args) < 2:
            raise SmiError('Option "-p2p" is missing its value.')
        if args[1] in ("r", "w", "n", "a", "p") and len(args) == 2:
            return topo_p2p(p, args[1])
        raise SmiError(BAD_COMBINATION)
    if opt.startswith("-") and opt not in (
        "-m",
        "--matrix",
        "-mp",
        "--matrix_pci",
        "-i",
        "--id",
        "-c",
        "--cpu",
        "-n",
        "--nearest_cpu",
    ):
        raise SmiError("ERROR: Option %s is not recognized. Please run 'nvidia-smi -h'." % opt)
    raise SmiError(BAD_COMBINATION)


def run(p: Profile, args: list[str]) -> list[str]:
    if args and args[0] == "topo":
        return _topo(p, args[1:])
    ids = list(range(len(p.gpus)))
    mode, fields, fmt = "summary", None, None
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        name, has_eq, value = arg.partition("=")
        if name in ("-i", "--id"):
            if not has_eq:
                if i >= len(args):
                    raise SmiError('Option "%s" is missing its value.' % name)
                value = args[i]
                i += 1
            ids = _ids(p, value)
        elif name in ("-L", "--list-gpus") and not has_eq:
            mode = "list" if mode == "summary" else "bad"
        elif name == "--query-gpu":
            fields = value if has_eq else (args[i] if i < len(args) else "")
            i += 0 if has_eq else 1
            mode = "query" if mode == "summary" else "bad"
        elif name == "--format":
            fmt = value if has_eq else (args[i] if i < len(args) else "")
            i += 0 if has_eq else 1
        elif name in ("-h", "--help"):
            return [
                "NVIDIA System Management Interface -- v%s" % p.data["driver_version"],
                "",
                "nvidia-smi [OPTION1 [ARG1]] [OPTION2 [ARG2]] ...",
                "",
                "    -h,   --help                Print usage information and exit.",
                "",
                "    -L,   --list-gpus           Display a list of GPUs connected to the system.",
                "",
                "    -i,   --id=                 Target a specific GPU.",
                "",
                "    --query-gpu=                Information about GPU.",
                "    --format=                   Comma separated list of format options: csv, noheader, nounits",
                "",
                "    topo                        Display topology information about the system.",
                '                                Use "nvidia-smi topo -h" for more information.',
            ]
        elif name == "--version":
            version = str(p.data["driver_version"])
            return [
                "NVIDIA-SMI version  : %s" % version,
                "NVML version        : %s" % version.rsplit(".", 1)[0],
                "DRIVER version      : %s" % version,
                "CUDA Version        : %s" % p.data["cuda_version"],
            ]
        else:
            raise SmiError("ERROR: Option %s is not recognized. Please run 'nvidia-smi -h'." % arg)
    if mode == "bad" or (fmt is not None and mode != "query"):
        raise SmiError(BAD_COMBINATION)
    if mode == "list":
        return list_gpus(p, ids)
    if mode == "query":
        return query(p, ids, fields or "", fmt)
    return summary(p, ids)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        profile = load()
    except ProfileError as exc:
        sys.stderr.write("nvidia-smi: %s\n" % exc)
        return 1
    try:
        lines = run(profile, args)
    except SmiError as exc:
        sys.stdout.write(exc.message + "\n")
        return exc.status
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0
