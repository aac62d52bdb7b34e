#!/usr/bin/env bash
# The node-shell matrix as a table: every lab's self-test scripts re-recorded on each bash built
# by scripts/ensure-shells.sh (and the system bash), then graded with `grader test-lab`.
#
#   scripts/shell-matrix.sh            one line per shell: transcripts passing / recorded
#
# A release that is not in provisioning/shells/ can be tried by dropping its GNU release tarball
# (bash-X.Y.Z.tar.xz) there first. The same check runs in the test suite
# (tests/shells_matrix/test_lab_scripts_per_shell.py).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ -x .venv/bin/grader ]] || scripts/ensure-venv.sh '.[test]' >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shells=("system $(dirname "$(command -v bash)")")
while read -r version dir; do shells+=("$version $dir/bin"); done < <(scripts/ensure-shells.sh)

printf '%-16s %-16s %s\n' bash lab 'test-lab'
for entry in "${shells[@]}"; do
  version=${entry%% *} bindir=${entry#* }
  [[ $version == system ]] && version="$("$bindir/bash" -c 'echo ${BASH_VERSION%%(*}') (system)"
  for lab in labs/*/; do
    lab=${lab%/}
    copy=$work/$version/$(basename "$lab")
    rm -rf "$copy" && mkdir -p "$(dirname "$copy")" && cp -r "$lab" "$copy"
    .venv/bin/python tests/tools/record_transcripts.py --bash "$bindir" "$copy" >/dev/null
    out=$(.venv/bin/grader test-lab "$copy" 2>&1 || true)
    pass=$(grep -c '^PASS' <<<"$out" || true)
    total=$(grep -cE '^(PASS|FAIL)' <<<"$out" || true)
    unsupported=$(cat "$copy"/tests/*.ts | grep -c 'this session CANNOT be graded' || true)
    note=""
    ((unsupported > 0)) && note="  (refused: the shell cannot capture; every session says so)"
    printf '%-16s %-16s %s/%s%s\n' "$version" "$(basename "$lab")" "$pass" "$total" "$note"
  done
done
