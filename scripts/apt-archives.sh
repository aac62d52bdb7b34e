#!/usr/bin/env bash
# The Debian archives this machine's own apt uses for its own release, one "URI<TAB>KEYRING" a
# line (KEYRING empty when the source names none), read at run time from /etc/apt/sources.list,
# /etc/apt/sources.list.d/*.list (one-line `deb [opts] URI SUITE COMPONENTS`) and
# /etc/apt/sources.list.d/*.sources (deb822 stanzas). Only sources whose suite is the machine's
# codename count (not -updates, -security or third-party suites). The same archive also serves
# the other Debian releases it carries: scripts/ensure-openssl11.sh asks it for bullseye,
# provisioning/distros/build-plain-image.sh debootstraps bookworm and bullseye from it.
# Exit 1 with a sentence on stderr when there is none: never a guessed host.
set -euo pipefail

codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
if [[ -z $codename ]]; then
  echo "apt-archives: no VERSION_CODENAME in /etc/os-release" >&2
  exit 1
fi
archives() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -f $f ]] || continue
    awk -v s="$codename" '$1 == "deb" {
        opts = ""; i = 2
        if ($2 ~ /^\[/) { while ($i !~ /\]$/) { opts = opts " " $i; i++ }; opts = opts " " $i; i++ }
        if ($(i + 1) == s) {
          kr = ""
          if (match(opts, /signed-by=[^] ]+/)) kr = substr(opts, RSTART + 10, RLENGTH - 10)
          print $i "\t" kr
        }
      }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -f $f ]] || continue
    # Stanzas are separated by blank lines; a URIs line may name several archives.
    awk -v s="$codename" -v RS= '{
        uris = ""; kr = ""; deb = 0; ok = 0
        n = split($0, lines, "\n")
        for (j = 1; j <= n; j++) {
          line = lines[j]
          if (line ~ /^Types:/ && line ~ /(^|[ \t])deb([ \t]|$)/) deb = 1
          if (line ~ /^URIs:/) { sub(/^URIs:[ \t]*/, "", line); uris = line }
          if (line ~ /^Signed-By:/) { sub(/^Signed-By:[ \t]*/, "", line); kr = line }
          if (line ~ /^Suites:/) { m = split(line, w, /[ \t]+/); for (k = 2; k <= m; k++) if (w[k] == s) ok = 1 }
        }
        if (deb && ok) { m = split(uris, u, /[ \t]+/); for (k = 1; k <= m; k++) print u[k] "\t" kr }
      }' "$f"
  done
}
found=$(archives | sort -u)
if [[ -z $found ]]; then
  echo "apt-archives: no apt source for suite $codename in /etc/apt/sources.list*" >&2
  exit 1
fi
printf '%s\n' "$found"
