"""Sans-I/O capture: terminal bytes with OSC 133/633 markers in, command events out.

The face others import from: the events (plain dataclasses, loaded at once, so the store's plain
data types can name them), and the parser and the parser benchmark's pieces, loaded on first use.
"""

from typing import TYPE_CHECKING

from grader.capture.events import (
    Anomaly,
    AttestationSeen,
    CommandEnded,
    CommandRecord,
    CommandStarted,
    Event,
    OutputLines,
    PromptWithoutCommand,
)
from grader.faces import lazy_names

if TYPE_CHECKING:
    from grader.capture.bench_cmd import TARGET_MB_S, build_stream, measure
    from grader.capture.parser import ANOMALIES_PER_KIND, SessionParser
    from grader.capture.render import LineRenderer

__getattr__ = lazy_names(
    __name__,
    {
        "ANOMALIES_PER_KIND": ".parser",
        "LineRenderer": ".render",
        "SessionParser": ".parser",
        "TARGET_MB_S": ".bench_cmd",
        "build_stream": ".bench_cmd",
        "measure": ".bench_cmd",
    },
)

__all__ = [
    "ANOMALIES_PER_KIND",
    "TARGET_MB_S",
    "Anomaly",
    "AttestationSeen",
    "CommandEnded",
    "CommandRecord",
    "CommandStarted",
    "Event",
    "LineRenderer",
    "OutputLines",
    "PromptWithoutCommand",
    "SessionParser",
    "build_stream",
    "measure",
]
