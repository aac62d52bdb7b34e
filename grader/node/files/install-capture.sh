#!/bin/bash
# labgrader: install the capture shell on a learner node (Debian/Ubuntu/RHEL). Idempotent: a
# second run with the same arguments changes nothing. Run as root.
#
#   install-capture.sh [--grader-key FILE] [--environment FILE] [--learner NAME]... [--no-reload]
#
#   --grader-key FILE    authorized_keys for the `labgrader` grader account (key-only login)
#   --environment FILE   KEY=VALUE lines: the lab's `environment:`, exported in learners' shells
#   --learner NAME       create (or adopt) a learner account; repeatable
#   --no-reload          write and validate sshd config but do not reload sshd (image builds)
#   --src DIR            where the node files are, with the protocol modules in DIR/protocol
#                        (default: this script's directory)
#
# WHY parameters are validated, never interpolated into code: provisioning passes values from a
# lab file and an inventory. Names must match ^[a-z_][a-z0-9_-]{0,31}$; files are copied as data.
# sshd config is validated with `sshd -t` before any reload; on failure the previous config is
# restored, so a bad run can never lock the grader (or anyone) out.
set -euo pipefail
umask 022

LIB=/usr/local/lib/labgrader
ETC=/etc/labgrader
ROOT=/var/lib/labgrader
LEARNERS_GROUP=labgrader-learners
GRADER=labgrader
NAME_RE='^[a-z_][a-z0-9_-]{0,31}$'
SSHD_DROPIN=/etc/ssh/sshd_config.d/50-labgrader.conf
BASHRC_BEGIN='# >>> labgrader guard >>>'
BASHRC_END='# <<< labgrader guard <<<'
FILES=(capture-shell hooks.bash labenv.bash bashrc-guard.bash lab session_open.py spool_reader.py)
PYTHON=/usr/bin/python3
SUDOERS=/etc/sudoers.d/labgrader-capture

src=$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")
grader_key=
environment=
reload=1
learners=()

die() {
	echo "install-capture: $*" >&2
	exit 1
}
say() { echo "install-capture: $*"; }

while (($#)); do
	case $1 in
	--grader-key) grader_key=${2:?--grader-key needs a file} && shift 2 ;;
	--environment) environment=${2:?--environment needs a file} && shift 2 ;;
	--learner) learners+=("${2:?--learner needs a name}") && shift 2 ;;
	--src) src=${2:?--src needs a directory} && shift 2 ;;
	--no-reload) reload=0 && shift ;;
	-h | --help) sed -n '2,14p' "$0" && exit 0 ;;
	*) die "unknown argument: $1" ;;
	esac
done
((EUID == 0)) || die "must run as root"
for n in "${learners[@]}"; do
	[[ $n =~ $NAME_RE ]] || die "invalid learner name: $n"
	[[ $n != "$GRADER" ]] || die "the grader account cannot be a learner"
done

# install_file SRC DEST MODE [OWNER:GROUP]: copy only when content or mode differ (idempotence).
install_file() {
	local from=$1 to=$2 mode=$3 owner=${4:-root:root}
	if [[ -f $to ]] && cmp -s -- "$from" "$to" &&
		[[ $(stat -c '%a %U:%G' -- "$to") == "${mode#0} $owner" ]]; then
		return 0
	fi
	install -m "$mode" -o "${owner%%:*}" -g "${owner##*:}" -- "$from" "$to"
	say "installed $to"
}

ensure_dir() { # PATH MODE OWNER GROUP
	local path=$1 mode=$2 owner=$3 group=$4
	[[ -d $path ]] || { mkdir -p -- "$path" && say "created $path"; }
	[[ $(stat -c '%a %U %G' -- "$path") == "${mode#0} $owner $group" ]] && return 0
	chown -- "$owner:$group" "$path"
	chmod -- "$mode" "$path"
}

