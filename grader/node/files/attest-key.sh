#!/bin/bash
# labgrader: the node's attestation key pair (docs/attestation.md "Keys"). Run as root.
#
#   attest-key.sh [--rotate] [--check] [--etc DIR]
#
#   (none)     make the pair if there is none (or the private key is not an Ed25519 key, as the
#              hex HMAC key of older installs is); fix owners and modes; otherwise change nothing
#   --rotate   make a new pair whatever is there: every run signed with the old key stops
#              verifying once the grader has fetched the new public key
#   --check    change nothing: print `would ...` for each thing that differs
#   --etc DIR  where the pair lives (default /etc/labgrader)
#
# The pair:
#   DIR/attest.key   Ed25519 private key (PEM), root:root 0400: only the root helper signs
#   DIR/attest.pub   its raw public key as 64 hex digits, root:root 0644: the grader verifies
#
# Why a pair per node made on the node: the private key never leaves root on the node that uses
# it, so a key read off one node (or off the grader) can sign nothing anywhere. An image build
# must not make it (every container would share it): the fake node runs this at start.
set -euo pipefail
umask 077

etc=/etc/labgrader
rotate=0
check=0
die() {
	echo "attest-key: $*" >&2
	exit 1
}
say() { echo "attest-key: $*"; }
while (($#)); do
	case $1 in
	--rotate) rotate=1 && shift ;;
	--check) check=1 && shift ;;
	--etc) etc=${2:?--etc needs a directory} && shift 2 ;;
	-h | --help) sed -n '2,19p' "$0" && exit 0 ;;
	*) die "unknown argument: $1" ;;
	esac
done
((EUID == 0)) || die "must run as root"
openssl=
for c in /usr/bin/openssl /bin/openssl /usr/local/bin/openssl; do
	[[ -x $c ]] && openssl=$c && break
done
[[ -n $openssl ]] || die "no openssl binary: install the openssl package (it signs attested runs)"

key=$etc/attest.key
pub=$etc/attest.pub

# pub_of KEY: the raw public key in hex; empty when KEY is no Ed25519 private key.
# An Ed25519 SubjectPublicKeyInfo (RFC 8410) is 44 bytes of DER; the raw key is its last 32.
pub_of() {
	local der
	der=$("$openssl" pkey -in "$1" -pubout -outform DER 2>/dev/null | od -An -v -tx1 | tr -d ' \n') || return 0
	[[ ${#der} == 88 && $der == 302a300506032b6570032100* ]] && printf '%s\n' "${der:24}"
	return 0
}

want_pub=
if [[ -f $key && ! -L $key ]]; then
	want_pub=$(pub_of "$key")
fi
if ((rotate)) || [[ -z $want_pub ]]; then
	if ((check)); then
		say "would make a new attestation key pair in $etc"
		exit 0
	fi
	install -d -m 755 -o root -g root -- "$etc"
	tmp=$(mktemp "$etc/.attest.key.XXXXXX")
	trap 'rm -f -- "$tmp"' EXIT
	"$openssl" genpkey -algorithm ed25519 -out "$tmp" 2>/dev/null || die "openssl cannot make an Ed25519 key (OpenSSL >= 1.1.1 needed)"
	want_pub=$(pub_of "$tmp")
	[[ -n $want_pub ]] || die "openssl made a key whose public half cannot be read"
	chmod 400 "$tmp"
	mv -f -- "$tmp" "$key"
	trap - EXIT
	say "made a new attestation key pair in $etc"
fi
if [[ $(stat -c '%a %U %G' -- "$key") != "400 root root" ]]; then
	((check)) && say "would make $key root:root 0400" || {
		chown root:root -- "$key" && chmod 400 -- "$key" && say "$key made root:root 0400"
	}
fi
if [[ ! -f $pub || -L $pub || $(cat -- "$pub") != "$want_pub" ||
	$(stat -c '%a %U %G' -- "$pub") != "644 root root" ]]; then
	if ((check)); then
		say "would write $pub"
	else
		tmp=$(mktemp "$etc/.attest.pub.XXXXXX")
		printf '%s\n' "$want_pub" >"$tmp"
		chmod 644 "$tmp"
		mv -f -- "$tmp" "$pub"
		say "wrote $pub"
	fi
fi
