#!/bin/bash
# labgrader: attested runs of the lab's programs on a learner node (docs/attestation.md).
# Idempotent; run as root after install-capture.sh (which makes the learners group).
#
#   install-attest.sh [--program NAME=PATH]... [--bindir DIR] [--src DIR] [--rotate-key] [--check]
#
#   --program NAME=PATH  attest NAME: PATH is the real program (absolute); repeatable. Added to
#                        (or updated in) the allowlist; programs listed before stay.
#   --bindir DIR         where the wrappers go (default /usr/local/bin, ahead of /usr/bin on PATH)
#   --src DIR            where attest_run.py, attest-key.sh and install-protocol.sh are, with the
#                        protocol modules in DIR/protocol (default: this script's directory)
#   --rotate-key         make the node a new signing key pair (attest-key.sh --rotate)
#   --check              change nothing: print `would install PATH` for each piece that differs
#                        (provisioning's probe and --dry-run answer)
#
# What it installs (each piece checked before it replaces the old one):
#   /usr/local/lib/labgrader/attest_run.py   the helper, root 0755
#   /usr/local/lib/labgrader/grader/protocol the signed-run format it imports (install-protocol.sh)
#   /usr/local/lib/labgrader/attest-key.sh   the key maker, root 0755; run here: the node's own
#                                            Ed25519 pair, /etc/labgrader/attest.key (root 0400)
#                                            and attest.pub (0644, what the grader fetches)
#   /etc/labgrader/attested-programs         `NAME<TAB>PATH` lines, root 0644 (the helper's allowlist)
#   labgrader-run                            the account attested programs run as: system, no
#                                            home, no login, in the GPU device groups that exist
#                                            (video, render); learners cannot ptrace it
#   /etc/sudoers.d/labgrader-attest          learners may run exactly the helper as root, no password
#                                            (validated with `visudo -cf` before it is put in place)
#   DIR/NAME                                 one sh wrapper per program, root 0755
#
# WHY names and paths are validated, never quoted into code loosely: the wrappers are shell
# scripts that embed both. Names match ^[A-Za-z0-9_][A-Za-z0-9_.+-]*$, paths ^/[A-Za-z0-9_./+-]+$.
set -euo pipefail
umask 022

LIB=/usr/local/lib/labgrader
ETC=/etc/labgrader
HELPER=$LIB/attest_run.py
PROGRAMS=$ETC/attested-programs
SUDOERS=/etc/sudoers.d/labgrader-attest
LEARNERS_GROUP=labgrader-learners
PYTHON=/usr/bin/python3
#: The wrapper's marker line: only files carrying it are ever treated as ours.
WRAPPER_TAG='# labgrader attested wrapper'
NAME_RE='^[A-Za-z0-9_][A-Za-z0-9_.+-]*$'
PATH_RE='^/[A-Za-z0-9_./+-]+$'

src=$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")
bindir=/usr/local/bin
check=0
rotate=0
new=()

die() {
	echo "install-attest: $*" >&2
	exit 1
}
say() { echo "install-attest: $*"; }

while (($#)); do
	case $1 in
	--program) new+=("${2:?--program needs NAME=PATH}") && shift 2 ;;
	--bindir) bindir=${2:?--bindir needs a directory} && shift 2 ;;
	--src) src=${2:?--src needs a directory} && shift 2 ;;
	--check) check=1 && shift ;;
	--rotate-key) rotate=1 && shift ;;
	-h | --help) sed -n '2,30p' "$0" && exit 0 ;;
	*) die "unknown argument: $1" ;;
	esac
done
((EUID == 0)) || die "must run as root"
# --check before install-capture.sh ran (provisioning's --dry-run of a fresh node): say it all.
getent group "$LEARNERS_GROUP" >/dev/null || ((check)) ||
	die "no group $LEARNERS_GROUP: run install-capture.sh first"
