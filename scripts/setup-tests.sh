#!/usr/bin/env bash
# Installs what `npm test` needs on a fresh Debian machine: Debian's Chromium
# (the browser tests drive it with playwright-core; no browser is downloaded),
# nginx with its Brotli module (the tests serve the build the way production
# does, plugins/delivery), curl, Debian's Python 3 with requests and Flask, Go,
# Ruby and PHP with its curl extension (the pages' and endpoints' samples run
# against the test mode, scripts/run-samples.ts), Java (the HTML checker), and
# the npm packages exactly as locked. The npm packages install while apt-get
# works: neither needs the other, and both mostly wait on downloads.
set -euo pipefail

# The Node.js version in .nvmrc, from the npm registry when the machine's is older.
bash "$(dirname "$0")/setup-node.sh"

# Exactly what package-lock.json records, on every platform (README: Installing).
npm ci --no-audit --no-fund &
npm_ci=$!

packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
# Infima's monospace stack names Liberation Mono: the code blocks the browser
# tests measure are set in it, as they are on a reader's Linux desktop.
[ -e /usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf ] || packages+=(fonts-liberation)
command -v nginx >/dev/null 2>&1 || packages+=(nginx-light)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || packages+=(libnginx-mod-http-brotli-static)
command -v curl >/dev/null 2>&1 || packages+=(curl)
# The event twins' test-delivery recipe signs with openssl (tests/unit/webhook-test-delivery.test.ts).
command -v openssl >/dev/null 2>&1 || packages+=(openssl)
# Debian's own interpreter, whatever else `python3` on the PATH may be.
/usr/bin/python3 -c 'import requests, flask' >/dev/null 2>&1 || packages+=(python3 python3-requests python3-flask)
command -v go >/dev/null 2>&1 || packages+=(golang-go)
command -v ruby >/dev/null 2>&1 || packages+=(ruby)
command -v php >/dev/null 2>&1 || packages+=(php-cli)
# grep reads all of php -m: with -q it would stop early, and pipefail would count php's broken pipe as a failure.
{ command -v php >/dev/null 2>&1 && php -m | grep -x curl >/dev/null; } || packages+=(php-curl)
# The Nu HTML Checker (vnu-jar) runs on Debian's Java (tests/e2e/valid-html.test.ts).
command -v java >/dev/null 2>&1 || packages+=(default-jre-headless)
if [ "${#packages[@]}" -gt 0 ]; then
  echo "Installing Debian's ${packages[*]} for the tests..."
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  # Without recommends: they add 97 packages (printing, Avahi, Samba, udev,
  # Perl's LWP) that no test uses, and a clean machine downloads and
  # configures each one.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi
chromium --version
nginx -v
/usr/bin/python3 -c 'import sys, requests; from importlib.metadata import version; print("Python", sys.version.split()[0], "requests", requests.__version__, "Flask", version("flask"))'
go version
ruby --version
php --version | head -n 1

wait "$npm_ci"
