"""grader/matching/grep.py: would this grep print a line like this one? Judged from GNU grep's
documented options; where unsure the answer is no, so no verdict rests on a guess."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess

import pytest

from grader.matching import grep

IB_LINE = "h:1:2 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [RO]; OOB ibp24s0:192.168.24.11<0>"

CASES = [
    ("grep NET/IB", True),
    ("grep 'NET/Ib'", False),
    ("grep -i net/ib", True),
    ("grep -iE 'net/ib|ibverbs'", True),
    ("grep 'NET/IB\\|ibverbs'", True),  # BRE alternation (GNU)
    ("grep 'NET/IB|ibverbs'", False),  # a literal | in BRE
    ("egrep 'NET/IB|x'", True),
    ("fgrep 'NET/IB :'", True),
    ("grep -F 'NET/IB.'", False),
    ("grep -e NET/IB", True),
    ("grep --regexp=NET/IB", True),
    ("grep -w IB", True),
    ("grep -x IB", False),
    ("grep -n NET/IB", True),
    ("grep --color=always NET/IB", True),
    ("grep -A2 NET/IB", True),
    ("grep -m1 NET/IB", True),
    ("grep '[[:upper:]]\\{3\\}/IB'", True),
    ("grep -E '[[:upper:]]{3}/IB'", True),
    ("grep -v ib", False),
    ("grep -c ib", False),
    ("grep -q NET/IB", False),
    ("grep -l NET/IB", False),
    ("grep -o NET/IB", False),
    ("grep -m0 NET/IB", False),
    ("grep -m 0 NET/IB", False),
    ("grep --max-count=0 NET/IB", False),
    ("grep NET/IB /dev/null", False),
    ("grep NET/IB -", True),
    ("grep -f patterns.txt", False),
    ("grep -i xib", False),
    ("grep -i infiniband", False),
    ("grep --no-such-option NET/IB", False),
    ("grep", False),
]


@pytest.mark.parametrize(("words", "expected"), CASES)
def test_the_model_answers(words: str, expected: bool) -> None:
    assert grep.shows(shlex.split(words), IB_LINE) is expected


@pytest.mark.skipif(shutil.which("grep") is None, reason="needs GNU grep")
@pytest.mark.parametrize(("words", "expected"), CASES)
def test_the_model_agrees_with_real_grep(words: str, expected: bool) -> None:
    """The model's answer is what the machine's own grep does with the line on its stdin."""
    argv = shlex.split(words)
    if "-f" in argv or argv == ["grep"]:
        return  # needs a file / is a usage error: the model's "no" is caution
    done = subprocess.run(argv, input=IB_LINE + "\n", capture_output=True, text=True)
    shown = re.sub(r"\x1b\[[0-9;]*[mK]", "", done.stdout)  # as the terminal renders colour
    assert (IB_LINE in shown) is expected, (words, done.stdout, done.stderr)
