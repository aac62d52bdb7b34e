#!/usr/bin/env bash
# Install Debian's Chromium for the dashboard's browser tests (as root), unless it is there.
# Playwright drives this system browser (executable_path); `playwright install` would download
# its own build from the internet, which CI machines here cannot reach.
set -euo pipefail
if [[ -x /usr/bin/chromium ]]; then
  exit 0
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version >&2
