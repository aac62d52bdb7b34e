#!/bin/sh
# Test program for attested runs (tests/node/test_attested_runs.py): installed on the fake node as
# the attested program `attest-probe`, it reports what a lab program started through the wrapper
# sees, so the tests can compare it with a direct run. Modes:
#   attest-probe exit N          exit with status N
#   attest-probe sleep PIDFILE   write its pid, then become `sleep 60` (to be interrupted)
#   attest-probe err TEXT        print `out` on stdout, then TEXT on stderr, then `out2` on stdout
#   attest-probe many            write lines without end (as `yes`: until its reader goes away)
#   attest-probe big N           write N bytes of `x`
#   attest-probe [ARG...]        print ids, umask, terminals, capabilities, arguments, environment
case ${1-} in
exit) exit "$2" ;;
sleep) echo $$ >"$2" && exec sleep 60 ;;
err) echo out && echo "$2" >&2 && echo out2 && exit 0 ;;
many) exec yes lg-line ;;
big) head -c "$2" /dev/zero | tr '\0' x && exit 0 ;;
esac
echo "uid=$(id -u) gid=$(id -g) groups=$(id -G)"
echo "umask=$(umask)"
[ -t 0 ] && echo "stdin=tty"
[ -t 1 ] && echo "stdout=tty"
[ -t 2 ] && echo "stderr=tty"
grep -E '^Cap(Inh|Prm|Eff|Amb):' /proc/self/status | tr '\t' ' '
for a in "$@"; do printf 'arg=[%s]\n' "$a"; done
echo "LD_LIBRARY_PATH=[${LD_LIBRARY_PATH-}] NCCL_PROBE=[${NCCL_PROBE-}]"
echo "LD_PRELOAD=[${LD_PRELOAD-}] PYTHONPATH=[${PYTHONPATH-}] BASH_ENV=[${BASH_ENV-}]"
echo "PATH=[${PATH-}] HOME=[${HOME-}] PYTHONNOUSERSITE=[${PYTHONNOUSERSITE-}]"
echo "cwd=$(pwd)"
