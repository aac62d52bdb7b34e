"""NCCL's parameters and debug log: levels, subsystem mask, prefixes and destination.

Sources: NCCL src/debug.cc, src/misc/param.cc, as summarised in docs/nccl-facts.md §1.2 (config files),
§2.1 (destination), §2.2 (levels and mask) and §2.3 (prefixes by version).
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

from .profile import Version

LEVELS = {"VERSION": 1, "WARN": 2, "INFO": 3, "ABORT": 4, "TRACE": 5}
NONE, VERSION, WARN, INFO = 0, 1, 2, 3

SUBSYSTEMS = (
    "INIT", "COLL", "P2P", "SHM", "NET", "GRAPH", "TUNING", "ENV", "ALLOC", "CALL", "PROXY",
    "NVLS", "BOOTSTRAP", "REG", "PROFILE", "RAS", "DESTROY", "ALLOC_HOST",
)  # fmt: skip


def _conf_values(path: str) -> dict[str, str]:
    """``NAME=VALUE`` lines of an nccl.conf file; ``#`` starts a comment."""
    values: dict[str, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return values
    for line in lines:
        line = line.split("#", 1)[0].strip()
        if "=" in line:
            name, value = line.split("=", 1)
            values[name.strip()] = value.strip()
    return values


class Params:
    """NCCL_* lookups: the environment first, then the config files, never overriding.

    NCCL's initEnv loads ~/.nccl.conf (from 2.23: $NCCL_CONF_FILE instead, when set), then
    /etc/nccl.conf, with setenv(..., 0), so the process environment always wins
    (docs/nccl-facts.md §1.2; src/include/param.h at v2.8.4-1, src/misc/param.cc at v2.23.4-1).
    """

    def __init__(self, version: Version, environ: dict[str, str] | None = None):
        self.values = dict(os.environ if environ is None else environ)
        chosen = self.values.get("NCCL_CONF_FILE") if version >= (2, 23, 0) else None
        user = chosen or os.path.expanduser("~/.nccl.conf")
        for path in (user, "/etc/nccl.conf"):
            for name, value in _conf_values(path).items():
                self.values.setdefault(name, value)

    def get(self, name: str) -> str | None:
        return self.values.get(name)

    def get_int(self, name: str, default: int) -> int:
        value = self.values.get(name)
        try:
            return int(value, 0) if value is not None else default
        except ValueError:
            return default


def default_mask(version: Version) -> int:
    """ncclDebugMask's initial value in src/debug.cc: INIT alone up to v2.16.2-1, INIT|ENV from
    v2.16.5-1 (the next tag), INIT|BOOTSTRAP|ENV from 2.23."""
    if version >= (2, 23, 0):
        return subsys_mask(("INIT", "BOOTSTRAP", "ENV"))
    if version >= (2, 16, 5):
        return subsys_mask(("INIT", "ENV"))
    return subsys_mask(("INIT",))


def subsys_mask(names) -> int:
    mask = 0
    for name in names:
        if name == "ALL":
            mask |= (1 << len(SUBSYSTEMS)) - 1
        elif name in SUBSYSTEMS:
            mask |= 1 << SUBSYSTEMS.index(name)
    return mask


class Logger:
    """One process's NCCL debug output.

    Lines go to stdout (not stderr: docs/nccl-facts.md §2.1), or to NCCL_DEBUG_FILE when the level is
    above VERSION. INFO lines are filtered by the subsystem mask; WARN lines never are.
    """

    def __init__(
        self, params: Params, version: Version, host: str, pid: int, out: TextIO = sys.stdout
    ):
        self.version = version
        self.host = host
        self.pid = pid
        self.out = out
        self.level = LEVELS.get((params.get("NCCL_DEBUG") or "").upper(), NONE)
        subsys = params.get("NCCL_DEBUG_SUBSYS")
        if subsys is None:
            self.mask = default_mask(version)
        else:
            invert = subsys.startswith("^")
            names = [n.strip().upper() for n in subsys.lstrip("^").split(",") if n.strip()]
            mask = subsys_mask(names)
            self.mask = subsys_mask(["ALL"]) & ~mask if invert else mask
        path = params.get("NCCL_DEBUG_FILE")
        self.file: TextIO | None = None
        if path and self.level > VERSION:
            path = path.replace("%h", host).replace("%p", str(pid))
            try:
                self.file = open(path, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
            except OSError:
                self.file = None  # NCCL falls back to stdout when fopen fails

    def _write(self, text: str) -> None:
        target = self.file or self.out
        target.write(text)
        target.flush()

    def _prefix(self, tid: int, dev: int) -> str:
        return "%s:%d:%d [%d]" % (self.host, self.pid, tid, dev)

    def info(self, subsys: str, msg: str, tid: int, dev: int = 0) -> None:
        if self.level < INFO or not self.mask & subsys_mask(subsys.split("|")):
            return
        self._write("%s NCCL INFO %s\n" % (self._prefix(tid, dev), msg))

    def info_lines(self, subsys: str, lines: list[str], tid: int, dev: int = 0) -> None:
        for msg in lines:
            self.info(subsys, msg, tid, dev)

    def warn(self, where: str, function: str, msg: str, tid: int, dev: int = 0) -> None:
        """WARN: always preceded by an empty line; timestamp from 2.26, function from 2.30.7."""
        if self.level < WARN:
            return
        stamp = time.strftime("[%Y-%m-%d %H:%M:%S] ") if self.version >= (2, 26, 0) else ""
        place = "%s (%s)" % (where, function) if self.version >= (2, 30, 7) else where
        self._write("\n%s%s %s NCCL WARN %s\n" % (stamp, self._prefix(tid, dev), place, msg))

    def backtrace(self, where: str, function: str, code: int, tid: int, dev: int = 0) -> None:
        """The INFO line each failed NCCLCHECK adds as an error propagates (docs/nccl-facts.md §2.3)."""
        if self.version >= (2, 30, 7):
            self.info("ALL", "%s (%s) -> %d" % (where, function, code), tid, dev)
        else:
            self.info("ALL", "%s -> %d" % (where, code), tid, dev)

    def version_line(self, text: str, tid: int, dev: int = 0) -> None:
        """ "NCCL version ...": bare at VERSION/WARN (and always <= 2.21), a normal INFO line else."""
        if self.level < VERSION:
            return
        if self.version >= (2, 22, 0) and self.level >= INFO:
            self.info("INIT", text, tid, dev)
        else:
            self.out.write(text + "\n")
            self.out.flush()

    def close(self) -> None:
        if self.file:
            self.file.close()
