"""Lab format: schema, loader, typed model.

The face others import from: the model and its errors (plain dataclasses, loaded at once), and
the loader, the YAML document and the schema's wording (YAML and JSON Schema: loaded on first
use, so the daemon's ingest and the matcher, which need only the model, load neither).
"""

from typing import TYPE_CHECKING

from grader.faces import lazy_names
from grader.labs.errors import LabError, LabInvalid
from grader.labs.model import (
    After,
    Alternative,
    Choice,
    CommandExpect,
    Comparison,
    Duration,
    ExitExpect,
    Lab,
    NumberCapture,
    OutputExpect,
    Pattern,
    Practice,
    Probe,
    StageExpect,
    Step,
    ValueMatch,
)
from grader.labs.wording import pattern_in_words, value_in_words

if TYPE_CHECKING:
    from grader.labs.answer_syntax import bash_syntax_problem
    from grader.labs.document import Document, read_document
    from grader.labs.lesson import (
        Box,
        Diagram,
        Lesson,
        LessonError,
        Question,
        Section,
        parse_lesson,
    )
    from grader.labs.loader import LAB_FILE, check_lab, load_lab
    from grader.labs.schema import explain_violation

__getattr__ = lazy_names(
    __name__,
    {
        "Box": ".lesson",
        "bash_syntax_problem": ".answer_syntax",
        "Diagram": ".lesson",
        "Document": ".document",
        "Lesson": ".lesson",
        "LessonError": ".lesson",
        "Question": ".lesson",
        "Section": ".lesson",
        "parse_lesson": ".lesson",
        "LAB_FILE": ".loader",
        "check_lab": ".loader",
        "explain_violation": ".schema",
        "load_lab": ".loader",
        "read_document": ".document",
    },
)

__all__ = [
    "LAB_FILE",
    "After",
    "Alternative",
    "Box",
    "Choice",
    "CommandExpect",
    "Comparison",
    "Diagram",
    "Document",
    "Duration",
    "ExitExpect",
    "Lab",
    "LabError",
    "LabInvalid",
    "Lesson",
    "LessonError",
    "NumberCapture",
    "OutputExpect",
    "Pattern",
    "Practice",
    "Probe",
    "Question",
    "Section",
    "StageExpect",
    "Step",
    "ValueMatch",
    "bash_syntax_problem",
    "check_lab",
    "explain_violation",
    "load_lab",
    "parse_lesson",
    "pattern_in_words",
    "read_document",
    "value_in_words",
]
