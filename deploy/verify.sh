#!/usr/bin/env bash
# Checks the deployment files with Debian's tools, each skipped when its tool is missing:
# - deploy/systemd/* with `systemd-analyze verify`, as installed (a scratch copy with instances named,
#   the node path pointing at this machine's node, the environment file present);
# - deploy/haproxy.production.cfg with `haproxy -c` (a throw-away certificate, example addresses);
# - deploy/compose/compose.yaml with `docker-compose config` (Debian's docker-compose);
# - deploy/Dockerfile with dockerfile-utils (npm), which must fail a planted faulty one first.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
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
if command -v systemd-analyze >/dev/null; then
# systemd-analyze exits 0 on a setting it ignores: any line it prints is a finding.
out="$(systemd-analyze verify --man=no platform.target platform-migrate.service platform-api@4001.service platform-member@3001.service 2>&1)" || { printf '%s\n' "$out"; exit 1; }
if [ -n "$out" ]; then printf '%s\n' "$out"; echo "systemd-analyze found problems"; exit 1; fi
echo "units verified"
else
  echo "systemd-analyze not installed: units not checked"
fi

HAPROXY="$(command -v haproxy || echo /usr/sbin/haproxy)"
if [ -x "$HAPROXY" ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 1 -subj /CN=example.sa 2>/dev/null
  cat cert.pem key.pem > site.pem
  PLATFORM_CERT="$scratch/site.pem" API_HOST=api.example.sa MEMBER_HOST=www.example.sa \
    API1_ADDR=127.0.0.1:4001 API2_ADDR=127.0.0.1:4002 MEMBER1_ADDR=127.0.0.1:3001 MEMBER2_ADDR=127.0.0.1:3002 \
    STATS_PASSWORD=check HAPROXY_SOCKET="$scratch/admin.sock" "$HAPROXY" -c -f "$here/haproxy.production.cfg"
else
  echo "haproxy not installed: haproxy.production.cfg not checked"
fi

if command -v docker-compose >/dev/null; then
  touch "$here/compose/platform.env.check"
  sed 's#env_file: platform.env#env_file: platform.env.check#' "$here/compose/compose.yaml" > "$here/compose/.compose.check.yaml"
  trap 'rm -rf "$scratch" "$here/compose/platform.env.check" "$here/compose/.compose.check.yaml"' EXIT
  POSTGRES_PASSWORD=x MINIO_PASSWORD=x STATS_PASSWORD=x API_HOST=api.example.sa MEMBER_HOST=www.example.sa \
    docker-compose -f "$here/compose/.compose.check.yaml" config -q
  echo "compose file valid"
else
  echo "docker-compose not installed: compose.yaml not checked"
fi

# The Dockerfile with dockerfile-utils (npm; a development dependency): every finding fails. The linter
# must first fail on a planted faulty Dockerfile, so a linter that checks nothing cannot pass.
printf 'FROM node:24\nMAINTAINER someone\nWORKDIR relative\ncmd ["node"]\nCMD ["node"]\n' > "$scratch/planted.Dockerfile"
if node "$here/../scripts/lint-dockerfile.mjs" "$scratch/planted.Dockerfile" 2>/dev/null; then
  echo "the Dockerfile linter passed a planted faulty Dockerfile"
  exit 1
fi
node "$here/../scripts/lint-dockerfile.mjs" "$here/Dockerfile"
