#!/bin/sh
# Start a fake node under docker-compose with keys made by scripts/demo.sh (mounted at /demo):
# its own host key (pinned in the grader's config, so nothing is trusted on first contact), the
# grader account's and the learners' authorized keys. Then run sshd in the foreground.
set -eu
install -m 0600 -o root -g root /demo/ssh_host_ed25519_key /etc/ssh/ssh_host_ed25519_key
install -m 0644 -o root -g root /demo/ssh_host_ed25519_key.pub /etc/ssh/ssh_host_ed25519_key.pub
for keyfile in /demo/authorized/*.pub; do
  [ -f "$keyfile" ] || continue
  user="$(basename "$keyfile" .pub)"
  home="$(getent passwd "$user" | cut -d: -f6)"
  [ -n "$home" ] || { echo "compose-start: no account $user" >&2; exit 1; }
  group="$(id -gn "$user")"
  install -d -m 0700 -o "$user" -g "$group" "$home/.ssh"
  install -m 0600 -o "$user" -g "$group" "$keyfile" "$home/.ssh/authorized_keys"
done
if [ -f /demo/lab-environment ]; then
  install -D -m 0644 -o root -g root /demo/lab-environment /etc/labgrader/environment
fi
# This node's own attestation key pair (kept across restarts; docs/attestation.md "Keys").
/usr/local/lib/labgrader/attest-key.sh >/dev/null
install -d -m 0755 /run/sshd
exec /usr/sbin/sshd -D -e
