#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the end-to-end tests (Playwright drives it at
# /usr/bin/chromium; no browser download). Installs it with apt-get when running as root.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Chromium from Debian's packages…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