# --- groups and accounts ---------------------------------------------------------------------
getent group "$LEARNERS_GROUP" >/dev/null || { groupadd --system "$LEARNERS_GROUP" && say "group $LEARNERS_GROUP"; }
if ! getent passwd "$GRADER" >/dev/null; then
	# A real shell: the daemon runs the spool reader over SSH. Locked password: key-only.
	useradd --system --user-group --create-home --home-dir "/home/$GRADER" --shell /bin/bash "$GRADER"
	say "account $GRADER"
fi
# Password field "*": no password can ever match, yet the account is not "locked" (sshd refuses
# keys for a "!"-locked account when UsePAM is off).
[[ $(getent shadow "$GRADER" | cut -d: -f2) == '*' ]] || usermod -p '*' "$GRADER"
grader_home=$(getent passwd "$GRADER" | cut -d: -f6)
if [[ -n $grader_key ]]; then
	[[ -r $grader_key ]] || die "cannot read $grader_key"
	ensure_dir "$grader_home/.ssh" 700 "$GRADER" "$GRADER"
	install_file "$grader_key" "$grader_home/.ssh/authorized_keys" 600 "$GRADER:$GRADER"
fi

for n in "${learners[@]}"; do
	if ! getent passwd "$n" >/dev/null; then
		useradd --create-home --shell /bin/bash -G "$LEARNERS_GROUP" "$n"
		say "learner $n"
	fi
	id -nG "$n" | tr ' ' '\n' | grep -qx "$LEARNERS_GROUP" || usermod -a -G "$LEARNERS_GROUP" "$n"
	# Homes private (useradd follows login.defs, 0755 on Debian): otherwise every learner could
	# list every other learner's home and read what sftp/scp/`ssh node cmd` wrote there.
	home=$(getent passwd "$n" | cut -d: -f6)
	if [[ -d $home && $(stat -c %a "$home") != 700 ]]; then
		chmod 700 -- "$home"
		say "home of $n made private (0700)"
	fi
done

# --- files --------------------------------------------------------------------------------------
ensure_dir "$LIB" 755 root root
for f in "${FILES[@]}"; do
	[[ -f $src/$f ]] || { [[ $f == spool_reader.py ]] && continue; die "missing $src/$f"; }
	case $f in
	capture-shell | lab | spool_reader.py | session_open.py) mode=755 ;;
	*) mode=644 ;;
	esac
	install_file "$src/$f" "$LIB/$f" "$mode"
done
# The protocol modules beside them (spool_reader.py and attest_run.py import grader.protocol).
[[ -f $src/install-protocol.sh ]] || die "missing $src/install-protocol.sh"
bash "$src/install-protocol.sh" --src "$src" | sed 's/^install-protocol: /install-capture: /'
if [[ ! -L /usr/local/bin/lab || $(readlink /usr/local/bin/lab) != "$LIB/lab" ]]; then
	ln -sfn -- "$LIB/lab" /usr/local/bin/lab
	say "linked /usr/local/bin/lab"
fi

ensure_dir "$ETC" 755 root root

env_tmp=$(mktemp)
trap 'rm -f -- "$env_tmp"' EXIT
if [[ -n $environment ]]; then
	[[ -r $environment ]] || die "cannot read $environment"
	# Keep only well-formed KEY=VALUE lines (labenv.bash refuses dangerous names at read time).
	grep -E '^[A-Za-z_][A-Za-z0-9_]*=' -- "$environment" >"$env_tmp" || true
	install_file "$env_tmp" "$ETC/environment" 644
elif [[ ! -f $ETC/environment ]]; then
	install_file "$env_tmp" "$ETC/environment" 644
fi

