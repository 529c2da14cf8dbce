#!/usr/bin/env bash
# Installs what `npm test` needs on a fresh Debian machine: Debian's Chromium
# (the browser tests drive it with playwright-core; no browser is downloaded)
# and the npm packages, exactly as locked.
set -euo pipefail

if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
chromium --version

# npm ci installs exactly what package-lock.json records. The lock file was
# written on linux-x64; if npm ci rejects it on another platform (missing
# optional native binaries), `npm install` resolves them for that platform.
npm ci --no-audit --no-fund || npm install --no-audit --no-fund
