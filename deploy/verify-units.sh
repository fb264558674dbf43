#!/usr/bin/env bash
# Checks deploy/systemd/*.service with `systemd-analyze verify` (Debian's systemd), as installed:
# the units copied into a scratch folder with instances named, the node path pointing at this
# machine's node and the environment file present.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v systemd-analyze >/dev/null || { echo "systemd-analyze not installed: skipped"; exit 0; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
node="$(command -v node)"
touch "$scratch/platform.env"
for unit in "$here"/systemd/*; do
  sed -e "s#/usr/local/bin/node#$node#; s#/etc/platform/platform.env#$scratch/platform.env#" "$unit" > "$scratch/$(basename "$unit")"
done
cp "$scratch/platform-api@.service" "$scratch/platform-api@4001.service"
cp "$scratch/platform-member@.service" "$scratch/platform-member@3001.service"
cd "$scratch"
# systemd-analyze exits 0 on a setting it ignores: any line it prints is a finding.
out="$(systemd-analyze verify --man=no platform.target platform-migrate.service platform-api@4001.service platform-member@3001.service 2>&1)" || { printf '%s\n' "$out"; exit 1; }
if [ -n "$out" ]; then printf '%s\n' "$out"; echo "systemd-analyze found problems"; exit 1; fi
echo "units verified"