# --- spool and progress ---------------------------------------------------------------------
# root/spool: learners need to reach their own dir (x), the grader lists them (r).
ensure_dir "$ROOT" 755 root root
ensure_dir "$ROOT/spool" 751 root "$GRADER"
ensure_dir "$ROOT/progress" 755 "$GRADER" "$GRADER"
# root/state/<n>: what the learner's own shells remember between logins (which ✓ lines a terminal
# showed, which hints `lab hint` gave). His (0700), under a directory only root adds entries to.
ensure_dir "$ROOT/state" 755 root root
# Learners: every member of the group, not only those named this run.
members=$(getent group "$LEARNERS_GROUP" | cut -d: -f4 | tr ',' ' ')
for n in $members "${learners[@]}"; do
	[[ $n =~ $NAME_RE ]] || continue
	getent passwd "$n" >/dev/null || continue
	# root's, not the learner's (docs/node-protocol.md "Who owns what"): session_open.py, as root,
	# makes each session file (the learner's, 0640) and appends its line to sessions.jsonl (root's).
	# o+x: the learner's `script` reaches his file by name; he cannot list, add or rename entries.
	# An older learner-owned 2750 directory is taken over (g-s first: chmod keeps it otherwise).
	[[ -d $ROOT/spool/$n && -g $ROOT/spool/$n ]] && chmod g-s -- "$ROOT/spool/$n"
	ensure_dir "$ROOT/spool/$n" 751 root "$GRADER"
	# progress/<n>/: the grader writes progress.json here (temp file + rename). setgid with the
	# learner's primary group, so every file the grader creates is group <n>'s and mode 0640 makes
	# it readable by the learner alone: no group membership for the grader, no chown, no ACLs.
	# Not group-writable: the learner can neither forge nor delete it.
	ensure_dir "$ROOT/progress/$n" 2750 "$GRADER" "$(id -gn -- "$n")"
	ensure_dir "$ROOT/state/$n" 700 "$n" "$(id -gn -- "$n")"
done

# --- sudoers: learners open their capture session through session_open.py as root ------------
# Exactly that command line (sudo's `*`: its five arguments are data, see session_open.py); no pty,
# no log line, no PAM session per login. Validated with `visudo -cf` before it is put in place.
if [[ -x $PYTHON ]] && command -v visudo >/dev/null; then
	sudoers_tmp=$(mktemp)
	cat >"$sudoers_tmp" <<EOF
# labgrader: learners' logins open their capture session as root (install-capture.sh,
# docs/node-protocol.md "Who owns what").
Cmnd_Alias LABGRADER_SESSION = $PYTHON -I -S $LIB/session_open.py *
Defaults!LABGRADER_SESSION !use_pty, !syslog, !lecture, !pam_session
%$LEARNERS_GROUP ALL=(root) NOPASSWD: LABGRADER_SESSION
EOF
	visudo -cqf "$sudoers_tmp" >/dev/null || { rm -f -- "$sudoers_tmp"; die "visudo rejected the sudoers rule"; }
	install_file "$sudoers_tmp" "$SUDOERS" 440
	rm -f -- "$sudoers_tmp"
else
	say "WARNING: no sudo or no $PYTHON: learners' sessions cannot be opened (they log in unrecorded)"
fi

# --- system bashrc guard (re-wraps new ptys such as tmux panes) -----------------------------
if [[ -f /etc/bash.bashrc ]]; then
	bashrc=/etc/bash.bashrc # Debian/Ubuntu
else
	bashrc=/etc/bashrc # RHEL/Fedora
	[[ -f $bashrc ]] || : >"$bashrc"
fi
if ! grep -qxF -- "$BASHRC_BEGIN" "$bashrc"; then
	printf '\n%s\n[ -r %s/bashrc-guard.bash ] && . %s/bashrc-guard.bash\n%s\n' \
		"$BASHRC_BEGIN" "$LIB" "$LIB" "$BASHRC_END" >>"$bashrc"
	say "guard added to $bashrc"
fi

# --- sshd ---------------------------------------------------------------------------------------
# No forwarding for learners either: a learner's key must not become a tunnel from the lab node
# into the cluster network, nor a way to reach an agent or a display.
learners_block="# labgrader: learners' interactive logins are recorded (docs/node-capture.md)
Match Group $LEARNERS_GROUP
    ForceCommand $LIB/capture-shell
    AllowTcpForwarding no
    AllowStreamLocalForwarding no
    X11Forwarding no
    AllowAgentForwarding no
    PermitTunnel no
