"""nccl-tests (all_reduce_perf and its family) for one process on the simulated node.

Flags, output layout and exit codes follow nccl-tests src/common.cu as summarised in
docs/nccl-facts.md §4; the NCCL side (log lines, failures) is gpusim.nccl.
"""

from __future__ import annotations

import os
import random
import re
import sys
from typing import Callable, NamedTuple

from . import nccl as nccl_mod
from .nccllog import Logger, Params
from .profile import Profile, ProfileError, Version, load, pci_parts

# testResult_t values main() can return (docs/nccl-facts.md §4.4).
TEST_SUCCESS, TEST_CUDA_ERROR, TEST_NCCL_ERROR, TEST_NOT_IMPLEMENTED = 0, 2, 3, 5
# `return -1` from main (argument errors) is exit status 255.
EXIT_BAD_ARGUMENT = 255

# A zero step (-i 0, or -b 0 with -f 2) makes the real size loop spin forever; the simulator
# stops after this many rows so a learner's typo cannot hang the shell.
MAX_ROWS = 4096

# common.cu lines of the ncclGetUniqueId NCCLCHECK and of main's TESTCHECK (docs/nccl-facts.md §4.4).
COMMON_CU_LINES: list[tuple[Version, tuple[int, int]]] = [
    ((2, 19, 6), (1550, 1454)),
    ((2, 18, 5), (1312, 1216)),
    ((2, 17, 10), (1285, 1189)),
    ((2, 16, 9), (1063, 936)),
    ((2, 15, 2), (1037, 915)),
    ((0, 0, 0), (970, 891)),
]
# Line of the cudaGetDeviceProperties CUDACHECK that fails with too many GPUs on tags before
# v2.17.3. Not recorded in docs/nccl-facts.md: a plausible number, kept apart so it is easy to correct.
CUDA_PROPS_LINE_BEFORE_2_17_3 = 738

TYPES = (("int8", 1), ("uint8", 1), ("int32", 4), ("uint32", 4), ("int64", 8), ("uint64", 8),
         ("half", 2), ("float", 4), ("double", 8), ("bfloat16", 2), ("f8e4m3", 1), ("f8e5m2", 1))  # fmt: skip
OPS = ("sum", "prod", "max", "min", "avg", "mulsum")


class Collective(NamedTuple):
    """How one binary sizes its buffers and turns algbw into busbw."""

    reduces: bool  # prints the redop; otherwise "none"
    rooted: bool  # prints the root; otherwise -1
    per_rank: bool  # the buffer is split into equal, 16-byte aligned per-rank chunks
    bus_factor: Callable[[int], float]


def _ring(n: int) -> float:
    return (n - 1) / n


COLLECTIVES: dict[str, Collective] = {
    "all_reduce": Collective(True, False, False, lambda n: 2 * (n - 1) / n),
    "all_gather": Collective(False, False, True, _ring),
    "broadcast": Collective(False, True, False, lambda n: 1.0),
    "reduce": Collective(True, True, False, lambda n: 1.0),
    "reduce_scatter": Collective(True, False, True, _ring),
    "alltoall": Collective(False, False, True, _ring),
    "alltoallv": Collective(False, False, True, _ring),
    "scatter": Collective(False, True, True, _ring),
    "gather": Collective(False, True, True, _ring),
    "sendrecv": Collective(False, False, False, lambda n: 1.0),
    "hypercube": Collective(False, False, True, _ring),
}
BINARIES = tuple(name + "_perf" for name in COLLECTIVES)

