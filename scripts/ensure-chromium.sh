#!/usr/bin/env bash
# The review app's browser tests drive Debian's Chromium (test/helpers/browser.ts). `npm test` runs
# this first, so the README's test command also works on a fresh machine: as root with apt, a
# missing Chromium is installed from Debian's packages; otherwise the run stops saying what to do.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the review app's browser tests…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The review app's browser tests need Chromium at $chromium: apt-get install chromium, or set CHROMIUM_PATH." >&2
exit 1