[[ -x $PYTHON ]] || die "$PYTHON is missing (the helper runs on the system python3)"
[[ -f $src/attest_run.py ]] || die "missing $src/attest_run.py"
[[ -f $src/attest-key.sh ]] || die "missing $src/attest-key.sh"
[[ -f $src/install-protocol.sh ]] || die "missing $src/install-protocol.sh"
[[ $bindir =~ $PATH_RE ]] || die "invalid --bindir: $bindir"
for spec in "${new[@]}"; do
	name=${spec%%=*} path=${spec#*=}
	[[ $spec == *=* && $name =~ $NAME_RE ]] || die "invalid --program (NAME=PATH): $spec"
	[[ $path =~ $PATH_RE ]] || die "invalid program path for $name: $path"
	[[ $name != lab ]] || die "lab is the node's own (install-capture.sh): it cannot be given a path"
	[[ -x $path && ! -d $path ]] || die "$path (for $name) is not an executable file"
	# The wrapper's own place (a link there is about to be replaced): the wrapper would run itself.
	wrapper=$(readlink -m -- "$bindir")/$name
	[[ $(readlink -f -- "$path") != "$wrapper" &&
		$(readlink -m -- "$(dirname -- "$path")")/$(basename -- "$path") != "$wrapper" ]] ||
		die "$path is where the wrapper for $name goes: give the real program's path"
done

tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

# put FILE DEST MODE: move a prepared file in place when content or mode differ (idempotence).
put() {
	local from=$1 to=$2 mode=$3
	if [[ -f $to && ! -L $to ]] && cmp -s -- "$from" "$to" &&
		[[ $(stat -c '%a %U:%G' -- "$to") == "${mode#0} root:root" ]]; then
		return 0
	fi
	((!check)) || { say "would install $to" && return 0; }
	install -m "$mode" -o root -g root -- "$from" "$to.labgrader-new"
	mv -f -- "$to.labgrader-new" "$to"
	say "installed $to"
}

# --- sudoers: exactly the helper, as root, for learners; no pty, no log line per run ---------
# `-I -S`: isolated (no PYTHON* variables, no user site, no script dir on sys.path) and no site
# import (standard library only; 7 ms less per run).
# !use_pty: the program must keep the learner's terminal (Debian's sudoers sets use_pty).
# umask=0777: sudoers leaves the learner's umask unchanged. !pam_session: no PAM session per run
# (nothing to set up for a program run as labgrader-run; no "session opened" log line).
# closefrom=4: the wrapper hands the learner's environment to the helper on descriptor 3, never
# as an argument (every account reads every argv with ps); sudo closes 3 and up by default.
cat >"$tmp/sudoers" <<EOF
# labgrader: learners run the attested-run helper as root (install-attest.sh, docs/attestation.md).
# The helper runs only programs named in $PROGRAMS, as labgrader-run.
Cmnd_Alias LABGRADER_ATTEST = $PYTHON -I -S $HELPER *
Defaults!LABGRADER_ATTEST !use_pty, !syslog, !lecture, !pam_session, umask=0777, closefrom=4
%$LEARNERS_GROUP ALL=(root) NOPASSWD: LABGRADER_ATTEST
EOF
visudo -cqf "$tmp/sudoers" >/dev/null || die "visudo rejected the sudoers rule; nothing changed"

# --- the run account -------------------------------------------------------------------------
RUN_ACCOUNT=labgrader-run
nologin=$(command -v nologin || echo /usr/sbin/nologin)
if ! getent passwd "$RUN_ACCOUNT" >/dev/null; then
	if ((check)); then
		say "would create account $RUN_ACCOUNT"
	else
		useradd --system --user-group --no-create-home --home-dir / --shell "$nologin" "$RUN_ACCOUNT"
		say "account $RUN_ACCOUNT"
	fi
fi
# The GPU device nodes' groups where a distro uses them (/dev/nvidia* is often 0666; /dev/dri is
# video/render): the program must reach the GPUs it would have reached as the learner.
for g in video render; do
	getent group "$g" >/dev/null || continue
	if ! id -nG "$RUN_ACCOUNT" 2>/dev/null | tr ' ' '\n' | grep -qx "$g"; then
		if ((check)); then say "would add $RUN_ACCOUNT to group $g"; else
			usermod -a -G "$g" "$RUN_ACCOUNT" && say "$RUN_ACCOUNT added to group $g"
		fi
	fi
done

# --- the helper ---------------------------------------------------------------------------------
((check)) || install -d -m 755 -o root -g root -- "$LIB" "$ETC" "$bindir"
put "$src/attest_run.py" "$HELPER" 755
# The signed-run format the helper imports (grader/protocol), beside it.
proto_flags=()
((check)) && proto_flags+=(--check)
proto_out=$(bash "$src/install-protocol.sh" --src "$src" "${proto_flags[@]}") ||
	die "the protocol modules: see above"
[[ -z $proto_out ]] || printf '%s\n' "$proto_out" | sed 's/^install-protocol: /install-attest: /'
put "$src/attest-key.sh" "$LIB/attest-key.sh" 755

# --- the node's key pair (made once; --rotate-key makes a new one) ------------------------------
key_flags=()
((check)) && key_flags+=(--check)
((rotate)) && key_flags+=(--rotate)
# Its `attest-key: ...` lines are changes made (or, with --check, to make): say them as ours.
key_out=$(bash "$src/attest-key.sh" "${key_flags[@]}") || die "the attestation key: see above"
[[ -z $key_out ]] || printf '%s\n' "$key_out" | sed 's/^attest-key: /install-attest: /'

# --- the allowlist: old entries, then the new ones (a new PATH for a NAME replaces the old) ----
declare -A real=()
order=()
if [[ -f $PROGRAMS ]]; then
	while IFS=$'\t' read -r name path; do
		[[ $name =~ $NAME_RE && $path =~ $PATH_RE && $name != lab ]] || continue
		[[ -v real[$name] ]] || order+=("$name")
		real[$name]=$path
	done <"$PROGRAMS"
fi
for spec in "${new[@]}"; do
	name=${spec%%=*}
	[[ -v real[$name] ]] || order+=("$name")
	real[$name]=${spec#*=}
done
{
	echo "# labgrader: programs whose runs are attested (install-attest.sh). NAME<TAB>real path."
	for name in "${order[@]}"; do printf '%s\t%s\n' "$name" "${real[$name]}"; done
	# The node's own `lab` (install-capture.sh), with no wrapper: `lab answer` calls the helper
	# itself (only answers are signed; `lab status` and the prompt's feedback stay the learner's).
	if [[ -f $LIB/lab ]]; then printf 'lab\t%s\n' "$LIB/lab"; fi
} >"$tmp/programs"
put "$tmp/programs" "$PROGRAMS" 644

# --- sudoers (validated above) -------------------------------------------------------------
put "$tmp/sudoers" "$SUDOERS" 440

# --- wrappers ---------------------------------------------------------------------------------
for name in "${order[@]}"; do
	cat >"$tmp/$name" <<EOF
#!/bin/sh
$WRAPPER_TAG (install-attest.sh, docs/attestation.md)
# In a captured session (LABGRADER_NONCE set), run ${real[$name]} through the helper, which
# witnesses and signs the run for the grader; the environment goes to it on descriptor 3 (a
# here-document), never on the command line, where every account on the node could read it.
# Elsewhere, run it directly: nothing is attested, nothing breaks.
if [ -n "\${LABGRADER_NONCE-}" ]; then
	exec sudo -n $PYTHON -I -S $HELPER '$name' "\$@" 3<<LGENV
\$(env -0 | base64 -w0)
LGENV
fi
exec '${real[$name]}' "\$@"
EOF
	target=$bindir/$name
	if ((!check)) && [[ -e $target || -L $target ]] && ! grep -qsF -- "$WRAPPER_TAG" "$target"; then
		say "replacing $target (was: $(readlink -- "$target" || echo a file))"
		rm -f -- "$target"
	fi
	put "$tmp/$name" "$target" 755
done
# --- /proc with hidepid=2: a learner sees only his own processes -----------------------------
# Why: every account reads every process's argv and which programs the others run (`ps`); the
# environment no longer travels on argv (descriptor 3, above), and hidepid hides the rest.
# Best effort, and never a pending piece for --check: a container's /proc usually cannot be
# remounted (no CAP_SYS_ADMIN). The outcome goes to $ETC/proc-hidepid (`hidepid=2`, or
# `unavailable: REASON`), said once when it changes; where the remount works, /etc/fstab gets a
# /proc line with hidepid=2 (an existing /proc line is the operator's: left as it is).
if ((!check)); then
	if grep -qE '^proc /proc proc [^ ]*hidepid=(2|invisible)' /proc/mounts; then
		hidepid="hidepid=2"
	elif err=$(mount -o remount,hidepid=2 /proc 2>&1); then
		hidepid="hidepid=2"
		if ! grep -qE '^[^#[:space:]]+[[:space:]]+/proc[[:space:]]' /etc/fstab 2>/dev/null; then
			echo 'proc /proc proc defaults,hidepid=2 0 0' >>/etc/fstab
		fi
	else
		hidepid="unavailable: ${err:-the remount failed}"
	fi
	if [[ $(cat -- "$ETC/proc-hidepid" 2>/dev/null) != "$hidepid" ]]; then
		printf '%s\n' "$hidepid" >"$ETC/proc-hidepid"
		say "/proc: $hidepid"
	fi
fi
say "done"