# getopt_long's option string and long names of v2.19.6 (docs/nccl-facts.md §4.2).
SHORT_OPTIONS = "t:g:b:e:i:f:n:m:w:N:p:c:o:d:r:z:y:T:hG:C:a:R:x:D:V:J:S:M:u:I:K:"
LONG_OPTIONS = {
    "nthreads": "t", "ngpus": "g", "minbytes": "b", "maxbytes": "e", "stepbytes": "i",
    "stepfactor": "f", "iters": "n", "agg_iters": "m", "warmup_iters": "w", "run_cycles": "N",
    "parallel_init": "p", "check": "c", "op": "o", "datatype": "d", "root": "r", "blocking": "z",
    "stream_null": "y", "timeout": "T", "cudagraph": "G", "report_cputime": "C",
    "report_timestamps": "S", "output_file": "J", "average": "a", "local_register": "R",
    "cta_policy": "x", "device_implementation": "D", "device_cta_count": "V", "memory": "M",
    "unalign": "u", "per_iter_timing": "I", "per_iter_skip": "K", "help": "h",
}  # fmt: skip

USAGE_LINES = (
    "[-t,--nthreads <num threads>]", "[-g,--ngpus <gpus per thread>]",
    "[-b,--minbytes <min size in bytes>]", "[-e,--maxbytes <max size in bytes>]",
    "[-i,--stepbytes <increment size>]", "[-f,--stepfactor <increment factor>]",
    "[-n,--iters <iteration count>]", "[-m,--agg_iters <aggregated iteration count>]",
    "[-w,--warmup_iters <warmup iteration count>]",
    "[-N,--run_cycles <cycle count> run & print each cycle (default: 1; 0=infinite)]",
    "[-p,--parallel_init <0/1>]", "[-c,--check <check iteration count>]",
    "[-o,--op <sum/prod/min/max/avg/mulsum/all>]", "[-d,--datatype <nccltype/all>]",
    "[-r,--root <root>]", "[-z,--blocking <0/1/2/3>]", "[-y,--stream_null <0/1>]",
    "[-T,--timeout <time in seconds>]", "[-G,--cudagraph <num graph launches>]",
    "[-C,--report_cputime <0/1>]", "[-S,--report_timestamps <0/1> report timestamps (default 0)]",
    "[-J,--output_file <file> write output to filepath, if accessible. Infer type from suffix (only json supported presently.)]",
    "[-a,--average <0/1/2/3> report average iteration time <0=RANK0/1=AVG/2=MIN/3=MAX>]",
    "[-R,--local_register <0/1/2> enable local (1) or symmetric (2) buffer registration on send/recv buffers (default: disable (0))]",
    "[-x,--cta_policy <0/1/2> set CTA policy (NCCL_CTA_POLICY_DEFAULT (0), NCCL_CTA_POLICY_EFFICIENCY (1), NCCL_CTA_POLICY_ZERO (2)) (default: do not set)]",
    "[-D,--device_implementation <implementation number> enable device implementation (default: 0, use NCCL implementation; requires -R 2 if > 0)]",
    "[-V,--device_cta_count <number> set number of CTAs for device implementation (default: 16)]",
    "[-M,--memory_report <0/1> enable memory usage report (default: 0)]",
    "[-u,--unalign <0/1>]", "[-I,--per_iter_timing <0/1>]", "[-K,--per_iter_skip <count>]",
    "[-h,--help]",
)  # fmt: skip


class UsageExit(Exception):
    """Option parsing ended the program (usage shown or bad argument) with this status."""

    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def strtol(text: str) -> int:
    """C strtol(text, NULL, 0): optional sign, 0x/0 prefixes, stops at the first bad character."""
    m = re.match(r"\s*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)", text)
    if not m:
        return 0
    digits = m.group(2)
    if digits[:2].lower() == "0x":
        value = int(digits, 16)
    elif digits.startswith("0") and len(digits) > 1:
        value = int(digits, 8)
    else:
        value = int(digits)
    return -value if m.group(1) == "-" else value


_FLOAT = re.compile(
    r"\s*[+-]?(?:0[xX][0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?(?:[pP][+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
    r"|inf(?:inity)?|nan)",
    re.IGNORECASE,
)


