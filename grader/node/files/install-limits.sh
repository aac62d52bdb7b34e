#!/bin/bash
# labgrader: per-learner limits on a learner node, so one learner's fork bomb or memory hog leaves
# the other learners' commands graded (docs/provisioning.md "Learner limits"). Idempotent: a second
# run with the same arguments changes nothing. Run as root.
#
#   install-limits.sh [--nproc N] [--memory SPEC] [--cpu-weight W] [--check]
#
#   --nproc N        processes and threads one learner may have (default 512)
#   --memory SPEC    N% of the node's RAM, a size (16G; K/M/G/T) or unlimited (default 50%)
#   --cpu-weight W   CPUWeight of each learner's user slice, 1..10000 (default 100)
#   --check          change nothing: print `would ...` for each file that differs
#
# Every member of the labgrader-learners group is limited; root and the grader account never are
# (they are not members). What each node gets:
#   every node       /etc/security/limits.d/50-labgrader.conf: nproc for the group, applied to
#                    every SSH login by pam_limits. The kernel counts it per real uid, so each
#                    learner has his own N; root's helpers (the capture session opener, the
#                    attestation helper) are root's processes and not counted.
#   systemd (PID 1)  /etc/systemd/system/user-UID.slice.d/50-labgrader.conf per learner: TasksMax,
#                    MemoryMax and CPUWeight on the cgroup of all the learner's sessions.
#   no systemd       memory: limits.conf `as`, the address space of each process (not the
#                    learner's sum), and only where no GPU device is: CUDA reserves far more
#                    address space than it uses and fails under any such limit. No CPU share.
set -euo pipefail
umask 022

LEARNERS_GROUP=labgrader-learners
LIMITS_FILE=/etc/security/limits.d/50-labgrader.conf
SLICE_DIR=/etc/systemd/system
DROPIN=50-labgrader.conf
NAME_RE='^[a-z_][a-z0-9_-]{0,31}$'

nproc=512
memory=50%
cpu_weight=100
check=0

die() {
	echo "install-limits: $*" >&2
	exit 1
}
say() { echo "install-limits: $*"; }

while (($#)); do
	case $1 in
	--nproc) nproc=${2:?--nproc needs a number} && shift 2 ;;
	--memory) memory=${2:?--memory needs a size} && shift 2 ;;
	--cpu-weight) cpu_weight=${2:?--cpu-weight needs a number} && shift 2 ;;
	--check) check=1 && shift ;;
	-h | --help) sed -n '2,24p' "$0" && exit 0 ;;
	*) die "unknown argument: $1" ;;
	esac
done
((EUID == 0)) || die "must run as root"
[[ $nproc =~ ^[1-9][0-9]{1,6}$ ]] && ((nproc >= 64)) || die "--nproc must be a number >= 64: $nproc"
[[ $memory =~ ^([1-9][0-9]?%|100%|[1-9][0-9]*[KMGT]|unlimited)$ ]] ||
	die "--memory must be N%, a size with K/M/G/T or unlimited: $memory"
[[ $cpu_weight =~ ^[1-9][0-9]{0,4}$ ]] && ((cpu_weight <= 10000)) ||
	die "--cpu-weight must be 1..10000: $cpu_weight"

systemd=0
[[ -d /run/systemd/system ]] && systemd=1 # sd_booted(3): systemd is PID 1
gpu=0
[[ -e /dev/nvidiactl ]] && gpu=1

# The address-space limit in KiB (limits.conf's unit), or "" for none.
as_kib() {
	((systemd == 0 && gpu == 0)) || return 0
	[[ $memory != unlimited ]] || return 0
	local n=${memory%[%KMGT]}
	case $memory in
	*%) echo $(($(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo) * n / 100)) ;;
	*K) echo "$n" ;;
	*M) echo $((n * 1024)) ;;
	*G) echo $((n * 1024 * 1024)) ;;
	*T) echo $((n * 1024 * 1024 * 1024)) ;;
	esac
}

limits_text() {
	local as
	as=$(as_kib)
	cat <<EOF
# labgrader: per-learner limits (install-limits.sh; docs/provisioning.md "Learner limits").
# nproc counts one learner's processes and threads; root and the grader account are not learners.
@$LEARNERS_GROUP soft nproc $nproc
@$LEARNERS_GROUP hard nproc $nproc
EOF
	if [[ -n $as ]]; then
		printf '@%s soft as %s\n@%s hard as %s\n' "$LEARNERS_GROUP" "$as" "$LEARNERS_GROUP" "$as"
	fi
}

slice_text() { # NAME
	local max=$memory
	[[ $max != unlimited ]] || max=infinity
	cat <<EOF
# labgrader: learner $1 (install-limits.sh; docs/provisioning.md "Learner limits")
[Slice]
TasksMax=$nproc
MemoryMax=$max
CPUWeight=$cpu_weight
EOF
}

changed_units=0
# put TEXT PATH WHAT: write PATH when its content differs (or say so under --check).
put() {
	local text=$1 path=$2 what=$3
	if [[ -f $path && $(cat -- "$path") == "${text%$'\n'}" ]]; then
		return 0
	fi
	if ((check)); then
		echo "would write $path ($what)"
		return 0
	fi
	mkdir -p -- "$(dirname -- "$path")"
	local tmp
	tmp=$(mktemp "$path.XXXXXX")
	printf '%s\n' "${text%$'\n'}" >"$tmp"
	chmod 644 -- "$tmp"
	mv -f -- "$tmp" "$path"
	say "wrote $path ($what)"
	[[ $path != "$LIMITS_FILE" ]] && changed_units=1
	return 0
}

as=$(as_kib)
put "$(limits_text)" "$LIMITS_FILE" "nproc $nproc${as:+, as ${as} KiB}"
if ((systemd)); then
	members=$(getent group "$LEARNERS_GROUP" | cut -d: -f4 | tr ',' ' ')
	for n in $members; do
		[[ $n =~ $NAME_RE ]] || continue
		uid=$(id -u -- "$n" 2>/dev/null) || continue
		put "$(slice_text "$n")" "$SLICE_DIR/user-$uid.slice.d/$DROPIN" \
			"$n: TasksMax $nproc, MemoryMax $memory, CPUWeight $cpu_weight"
	done
	if ((changed_units)); then
		systemctl daemon-reload
		say "systemd reloaded (a running slice takes its new limits now)"
	fi
fi
((check)) || say "done"
