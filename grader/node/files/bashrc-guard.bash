# labgrader guard: sourced at the end of the system bashrc (/etc/bash.bashrc on Debian/Ubuntu,
# /etc/bashrc on RHEL) by a block install-capture.sh adds. Runs in every interactive bash.
#
# Why: a new pty (tmux pane, screen window) is a new terminal whose output tmux re-renders, and
# tmux drops OSC 133/633 from pane output (verified), so the pane needs its own `script` and
# session file: exec the capture shell in --pty mode (sessions.jsonl kind "pty", parent = the
# enclosing session). A nested bash on an already captured tty (the learner typed `bash`) only
# needs the hooks, so its commands are not silently folded into the outer `bash` command.
#
# Applies to shells started under a captured session (LABGRADER_SESSION set) and to any
# interactive shell of a labgrader-learners member (e.g. `ssh -t node bash`, which sshd runs as a
# command and the capture shell passes through).

# LABGRADER_STARTING: the capture shell's own bash, which reads this file (SYS_BASHRC) before its
# --rcfile hooks.bash; the hooks come next, nothing to wrap.
if [[ $- == *i* && -z ${__lg_loading-} && -z ${__lg_installed-} && -z ${LABGRADER_UNCAPTURED-} &&
	-z ${LABGRADER_STARTING-} ]]; then
	__lg_guard_tty=$(tty 2>/dev/null) || __lg_guard_tty=
	__lg_guard_dir=${BASH_SOURCE[0]%/*}
	if [[ -n $__lg_guard_tty ]] && { [[ -n ${LABGRADER_SESSION-} ]] ||
		[[ " $(id -Gn 2>/dev/null) " == *" labgrader-learners "* ]]; }; then
		if [[ $__lg_guard_tty != "${LABGRADER_TTY-}" ]]; then
			unset __lg_guard_tty
			exec "$__lg_guard_dir/capture-shell" --pty
		fi
		unset __lg_guard_tty
		LABGRADER_NESTED=1
		# shellcheck source=hooks.bash
		. "$__lg_guard_dir/hooks.bash"
	fi
	unset __lg_guard_tty __lg_guard_dir
fi