"
# Least privilege for the grader account: it only runs commands (the spool reader) and SFTP
# (progress files), neither of which needs a pty or any forwarding, so its key cannot be used
# for an interactive shell, a tunnel into the cluster network, or an agent/X11 channel.
grader_block="# labgrader: the grader account runs commands and SFTP only
Match User $GRADER
    PermitTTY no
    AllowTcpForwarding no
    AllowStreamLocalForwarding no
    X11Forwarding no
    AllowAgentForwarding no
    PermitTunnel no
"
sshd_block="$learners_block
$grader_block"
sshd_bin=$(command -v sshd || echo /usr/sbin/sshd)
if grep -qiE '^[[:space:]]*Include[[:space:]]+/etc/ssh/sshd_config\.d/' /etc/ssh/sshd_config; then
	target=$SSHD_DROPIN
	mkdir -p /etc/ssh/sshd_config.d
else
	target=/etc/ssh/sshd_config # no drop-in dir (older RHEL): a marked block at the end
fi

changed=0
backup=$(mktemp)
had_target=0
[[ -f $target ]] && { cp -p -- "$target" "$backup" && had_target=1; }
if [[ $target == "$SSHD_DROPIN" ]]; then
	if [[ ! -f $target ]] || [[ $(cat -- "$target") != "${sshd_block%$'\n'}" ]]; then
		printf '%s' "$sshd_block" >"$target"
		chmod 644 "$target"
		changed=1
	fi
else # Match blocks must be last: appending each missing one is correct
	# A learners' block written by an older installer (no forwarding lines) is taken out first:
	# its comment line, its Match line and the indented lines under it.
	have_block=$(awk -v m="Match Group $LEARNERS_GROUP" \
		'$0 == m { on = 1; print; next } on && /^[[:space:]]+[^[:space:]]/ { print; next } { on = 0 }' \
		"$target")
	want_block=$(printf '%s' "$learners_block" | sed 1d)
	if [[ -n $have_block && $have_block != "${want_block%$'\n'}" ]]; then
		awk -v m="Match Group $LEARNERS_GROUP" -v note="${learners_block%%$'\n'*}" \
			'$0 == note { next } $0 == m { on = 1; next } on && /^[[:space:]]+[^[:space:]]/ { next } { on = 0; print }' \
			"$target" >"$target.labgrader-new" && cat -- "$target.labgrader-new" >"$target"
		rm -f -- "$target.labgrader-new"
	fi
	if ! grep -qxF "Match Group $LEARNERS_GROUP" "$target"; then
		printf '\n%s' "$learners_block" >>"$target"
		changed=1
	fi
	if ! grep -qxF "Match User $GRADER" "$target"; then
		printf '\n%s' "$grader_block" >>"$target"
		changed=1
	fi
fi
if ((changed)); then
	mkdir -p /run/sshd 2>/dev/null || true # sshd -t needs its privsep dir on Debian
	sshd_test=("$sshd_bin" -t)
	if ! compgen -G '/etc/ssh/ssh_host_*_key' >/dev/null; then
		# Host keys are made at first boot in images: validate with a throwaway one.
		keydir=$(mktemp -d)
		ssh-keygen -q -t ed25519 -N '' -f "$keydir/k"
		sshd_test+=(-h "$keydir/k")
	fi
	if ! "${sshd_test[@]}"; then
		if ((had_target)); then cp -p -- "$backup" "$target"; else rm -f -- "$target"; fi
		rm -f -- "$backup"
		die "sshd -t rejected the new config; previous config restored"
	fi
	say "sshd config updated ($target)"
	if ((reload)); then
		if command -v systemctl >/dev/null && systemctl is-active --quiet ssh 2>/dev/null; then
			systemctl reload ssh
		elif command -v systemctl >/dev/null && systemctl is-active --quiet sshd 2>/dev/null; then
			systemctl reload sshd
		elif [[ -r /run/sshd.pid ]]; then
			kill -HUP "$(cat /run/sshd.pid)"
		elif [[ -r /var/run/sshd.pid ]]; then
			kill -HUP "$(cat /var/run/sshd.pid)"
		else
			say "sshd not running; the config applies when it starts"
		fi
	fi
fi
rm -f -- "$backup"
[[ -n ${keydir-} ]] && rm -rf -- "$keydir"
say "done"
