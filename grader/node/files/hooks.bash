# labgrader capture hooks: the --rcfile of the captured interactive bash (bash >= 4.4 captures;
# older bash gets a loud refusal, see "supported shells" below and docs/node-capture.md).
#
# Emits OSC 133 / 633 markers around every command (docs/node-protocol.md; docs/architecture.md "Capture on the node"):
#   precmd (PROMPT_COMMAND[0]):
#     ESC]133;D;<exit>;aid=<$$>;n=<cmd no>;h=<hist no>;t=<time>;ps=<PIPESTATUS,>;k=<nonce>BEL
#     ESC]633;P;Cwd=<escaped PWD>BEL  ESC]133;A;aid=<$$>[;unsupported=<why>];k=<nonce>BEL
#   PS0 (after a full line is read, before it runs):
#     ESC]633;E;<escaped line>;<nonce>BEL  ESC]133;C;aid=;n=;h=;t=;k=BEL
#   PS2 (a continuation line's prompt, see "PS2" below):
#     ESC]633;F BEL
#
# `h` is the number the next history entry will get (what HISTCMD means at a prompt): in PS0 the
# number `history 1` prints, plus one (from the same `history 1` that gives the line), checked
# against the interactive shell's HISTCMD; in precmd HISTCMD on bash >= 5.1, `history 1` before.
# It advances exactly when bash added the line to its history, which is how the parser knows that
# `history 1` in PS0 is the line that is about to run. HISTCMD alone is not enough:
# history_number() returns 1 whenever history is not being remembered (bashhist.c, before 5.1
# `remember_on_history ? history_base + where_history () : 1`), and PROMPT_COMMAND and PS0's
# command substitution run with it off before 5.1; on every version it reads 1 once the learner
# typed `set +o history`, and an unset HISTCMD is an ordinary variable anyone can set.
# Markers go to an fd opened on /dev/tty at start-up, so `exec 2>/dev/null` cannot hide them.
# Escaping is VS Code's 633 rule: `\` -> `\\`, `;` and bytes <= 0x20 -> `\xHH`.
#
# `n` is this shell's command counter. PS0's command substitution runs in a subshell, so the
# counter is advanced by an arithmetic side effect in PS0 itself (an array subscript is evaluated
# in the shell that expands the prompt): `${__lg_nil[__lg_n+=1]:-}` expands to nothing and leaves
# __lg_n one higher for both the subshell and the next precmd. A D marker carries the n of the
# last command that started; when nothing ran (empty Enter, Ctrl-C, syntax error) it repeats the
# previous D's n.
#
# A shell introduces its aid with A before its first C: the parser audits a C for an aid that no
# A introduced as an invented shell (`unannounced_shell`, docs/SECURITY.md). precmd runs before
# the first prompt, so its D n=0 / P / A run does it, in a nested bash too. If precmd never ran
# (a nested bash on bash < 5.1 whose ~/.bashrc replaced the string PROMPT_COMMAND), PS0 prints
# the A itself, before E C; the hooks' D P A and E C runs stay as they are.
#
# Modes (set by whoever sources this file):
#   default              sourced as --rcfile by capture-shell: replays login start-up first.
#   LABGRADER_NESTED=1   sourced by the bashrc guard in a nested interactive bash on an already
#                        captured tty (the learner typed `bash`): hooks only.

[[ $- == *i* ]] || return 0
[[ -n ${__lg_installed-} ]] && return 0

# Before 5.1, HISTCMD reads 1 in PROMPT_COMMAND (see the header): precmd asks `history 1` instead.
if ((BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1))); then
	__lg_hist_list=
else
	__lg_hist_list=1
fi

# --- supported shells ----------------------------------------------------------------------------
# bash < 4.4 has no PS0: no E or C marker can be written, so no command line is ever captured.
# Such a shell still gets its prompt markers, with `unsupported=` on A (the grader reports a
# shell_unsupported anomaly), a banner at start, and LABGRADER_CAPTURE_PROBLEM for `lab status`.
__lg_unsupported=
if ((BASH_VERSINFO[0] < 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] < 4))); then
	__lg_unsupported="bash ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}.${BASH_VERSINFO[2]} has no PS0 (bash >= 4.4 needed): command lines cannot be captured"
	LABGRADER_CAPTURE_PROBLEM=$__lg_unsupported
	export LABGRADER_CAPTURE_PROBLEM
