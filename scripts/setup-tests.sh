#!/usr/bin/env bash
# Installs what `npm test` needs on a fresh Debian machine: Debian's Chromium
# (the browser tests drive it with playwright-core; no browser is downloaded),
# nginx with its Brotli module (the tests serve the build the way production
# does, plugins/delivery), and the npm packages exactly as locked.
set -euo pipefail

packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
command -v nginx >/dev/null 2>&1 || packages+=(nginx-light)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || packages+=(libnginx-mod-http-brotli-static)
if [ "${#packages[@]}" -gt 0 ]; then
  echo "Installing Debian's ${packages[*]} for the tests..."
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
fi
chromium --version
nginx -v

# Exactly what package-lock.json records, on every platform (README: Installing).
npm ci --no-audit --no-fund