def parse_size(text: str) -> float:
    """nccl-tests' parsesize: sscanf("%lf %1s") then a K/M/G (binary) suffix; -1.0 when invalid."""
    m = _FLOAT.match(text)
    if not m:
        return -1.0
    number = m.group(0).strip()
    try:
        size = float.fromhex(number) if "x" in number.lower() else float(number)
    except ValueError:
        return -1.0
    rest = text[m.end() :].lstrip()
    if not rest:
        return size
    units = {"G": 1024**3, "g": 1024**3, "M": 1024**2, "m": 1024**2, "K": 1024, "k": 1024}
    if rest[0] not in units:
        return -1.0
    return size * units[rest[0]]


class Options:
    """Parsed flags with nccl-tests' defaults for the profile's tag."""

    def __init__(self, tests_version: Version):
        self.nthreads = 1
        self.ngpus = 1
        self.min_bytes = 32 * 1024 * 1024
        self.max_bytes = 32 * 1024 * 1024
        self.step_bytes = 1024 * 1024
        self.step_factor = 1
        self.iters = 20
        self.agg_iters = 1
        self.warmup = 1 if tests_version >= (2, 16, 8) else 5
        self.cycles = 1
        self.parallel_init = 0
        self.check = 1
        self.op = "sum"
        self.dtype = "float"
        self.root = 0
        self.blocking = 0
        self.graph = 0
        self.cputime = 0
        self.unalign = 0


def _getopt(prog: str, argv: list[str]):
    """GNU getopt_long: yields (option letter, argument); '?' after printing glibc's complaint."""
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        if arg == "--":
            return
        if arg.startswith("--"):
            name, has_value, value = arg[2:].partition("=")
            matches = [n for n in LONG_OPTIONS if n.startswith(name)]
            exact = [n for n in matches if n == name]
            if exact:
                matches = exact
            if len(matches) != 1:
                what = "is ambiguous" if matches else None
                if what:
                    sys.stderr.write("%s: option '--%s' %s\n" % (prog, name, what))
                else:
                    sys.stderr.write("%s: unrecognized option '--%s'\n" % (prog, name))
                yield "?", ""
                continue
            letter = LONG_OPTIONS[matches[0]]
            if letter == "h":
                yield "h", ""
                continue
            if not has_value:
                if i >= len(argv):
                    sys.stderr.write(
                        "%s: option '--%s' requires an argument\n" % (prog, matches[0])
                    )
                    yield "?", ""
                    continue
                value = argv[i]
                i += 1
            yield letter, value
            continue
        if not arg.startswith("-") or arg == "-":
            continue  # getopt_long permutes operands to the end; nccl-tests ignores them
        pos = 1
        while pos < len(arg):
            letter = arg[pos]
            pos += 1
            spec = SHORT_OPTIONS.find(letter)
            if letter == ":" or spec < 0:
                sys.stderr.write("%s: invalid option -- '%s'\n" % (prog, letter))
                yield "?", ""
                continue
            if spec + 1 < len(SHORT_OPTIONS) and SHORT_OPTIONS[spec + 1] == ":":
                if pos < len(arg):
                    value = arg[pos:]
                elif i < len(argv):
                    value = argv[i]
                    i += 1
                else:
                    sys.stderr.write("%s: option requires an argument -- '%s'\n" % (prog, letter))
                    yield "?", ""
                    break
                yield letter, value
                break
            yield letter, ""