else
	unset LABGRADER_CAPTURE_PROBLEM
fi
__lg_loading=1
unset LABGRADER_STARTING # set by capture-shell for this shell's start-up only (bashrc guard)

__lg_lib=${BASH_SOURCE[0]%/*}
[[ $__lg_lib == "${BASH_SOURCE[0]}" ]] && __lg_lib=.
__lg_root=${LABGRADER_ROOT:-/var/lib/labgrader}
__lg_k=${LABGRADER_NONCE-}
__lg_session=${LABGRADER_SESSION-}
__lg_user=${USER:-$(id -un)}

# The tty bash itself runs on (script's inner pty). The bashrc guard compares a new shell's tty
# with it to recognise a new pty (tmux pane) that needs its own script.
LABGRADER_TTY=$(tty 2>/dev/null) || LABGRADER_TTY=
export LABGRADER_TTY

# (The brace group keeps `2>/dev/null` temporary: on a bare `exec` it would be permanent.)
if ! { exec {__lg_fd}>/dev/tty; } 2>/dev/null; then
	exec {__lg_fd}>&2
fi

if [[ -z ${LABGRADER_NESTED-} ]]; then
	# shellcheck source=labenv.bash
	. "$__lg_lib/labenv.bash"
	__lg_load_env
	# Replay what a login shell would have read; hooks are installed after, so they come last.
	[[ -r /etc/profile ]] && . /etc/profile
	for __lg_f in ~/.bash_profile ~/.bash_login ~/.profile; do
		if [[ -r $__lg_f ]]; then
			. "$__lg_f"
			break
		fi
	done
	unset __lg_f
fi
unset LABGRADER_NESTED

# --- escaping (pure bash: this runs at every prompt) --------------------------------------------
__lg_ctl=()
__lg_ctlx=()
for ((__lg_i = 1; __lg_i <= 32; __lg_i++)); do
	printf -v __lg_hx '%02x' "$__lg_i"
	printf -v __lg_c "\\x$__lg_hx"
	__lg_ctl+=("$__lg_c")
	__lg_ctlx+=("\\x$__lg_hx")
done
unset __lg_i __lg_hx __lg_c

# __lg_esc STRING -> REPLY: VS Code's 633 escaping (a NUL cannot occur in a bash string).
__lg_esc() {
	local s=$1 i bs='\' bs2='\\' semi='\x3b'
	s=${s//"$bs"/"$bs2"}
	s=${s//;/"$semi"}
	for i in "${!__lg_ctl[@]}"; do
		[[ $s == *"${__lg_ctl[i]}"* ]] && s=${s//"${__lg_ctl[i]}"/"${__lg_ctlx[i]}"}
	done
	REPLY=$s
}

# The A marker's extra field on a shell that cannot capture (empty on a supported one).
__lg_why=
if [[ -n $__lg_unsupported ]]; then
	__lg_esc "$__lg_unsupported"
	__lg_why="unsupported=$REPLY;"
fi

# __lg_now -> REPLY: wall-clock time with sub-second precision. EPOCHREALTIME needs bash >= 5.0
# and uses the locale's radix character, hence the comma fix; older bash forks date(1).
__lg_now() {
	REPLY=${EPOCHREALTIME-}
	[[ -n $REPLY ]] || REPLY=$(date +%s.%N 2>/dev/null)
	REPLY=${REPLY/,/.}
}

# Markers must reach the tty even if the learner closed or redirected our fd.
__lg_emit() {
	{ printf "$@" >&"$__lg_fd"; } 2>/dev/null && return
	{ exec {__lg_fd}>/dev/tty; } 2>/dev/null || exec {__lg_fd}>&2
	{ printf "$@" >&"$__lg_fd"; } 2>/dev/null
}

# __lg_hist_entry TEXT -> REPLY (the line), __lg_h (its history number + 1): reads what
# `history 1` printed, "%5d%c %s": padding, the number, the modified flag and a blank, the line.
__lg_hist_entry() {
	local line=$1 num
	line=${line#"${line%%[![:space:]]*}"}
	num=${line%%[!0-9]*}
	line=${line#"$num"}
	REPLY=${line:2}
	__lg_h=1 # an empty history: the next entry is number 1, as HISTCMD says
	[[ -n $num ]] && __lg_h=$((10#$num + 1))
}

# --- PS0: the command line, then C -------------------------------------------------------------
__lg_nil=()
__lg_n=0
__lg_seen_n=0 # n and h at the last prompt (precmd): a command that ran must have advanced h
__lg_seen_h=
__lg_ps0() {
	local __lg_h
	__lg_hist_entry "$(HISTTIMEFORMAT='' builtin history 1)"
	local line=$REPLY h=$__lg_h
	# `history 1` is the line just read only if bash was adding every line, whole, when it read
	# it. Otherwise h is left empty and the parser never grades the line: history was off (the
	# interactive shell's HISTCMD, taken by PS0's arithmetic below, then reads 1, or disagrees
	# with the list), filtered (HISTCONTROL/HISTIGNORE set again after precmd, by a later
	# PROMPT_COMMAND entry or a `bind -x` key, while `history -s` planted another line), or a
	# multi-line command was split (cmdhist off: only its last line would be in `history 1`).
	if [[ $__lg_hc != "$h" || -n ${HISTCONTROL-} || -n ${HISTIGNORE-} ]] || ! shopt -q cmdhist; then
		h=
	fi
	__lg_esc "$line"
	local esc=$REPLY
	# PS0's subshell cannot set the flag: a shell whose precmd never runs repeats this A.
	[[ -n ${__lg_announced-} ]] || __lg_emit '\e]133;A;aid=%s;%sk=%s\a' "$$" "$__lg_why" "$__lg_k"
	__lg_now
	__lg_emit '\e]633;E;%s;%s\a\e]133;C;aid=%s;n=%s;h=%s;t=%s;k=%s\a' \
		"$esc" "$__lg_k" "$$" "$__lg_n" "$h" "$REPLY" "$__lg_k"
}
__lg_hc=
__lg_ps0_str='${__lg_nil[__lg_n+=1]:-}${__lg_nil[__lg_hc=HISTCMD]:-}$(__lg_ps0)'

# --- PS2: the continuation prompt says what it is -----------------------------------------------
# A command that needs more lines (a heredoc, a trailing `\`, an open quote, `for ...` before its
# `done`) is read on PS2 prompts, with no precmd and so no 133;A. PS2 starts with VS Code's
# continuation-prompt marker, 633;F, so a program typing for a learner knows the shell waits for
# the rest of the command (grader/authoring/record.py). The parser keeps nothing from it (not a
# marker of ours, like a window title), and it carries no nonce: it only says "PS2 is drawn".
__lg_ps2_mark='\[\e]633;F\a\]'

# --- feedback: ✓ / ✗ / 📣 lines at the prompt, once each ---------------------------------------
# "✓ 5/11 done · step 6 verified: <title>" per new verified event, "✗ step 3 <title> — <reason>"
# per new attempt (with several labs, the step's lab id before `step`), "📣 instructor: <text>"
# per new announcement (`lab _feedback` builds and escapes them: a reason may quote the
# learner's own bytes).
__lg_progress=$__lg_root/progress/$__lg_user/progress.json
# The learner's own state directory (session_open.py makes it, his, 0700; the spool is root's).
__lg_state=$__lg_root/state/$__lg_user
__lg_stamp=$__lg_state/${__lg_session:-nosession}-$$.seen
# The highest seq any terminal of this learner has shown: a login cut by a network drop or a node
# restart may have missed lines, which the learner's next shell then shows once. lab-announced:
# the same for announcements.
__lg_shown=$__lg_state/lab-shown
__lg_announced_f=$__lg_state/lab-announced
__lg_seq=
__lg_aseq=
# The file's head (docs/node-protocol.md "Progress file"): {"v":1,"seq":S,"ann":A,"wait_ms":W,
# "judged":{"<session>/<aid>":n,...} -- read up to judged's closing brace with one builtin
# `read`, at every prompt: no fork unless there is something new to show.
# __lg_head: true when the file has such a head (a file from an older grader has none). A glob,
# not =~, which would overwrite the learner's BASH_REMATCH at every prompt.
__lg_hd=
__lg_head() {
	__lg_hd=
	{ IFS= read -r -d '}' __lg_hd <"$__lg_progress"; } 2>/dev/null
	[[ $__lg_hd == '{"v":'[0-9]*',"seq":'[0-9]*,* ]]
}
# __lg_num NAME -> REPLY: the number after "NAME": in the head (status 1 when it has none).
__lg_num() {
	local rest
	REPLY=
	[[ $__lg_hd == *"\"$1\":"* ]] || return 1
	rest=${__lg_hd#*"\"$1\":"}
	REPLY=${rest%%[!0-9]*}
	[[ -n $REPLY ]] && REPLY=$((10#$REPLY))
	[[ -n $REPLY ]]
}
# Whether the head says this shell's command number $1 was judged (all its verdicts are in).
__lg_is_judged() {
	local j rest key="\"$__lg_session/$$\":"
	[[ $__lg_hd == *'"judged":{'* ]] || return 1
	j=${__lg_hd#*'"judged":{'}
	[[ $j == *"$key"* ]] || return 1
	rest=${j#*"$key"}
	rest=${rest%%[!0-9]*}
	[[ -n $rest ]] && ((10#$rest >= $1))
}

# A wait that forks nothing: `read -t` on a pipe nobody writes to, opened here, at start-up (a
# process substitution sets $!, which must not change under the learner later). Should the
# learner close it, this shell's prompts stop waiting (status 1) rather than reopen it.
__lg_sleep_fd=
{ exec {__lg_sleep_fd}<> <(:); } 2>/dev/null || __lg_sleep_fd=
__lg_sleep() {
	[[ -n $__lg_sleep_fd ]] || return 1
	local __lg_x
	IFS= read -r -t "$1" -u "$__lg_sleep_fd" __lg_x 2>/dev/null
	(($? > 128)) && return 0
	__lg_sleep_fd=
	return 1
}

# The prompt waits, at most the file's wait_ms (200 ms at most; 200 until a file says), for the
# grader to have judged command $1 of this shell, so its ✓ or ✗ shows at this very prompt. No
# file: no grader has reached this node, nothing to wait for. After 3 waits in a row that ran
# out (the grader is down or far behind), later prompts look once and do not wait, until a
# command of this shell is judged in time again.
__lg_wait_ms=200
__lg_misses=0
__lg_await() {
	local i max
	__lg_head || return 0
	__lg_num wait_ms && __lg_wait_ms=$REPLY
	((__lg_wait_ms > 200)) && __lg_wait_ms=200
	max=$(((__lg_wait_ms + 19) / 20))
	((__lg_misses >= 3)) && max=0
	for ((i = 0; ; i++)); do
		if __lg_is_judged "$1"; then
			__lg_misses=0
			return 0
		fi
		((i >= max)) && break
		__lg_sleep 0.02 || break
		__lg_head || return 0
	done
	((max > 0)) && ((__lg_misses += 1))
	return 0
}

# Shows what is new. A head with seq and ann (this grader's files) is compared with what this
# shell showed; `lab _feedback` (python) runs only when one of them moved. A file without them
# (an older grader) falls back to its modification time against our stamp, touched before
# reading, so a write racing with us is caught at the next prompt. `lab` prints the lines to
# show, then "seq=N ann=M" (the highest seen).
__lg_feedback() {
	[[ -e $__lg_progress ]] || return 0
	if __lg_head; then
		__lg_num seq
		local top=$REPLY atop=0
		__lg_num ann && atop=$REPLY
		((top > ${__lg_seq:--1} || atop > ${__lg_aseq:--1})) || return 0
	else
		[[ $__lg_stamp -nt $__lg_progress ]] && return 0
		: 2>/dev/null >"$__lg_stamp"
	fi
	local out last
	out=$("$__lg_lib/lab" _feedback --after "${__lg_seq:--1}" --ann-after "${__lg_aseq:--1}" ${1:+--quiet} 2>/dev/null) || return 0
	last=${out##*$'\n'}
	[[ $last == seq=* ]] || return 0
	out=${out%"$last"}
	last=${last#seq=}
	__lg_seq=${last%% *}
	[[ $last == *" ann="* ]] && __lg_aseq=${last##* ann=}
	[[ -n $out ]] && __lg_emit '%s' "$out"
	[[ -n ${1-} ]] || printf '%s\n' "$__lg_seq" 2>/dev/null >"$__lg_shown"
	[[ -n $__lg_aseq ]] && printf '%s\n' "$__lg_aseq" 2>/dev/null >"$__lg_announced_f"
	return 0
}

# --- keeping our hooks first --------------------------------------------------------------------
if [[ ${LABGRADER_PC_MODE-} == string || ${LABGRADER_PC_MODE-} == array ]]; then
	__lg_pc_mode=$LABGRADER_PC_MODE # tests exercise the bash < 5.1 path on a newer bash
elif ((BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1))); then
	__lg_pc_mode=array
else
	__lg_pc_mode=string
fi

# Put __lg_precmd first in PROMPT_COMMAND (an array in bash >= 5.1, a string before), keeping
# whatever else the learner or their dotfiles put there, in order. In array mode __lg_tail is
# also the last element: `PROMPT_COMMAND="foo"` (the common idiom) replaces only element 0, and
# the tail then runs precmd late (that one prompt's exit code may be foo's) and re-installs us.
# A learner who replaces a string PROMPT_COMMAND, or unsets it, ends marker D for that shell (C
# markers go on; the parser reports exit unknown). Cheap when nothing changed.
__lg_fix_pc() {
	local e rest=() head=__lg_precmd tail=__lg_tail
	if [[ $__lg_pc_mode == array ]]; then
		((${#PROMPT_COMMAND[@]} >= 2)) && [[ ${PROMPT_COMMAND[0]} == "$head" &&
			${PROMPT_COMMAND[${#PROMPT_COMMAND[@]} - 1]} == "$tail" ]] && return 0
		for e in "${PROMPT_COMMAND[@]}"; do
			e=${e//"$head;"/}
			e=${e//"$head"/}
			e=${e//"$tail;"/}
			e=${e//"$tail"/}
			[[ -n ${e//[[:space:];]/} ]] && rest+=("$e")
		done
		PROMPT_COMMAND=("$head" "${rest[@]}" "$tail")
	else
		[[ ${PROMPT_COMMAND-} == "$head" || ${PROMPT_COMMAND-} == "$head"$'\n'* ]] && return 0
		e=${PROMPT_COMMAND-}
		e=${e//"$head;"/}
		e=${e//"$head"/}
		if [[ -n ${e//[[:space:];]/} ]]; then
			PROMPT_COMMAND=$head$'\n'$e
		else
			PROMPT_COMMAND=$head
		fi
	fi
}

# Last element of an array PROMPT_COMMAND: runs precmd when element 0 did not (the learner
# replaced it, see __lg_fix_pc).
__lg_tail() {
	local __lg_s=$? __lg_a=$_
	if [[ -z ${__lg_done-} ]]; then
		(exit "$__lg_s")
		__lg_precmd
	fi
	__lg_done=
	: "$__lg_a"
	return "$__lg_s"
}

# History must record every line for `history 1` and HISTCMD to mean "this line": with
# ignorespace, `history 1` returned the previous command (docs/architecture.md "Capture on the node").
__lg_fix_history() {
	HISTCONTROL=
	HISTIGNORE=
	# (globs, not =~: at every prompt, =~ would overwrite the learner's BASH_REMATCH)
	if [[ -n ${HISTSIZE-} ]] && [[ $HISTSIZE != [1-9]* || $HISTSIZE == *[!0-9]* ]]; then HISTSIZE=500; fi
	shopt -s cmdhist
	[[ ${PS0-} == "$__lg_ps0_str"* ]] || PS0=$__lg_ps0_str${PS0//"$__lg_ps0_str"/}
	local ps2=${PS2-} # the learner's PS2 kept, after the marker (see "PS2" above)
	[[ $ps2 == "$__lg_ps2_mark"* ]] || PS2=$__lg_ps2_mark${ps2//"$__lg_ps2_mark"/}
}

# --- precmd ---------------------------------------------------------------------------------
__lg_precmd() {
	local __lg_s=$? __lg_ps="${PIPESTATUS[*]}" __lg_a=$_ __lg_h=$HISTCMD
	# HISTCMD reads 1 in PROMPT_COMMAND before bash 5.1: ask `history 1` there (a fork). From 5.1
	# on it is the number itself while history is on; when it is not (history off, HISTCMD unset
	# or set by hand) PS0's own check refuses the next line whatever precmd says here.
	[[ -n $__lg_hist_list ]] && __lg_hist_entry "$(HISTTIMEFORMAT='' builtin history 1)"
	__lg_now
	__lg_emit '\e]133;D;%s;aid=%s;n=%s;h=%s;t=%s;ps=%s;k=%s\a' \
		"$__lg_s" "$$" "$__lg_n" "$__lg_h" "$REPLY" "${__lg_ps// /,}" "$__lg_k"
	# A command started since the last prompt, yet history did not take its line: the grader
	# cannot trust it (and audits line_unreliable). Say so now rather than grade nothing silently.
	# History off is not switched back on here: from inside PROMPT_COMMAND `set -o history` only
	# half works (bash restores its remember-history flag when PROMPT_COMMAND ends, leaving
	# history reported on but no line added), which would hide the state PS0 checks. Typed at
	# the prompt, as the warning says, it works.
	if [[ $__lg_n != "$__lg_seen_n" && $__lg_h == "$__lg_seen_h" ]]; then
		__lg_emit '%s\n' "labgrader: that command line did not reach the shell history, so it cannot be graded (history off? type: set -o history)"
	fi
	# A command ran since the last prompt: give the grader a moment to judge it.
	[[ $__lg_n != "$__lg_seen_n" ]] && __lg_await "$__lg_n"
	__lg_seen_n=$__lg_n
	__lg_seen_h=$__lg_h
	__lg_fix_history
	__lg_fix_pc
	__lg_feedback
	__lg_esc "$PWD"
	__lg_emit '\e]633;P;Cwd=%s\a\e]133;A;aid=%s;%sk=%s\a' "$REPLY" "$$" "$__lg_why" "$__lg_k"
	__lg_announced=1 # this shell's aid is introduced (see PS0)
	__lg_done=1
	# Leave $_ and $? exactly as the learner's command set them (bash-preexec's trick).
	: "$__lg_a"
	return "$__lg_s"
}

# Start after what this learner's terminals have already shown; with no record yet (a first
# login), learn the current seq without replaying old events. With no record and no progress
# file either, nothing was verified before this login: record that (seq 0), so that if this
# terminal dies before its prompt shows the first lines (a node restart right after the learner's
# first steps), the next login shows them instead of learning them as old.
# Announcements with no record yet are shown: the live ones are news to a first login.
if ! { [[ -r $__lg_announced_f ]] && read -r __lg_aseq <"$__lg_announced_f" && [[ $__lg_aseq =~ ^[0-9]+$ ]]; }; then
	__lg_aseq=
fi
if ! { [[ -r $__lg_shown ]] && read -r __lg_seq <"$__lg_shown" && [[ $__lg_seq =~ ^[0-9]+$ ]]; }; then
	__lg_seq=
	if [[ -e $__lg_progress ]]; then
		__lg_feedback quiet
	else
		printf '0\n' 2>/dev/null >"$__lg_shown"
	fi
fi
# At login (not in a nested bash; a shell that cannot capture has its own banner): the lab, where the learner stands, and what `lab` shows.
if [[ -z ${LABGRADER_NESTED-} && -z $__lg_unsupported ]]; then
	__lg_w=$("$__lg_lib/lab" _welcome 2>/dev/null) && [[ -n $__lg_w ]] && __lg_emit '%s\n' "$__lg_w"
	unset __lg_w
fi
# Stamps of shells that have ended (their pid is gone) are removed: one rm per login, if any.
__lg_stale=() __lg_fg=
shopt -q failglob && __lg_fg=1 && shopt -u failglob # the learner's profile may have set it
for __lg_f in "$__lg_state"/*.seen; do
	[[ -e $__lg_f ]] || continue
	__lg_p=${__lg_f%.seen}
	__lg_p=${__lg_p##*-}
	[[ $__lg_p =~ ^[0-9]+$ ]] && kill -0 "$__lg_p" 2>/dev/null && continue
	[[ $__lg_p == "$$" ]] || __lg_stale+=("$__lg_f")
done
[[ -n $__lg_fg ]] && shopt -s failglob
((${#__lg_stale[@]})) && command rm -f -- "${__lg_stale[@]}" 2>/dev/null
unset __lg_stale __lg_f __lg_p __lg_fg
__lg_fix_history
__lg_fix_pc
__lg_installed=1
unset __lg_loading
if [[ -n $__lg_unsupported ]]; then
	__lg_emit '\n*** labgrader: this session CANNOT be graded: %s. ***\n*** Ask your instructor for a node with a newer bash; `lab status` says the same. ***\n\n' \
		"$__lg_unsupported"
fi
