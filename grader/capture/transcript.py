"""Build the bytes a captured session file holds, exactly as bash + the hooks + `script` write them.

Used by the tests and the parser benchmark: a session is the pty's echo of what the learner typed
(`\\r\\n` line ends, the prompt drawn by readline), the hooks' markers (grader.protocol.markers) and
the programs' output. Keeping one builder means the tests and the benchmark feed the same shapes
the real capture shell produces.
"""

from __future__ import annotations

from collections.abc import Sequence

from grader.protocol import markers

DEFAULT_NONCE = "0123456789abcdef0123456789abcdef"


class Transcript:
    """Appends the pieces of one shell's life; `bytes()` is the session file's content.

    Numbering follows the hooks' contract (markers.py): `n` counts commands started, HISTCMD `h`
    advances with every line entered, `t` is a fake EPOCHREALTIME that advances one second a step.
    """

    def __init__(
        self,
        aid: int = 4242,
        nonce: str = DEFAULT_NONCE,
        cwd: str = "/home/alice",
        user: str = "alice",
        host: str = "node1",
        terminator: bytes = markers.BEL,
        header: bool = True,
    ) -> None:
        self.aid, self.nonce, self.cwd = aid, nonce, cwd
        self.user, self.host, self.terminator = user, host, terminator
        self.n = 0
        self.hist = 1
        self.t = 1796321700.0
        # what the hooks of a shell that cannot capture (bash < 4.4) put on every A marker
        self.unsupported: str | None = None
        self._parts: list[bytes] = []
        self.size = 0  # bytes so far
        if header:  # what util-linux 2.38 writes first, even with -q
            self.raw(
                b'Script started on 2026-11-29 18:15:02+00:00 [COMMAND="exec bash --rcfile '
                b'/usr/local/lib/labgrader/hooks.bash -i" TERM="xterm-256color" '
                b'TTY="/dev/pts/3" COLUMNS="120" LINES="40"]\n'
            )

    # --- building blocks ------------------------------------------------------------------------

    def raw(self, data: bytes | str) -> Transcript:
        raw = data.encode() if isinstance(data, str) else data
        self._parts.append(raw)
        self.size += len(raw)
        return self

    def _tick(self) -> str:
        self.t += 1.0
        return f"{self.t:.6f}"

    def prompt(self, exit: int = 0, pipestatus: Sequence[int] | None = None) -> Transcript:
        """precmd (D, P, A markers), the hooks' feedback lines would go here, then PS1."""
        ps = [exit] if pipestatus is None else list(pipestatus)
        term = self.terminator
        self.raw(
            markers.encode_d(exit, self.aid, self.n, self.hist, self._tick(), ps, self.nonce, term)
        )
        self.raw(markers.encode_p(self.cwd, term))
        self.raw(markers.encode_a(self.aid, self.nonce, term, self.unsupported))
        shown = (
            "~" + self.cwd[len("/home/" + self.user) :]
            if self.cwd.startswith("/home/")
            else self.cwd
        )
        # a typical coloured Debian PS1 with a window title (OSC 0) in front
        self.raw(
            f"\x1b]0;{self.user}@{self.host}: {shown}\x07\x1b[01;32m{self.user}@{self.host}"
            f"\x1b[00m:\x1b[01;34m{shown}\x1b[00m$ "
        )
        return self

    def typed(self, line: str) -> Transcript:
        """The pty echoes what the learner typed, then Enter as CR LF."""
        return self.raw(line.encode() + b"\r\n")

    def start(self, line: str, reliable: bool = True) -> Transcript:
        """PS0: E with the command line, then C. `reliable=False`: HISTCMD did not advance."""
        if reliable:
            self.hist += 1
        self.n += 1
        term = self.terminator
        self.raw(markers.encode_e(line, self.nonce, term))
        self.raw(markers.encode_c(self.aid, self.n, self.hist, self._tick(), self.nonce, term))
        return self

    def output(self, text: bytes | str) -> Transcript:
        """Program output as the pty delivers it (LF already turned into CR LF by onlcr)."""
        data = text.encode() if isinstance(text, str) else text
        return self.raw(data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))

    # --- whole steps ----------------------------------------------------------------------------

    def command(
        self,
        line: str,
        output: bytes | str = b"",
        exit: int = 0,
        pipestatus: Sequence[int] | None = None,
    ) -> Transcript:
        """The learner types `line`, it runs, prints `output`, ends with `exit`; next prompt."""
        self.typed(line).start(line).output(output)
        return self.prompt(exit, pipestatus)

    def empty_enter(self) -> Transcript:
        """Enter on an empty prompt: no PS0, so no C; precmd runs again (D repeats n)."""
        return self.typed("").prompt(0)

    def footer(self, code: int | None = 0) -> Transcript:
        """What `script` appends when the shell exits (util-linux >= 2.35; code None: older)."""
        tail = f' [COMMAND_EXIT_CODE="{code}"]' if code is not None else ""
        return self.raw(f"\nScript done on 2026-11-29 18:20:00+00:00{tail}\n")

    def __bytes__(self) -> bytes:
        return b"".join(self._parts)