def parse_args(prog: str, argv: list[str], tests_version: Version) -> Options:
    opts = Options(tests_version)
    size_names = {"b": "minbytes", "e": "maxbytes", "i": "stepBytes"}
    ints = {"t": "nthreads", "g": "ngpus", "f": "step_factor", "n": "iters", "m": "agg_iters",
            "w": "warmup", "N": "cycles", "p": "parallel_init", "c": "check", "r": "root",
            "z": "blocking", "G": "graph", "C": "cputime", "u": "unalign"}  # fmt: skip
    for letter, value in _getopt(prog, argv):
        if letter in size_names:
            parsed = parse_size(value)
            if parsed < 0:
                sys.stderr.write("invalid size specified for '%s'\n" % size_names[letter])
                raise UsageExit(EXIT_BAD_ARGUMENT)
            attr = {"b": "min_bytes", "e": "max_bytes", "i": "step_bytes"}[letter]
            setattr(opts, attr, int(parsed))
        elif letter in ints:
            setattr(opts, ints[letter], strtol(value))
        elif letter == "o":
            if value in OPS or value == "all":
                opts.op = value
            else:
                print("invalid op %s, defaulting to sum .. " % value)
                opts.op = "sum"
        elif letter == "d":
            if value in dict(TYPES) or value == "all":
                opts.dtype = value
            else:
                print("invalid type %s, defaulting to float .. " % value)
                opts.dtype = "float"
        elif letter in ("h", "?"):
            if letter != "h":
                print("invalid option '%s'" % letter)
            print("USAGE: %s \n\t" % prog + " \n\t".join(USAGE_LINES))
            raise UsageExit(0)
        # -y -T -S -J -a -R -x -D -V -M -I -K: accepted; they change nothing the simulator shows.
    if opts.min_bytes > opts.max_bytes:
        sys.stderr.write(
            "invalid sizes for 'minbytes' and 'maxbytes': %d > %d\n"
            % (opts.min_bytes, opts.max_bytes)
        )
        raise UsageExit(EXIT_BAD_ARGUMENT)
    return opts


# --- output formats ----------------------------------------------------------------------------


def float_str(value: float, width: int) -> str:
    """v2.17.3+ getFloatStr: the first of .2f/.1f/.0f that fits the width, else an exponent."""
    for precision in (2, 1, 0):
        text = "%.*f" % (precision, value)
        if len(text) <= width:
            return text
    return "%.1e" % value if width >= 7 else "%.0e" % value


def row_blocks(time_us: float, algbw: float, busbw: float, wrong: int | None, v: Version) -> str:
    if v >= (2, 17, 3):
        wrong_text = "%6g" % wrong if wrong is not None else "   N/A"
        return "  %7s  %6s  %6s  %s" % (
            float_str(time_us, 7),
            float_str(algbw, 6),
            float_str(busbw, 6),
            wrong_text,
        )
    if time_us >= 10000:
        time_text = "%7.0f" % time_us
    elif time_us >= 100:
        time_text = "%7.1f" % time_us
    else:
        time_text = "%7.2f" % time_us
    wrong_text = "%5g" % wrong if wrong is not None else "  N/A"
    return "  %s  %6.2f  %6.2f  %s" % (time_text, algbw, busbw, wrong_text)


def table_header(v: Version, cputime: bool) -> list[str]:
    time_label = "cputime" if cputime else "time"
    if v >= (2, 17, 3):
        top = (
            "# %10s  %12s  %8s  %6s  %6s           out-of-place                       in-place          "
            % ("", "", "", "", "")
        )
        cols = "# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %6s  %7s  %6s  %6s  %6s %s"
        return [
            "#",
            top,
            cols
            % (
                "size",
                "count",
                "type",
                "redop",
                "root",
                time_label,
                "algbw",
                "busbw",
                "#wrong",
                time_label,
                "algbw",
                "busbw",
                "#wrong",
                "",
            ),
            cols
            % (
                "(B)",
                "(elements)",
                "",
                "",
                "",
                "(us)",
                "(GB/s)",
                "(GB/s)",
                "",
                "(us)",
                "(GB/s)",
                "(GB/s)",
                "",
                "",
            ),
        ]
    return [
        "#",
        "#                                                              out-of-place                       in-place          ",
        "#       size         count      type   redop    root %8s   algbw   busbw #wrong %8s   algbw   busbw #wrong"
        % (time_label, time_label),
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ",
    ]  # fmt: skip


