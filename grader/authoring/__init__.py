"""Authoring: the tools a lab author runs, and the sandbox node they type on.

`grader new`, `import-lesson`, `record`, `replay`, `test-lab`: a lesson becomes a draft lab
(draft.py), scripts are typed through the real capture shell on a sandbox node (record.py,
sandbox.py, sandbox_attest.py), transcripts are replayed through the pure matcher
(session_files.py) and checked against their expectations (selftest.py, profile_matrix.py).
Everything here reads and writes files or drives a pty; grader/matching stays pure and never
imports this package.

The face others import from, each name loaded on first use: the recorder pulls in pty and
termios, the replay the whole matcher stack.
"""

from typing import TYPE_CHECKING

from grader.faces import lazy_names

if TYPE_CHECKING:
    from grader.authoring.key_option import add_key_option, key_from_option, not_enforced_note
    from grader.authoring.profile_matrix import PLACEHOLDER
    from grader.authoring.record import KEYS, PROMPT_MARK, Recorder, RecorderError
    from grader.authoring.sandbox import install_simulator, record_script
    from grader.authoring.sandbox_attest import PUBLIC_KEY_FILE, sandbox_public_hex
    from grader.authoring.selftest import expected_state
    from grader.authoring.session_files import replay
    from grader.authoring.transcript_records import RECORDS_SUBDIR, FolderRecords

__getattr__ = lazy_names(
    __name__,
    {
        "FolderRecords": ".transcript_records",
        "KEYS": ".record",
        "PLACEHOLDER": ".profile_matrix",
        "PROMPT_MARK": ".record",
        "PUBLIC_KEY_FILE": ".sandbox_attest",
        "RECORDS_SUBDIR": ".transcript_records",
        "Recorder": ".record",
        "RecorderError": ".record",
        "add_key_option": ".key_option",
        "expected_state": ".selftest",
        "install_simulator": ".sandbox",
        "key_from_option": ".key_option",
        "not_enforced_note": ".key_option",
        "record_script": ".sandbox",
        "replay": ".session_files",
        "sandbox_public_hex": ".sandbox_attest",
    },
)

__all__ = [
    "KEYS",
    "PLACEHOLDER",
    "PROMPT_MARK",
    "PUBLIC_KEY_FILE",
    "RECORDS_SUBDIR",
    "FolderRecords",
    "Recorder",
    "RecorderError",
    "add_key_option",
    "expected_state",
    "install_simulator",
    "key_from_option",
    "not_enforced_note",
    "record_script",
    "replay",
    "sandbox_public_hex",
]