class Run:
    """One invocation: prints what the real binary prints and returns its exit status."""

    def __init__(self, prog: str, profile: Profile, opts: Options):
        self.prog = prog
        self.profile = profile
        self.opts = opts
        self.tv = profile.tests_version
        self.pid = os.getpid()
        self.host = profile.hostname
        self.lines = dict(COMMON_CU_LINES)
        self.unique_id_line, self.main_line = next(
            lines for since, lines in COMMON_CU_LINES if self.tv >= since
        )

    def out(self, text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()  # nccl-tests calls setlinebuf(stdout)

    def trace(self, line: int) -> None:
        """TESTCHECK's trace line (docs/nccl-facts.md §4.4)."""
        if self.tv >= (2, 10, 0):
            self.out(" .. %s pid %d: Test failure common.cu:%d" % (self.host, self.pid, line))
        else:
            self.out(" .. %s: Test failure common.cu:%d" % (self.host, line))

    def preamble(self) -> None:
        o, v = self.opts, self.tv
        if v >= (2, 17, 4):
            code = self.profile.nccl_version_code
            self.out(
                "# nccl-tests version %s nccl-headers=%d nccl-library=%d"
                % (self.profile.tests_version_text, code, code)
            )
        if v >= (2, 16, 7):
            self.out("# Collective test starting: %s" % self.prog)
        step = (o.step_factor, "factor") if o.step_factor > 1 else (o.step_bytes, "bytes")
        head = (
            "# nThread %d nGpus %d minBytes %d maxBytes %d step: %d(%s) warmup iters: %d iters: %d"
            % (o.nthreads, o.ngpus, o.min_bytes, o.max_bytes, step[0], step[1], o.warmup, o.iters)
        )
        if v >= (2, 18, 2):
            self.out(
                head
                + " agg iters: %d validation: %d graph: %d unalign: %d"
                % (o.agg_iters, o.check, o.graph, o.unalign)
            )
        elif v >= (2, 13, 0):
            self.out(
                head + " agg iters: %d validation: %d graph: %d" % (o.agg_iters, o.check, o.graph)
            )
        else:
            self.out(head + " validation: %d " % o.check)
        self._blocking_line()
        if o.parallel_init:
            self.out("# Parallel Init Enabled: threads call into NcclInitRank concurrently ")
        self.out("#")

    def _blocking_line(self) -> None:
        z, v = self.opts.blocking, self.tv
        if v >= (2, 19, 0):
            texts = {
                1: "# Blocking Enabled: wait and barrier after each inner iteration (-m) ",
                2: "# Blocking Enabled: wait after each inner iteration (-m), no barrier ",
                3: "# Blocking Enabled: wait and barrier after each outer iteration (-n); time excludes barrier ",
            }
            if z in texts:
                self.out(texts[z])
        elif z == 1 or (z and v < (2, 18, 1)):
            self.out("# Blocking Enabled: wait for completion and barrier after each collective ")

    def devices(self) -> int | None:
        """The "# Using devices" block; an exit status when more GPUs are asked for than exist."""
        o, v = self.opts, self.tv
        env = os.environ.get("NCCL_TESTS_DEVICE")
        gpu0 = strtol(env) if env is not None else 0
        wanted = o.nthreads * o.ngpus
        available = len(self.profile.gpus)
        self.out("# Using devices")
        lines = []
        for i in range(wanted):
            dev = gpu0 + i
            if dev >= available or dev < 0:
                if v >= (2, 17, 3):
                    sys.stderr.write(
                        "Invalid number of GPUs: %d requested but only %d were found.\n"
                        % (gpu0 + wanted, available)
                    )
                    sys.stderr.write("Please check the number of processes and GPUs per process.\n")
                    sys.stderr.flush()
                    status = TEST_NOT_IMPLEMENTED
                else:
                    self.out(
                        "%s: Test CUDA failure common.cu:%d 'invalid device ordinal'"
                        % (self.host, CUDA_PROPS_LINE_BEFORE_2_17_3)
                    )
                    status = TEST_CUDA_ERROR
                self.trace(self.main_line)
                return status
            gpu = self.profile.gpus[dev]
            domain, bus, device, _ = pci_parts(gpu["pci_bus_id"])
            if v >= (2, 14, 1):
                lines.append(
                    "#  Rank %2d Group %2d Pid %6d on %10s device %2d [%04x:%02x:%02x] %s"
                    % (i, 0, self.pid, self.host, dev, domain, bus, device, gpu["name"])
                )
            elif v >= (2, 13, 4):
                lines.append(
                    "#  Rank %2d Group %2d Pid %6d on %10s device %2d [0x%02x] %s"
                    % (i, 0, self.pid, self.host, dev, bus, gpu["name"])
                )
            else:
                lines.append(
                    "#   Rank %2d Pid %6d on %10s device %2d [0x%02x] %s"
                    % (i, self.pid, self.host, dev, bus, gpu["name"])
                )
        for line in lines:
            self.out(line)
        self.devs = [gpu0 + i for i in range(wanted)]
        return None

    def memory_limit(self) -> None:
        """Reserve 1 GiB per 16 GiB (max 4), keep 1 GiB spare, split over 2 or 3 buffers."""
        gib = 1 << 30
        max_mem = min(int(self.profile.gpus[d]["memory_total_mib"]) << 20 for d in self.devs)
        reserve = min(-(-max_mem // (16 * gib)) * gib, 4 * gib)
        limit = (max_mem - reserve - gib) // (3 if self.opts.check else 2)
        if self.opts.max_bytes > limit:
            self.opts.max_bytes = limit
            self.opts.min_bytes = min(self.opts.min_bytes, limit)
            self.out("#\n# Reducing maxBytes to %d due to memory limitation" % limit)

    def sizes(self) -> list[int]:
        o = self.opts
        out: list[int] = []
        size = o.min_bytes
        while size <= o.max_bytes and len(out) < MAX_ROWS:
            out.append(size)
            size = size * o.step_factor if o.step_factor > 1 else size + o.step_bytes
        return out

    def perf(self, transport: str, net_kind: str = "socket") -> dict[str, float]:
        """The modelled figures of one transport (docs/simulator.md "performance"). NET over a
        socket has its own figure where the profile gives one (`socket`): on an IB or RoCE node
        `net` is the HCA's, and NCCL_IB_DISABLE=1 leaves the much slower TCP socket."""
        perf = self.profile.section("performance")
        key = "local" if len(self.devs) < 2 else transport.lower()
        if key == "net" and net_kind == "socket" and "socket" in perf:
            key = "socket"
        return {
            "busbw": float(perf.get(key, {}).get("busbw_gbs", 10.0)),
            "latency": float(perf.get(key, {}).get("latency_us", 10.0)),
            "jitter": float(perf.get("jitter", 0.0)),
        }

    def table(self, name: str, transport: str, net_kind: str = "socket") -> tuple[list[float], int]:
        coll = COLLECTIVES[name]
        o, n = self.opts, len(self.devs)
        types = [t for t in TYPES if o.dtype in ("all", t[0])]
        cap = float(self.profile.gpus[self.devs[0]].get("compute_cap", "8.0"))
        if o.dtype == "all":
            types = [
                t
                for t in types
                if not (
                    t[0].startswith("f8") and (cap < 9.0 or self.profile.nccl_version < (2, 24, 0))
                )
            ]
        ops = list(OPS) if o.op == "all" else [o.op]
        if not coll.reduces:
            ops = ["none"]
        p = self.perf(transport, net_kind)
        factor = coll.bus_factor(n)
        busbws: list[float] = []
        for _cycle in range(max(1, o.cycles)):
            for tname, width in types:
                for op in ops:
                    for size in self.sizes():
                        count = size // width
                        if coll.per_rank:
                            align = max(1, 16 // width)
                            count = (count // n) // align * align * n
                        nbytes = count * width
                        row = "%12d  %12d  %8s  %6s  %6d" % (
                            nbytes,
                            count,
                            tname,
                            op,
                            o.root if coll.rooted else -1,
                        )
                        for _in_place in (False, True):
                            moved = nbytes * (factor if factor > 0 else 1)
                            t = p["latency"] + moved / (p["busbw"] * 1e3)
                            t *= 1 + random.uniform(-p["jitter"], p["jitter"])
                            algbw = nbytes / 1e9 / (t / 1e6)
                            busbw = algbw * factor
                            busbws.append(busbw)
                            row += row_blocks(t, algbw, busbw, 0 if o.check else None, self.tv)
                        self.out(row)
        return busbws, 0

    def footer(self, busbws: list[float], errors: int) -> bool:
        avg = sum(busbws) / len(busbws) if busbws else 0.0
        min_bw = os.environ.get("NCCL_TESTS_MIN_BW")
        status, failed = "", errors > 0
        if min_bw is not None:
            threshold = float(parse_size(min_bw) if parse_size(min_bw) >= 0 else 0)
            failed = failed or avg < threshold * 0.9
            status = "FAILED" if avg < threshold * 0.9 else "OK"
        self.out("# %-20s : %d %s" % ("Out of bounds values", errors, "FAILED" if errors else "OK"))
        self.out("# %-20s : %g %s" % ("Avg bus bandwidth", avg, status))
        self.out("#")
        if self.tv >= (2, 16, 7):
            self.out("# Collective test concluded: %s" % self.prog)
        self.out("")  # NCCL's last error: empty on Linux (docs/nccl-facts.md §4.4)
        return failed

    def nccl_failure(self, code: int) -> int:
        text = nccl_mod.ERROR_STRINGS.get(code, "unknown result code")
        if self.tv >= (2, 13, 4):
            text += " / "
        self.out("%s: Test NCCL failure common.cu:%d '%s'" % (self.host, self.unique_id_line, text))
        self.trace(self.main_line)
        return TEST_NCCL_ERROR

    def run(self, name: str) -> int:
        self.preamble()
        status = self.devices()
        if status is not None:
            return status
        self.memory_limit()
        params = Params(self.profile.nccl_version)
        logger = Logger(params, self.profile.nccl_version, self.host, self.pid)
        try:
            lib = nccl_mod.Nccl(self.profile, params, logger, self.pid)
            code = lib.get_unique_id()
            if code:
                return self.nccl_failure(code)
            api = "ncclCommInitAll" if self.tv < (2, 17, 0) else "ncclCommInitRankConfig"
            code = lib.comm_init(self.devs, api)
            if code:
                return self.nccl_failure(code)
            for line in table_header(self.tv, bool(self.opts.cputime)):
                self.out(line)
            busbws, errors = self.table(name, lib.transport, lib.net_kind())
            # the communicators are destroyed before the footer is printed (src/common.cu)
            lib.destroy()
            failed = self.footer(busbws, errors)
        finally:
            logger.close()
        if failed:
            if self.tv < (2, 17, 3):
                return 1
            self.trace(self.main_line)
            return 6 if self.tv < (2, 17, 7) else 7
        return TEST_SUCCESS


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv if argv is None else argv)
    prog = os.path.basename(argv[0])
    name = prog[: -len("_perf")] if prog.endswith("_perf") else "all_reduce"
    if name not in COLLECTIVES:
        name = "all_reduce"
    try:
        profile = load()
    except ProfileError as exc:
        sys.stderr.write("%s: %s\n" % (prog, exc))
        return 1
    try:
        opts = parse_args(prog, argv[1:], profile.tests_version)
    except UsageExit as exc:
        return exc.status
    try:
        return Run(prog, profile, opts).run(name)
    except ProfileError as exc:  # e.g. a malformed "interfaces" list, met at NCCL's first lookup
        sys.stderr.write("%s: %s\n" % (prog, exc))
        return 1
