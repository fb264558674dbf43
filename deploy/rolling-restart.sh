#!/usr/bin/env bash
# Restarts every platform process behind HAProxy one at a time, without failing a request:
#   deploy/rolling-restart.sh            (after `ops migrate`, with `current` pointing at the new release)
# For each server of the api and member backends: drain it in HAProxy (admin socket: no new
# requests), wait until it holds no connection, restart its unit (SIGTERM: the process fails its
# readiness, finishes what it holds and exits; systemd starts the new one), wait for its readiness,
# put it back (state ready), and go on to the next. Needs socat and HAProxy's admin socket.
set -euo pipefail
SOCKET="${HAPROXY_SOCKET:-/run/haproxy/admin.sock}"
# backend/server=unit, one per process (edit to match the instances this machine runs).
SERVERS="${PLATFORM_SERVERS:-api/api1=platform-api@4001 api/api2=platform-api@4002 member/member1=platform-member@3001 member/member2=platform-member@3002}"
RESTART="${RESTART_COMMAND:-systemctl restart}"

haproxy_cmd() { echo "$1" | socat stdio "unix-connect:$SOCKET"; }
log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*"; }

for entry in $SERVERS; do
  server="${entry%%=*}"
  unit="${entry#*=}"
  backend="${server%%/*}"
  name="${server#*/}"
  log "$server: drain"
  haproxy_cmd "set server $server state drain" >/dev/null
  for _ in $(seq 1 300); do
    # scur (current sessions) of this server in `show stat`: column 5.
    current="$(haproxy_cmd "show stat" | awk -F, -v b="$backend" -v s="$name" '$1==b && $2==s {print $5}')"
    [ "${current:-0}" = "0" ] && break
    sleep 0.1
  done
  log "$server: restart $unit"
  $RESTART "$unit"
  haproxy_cmd "set server $server state ready" >/dev/null
  for _ in $(seq 1 600); do
    status="$(haproxy_cmd "show stat" | awk -F, -v b="$backend" -v s="$name" '$1==b && $2==s {print $18}')"
    [ "$status" = "UP" ] && break
    sleep 0.1
  done
  [ "$status" = "UP" ] || { log "$server: not up after 60 s, stopping here"; exit 1; }
  log "$server: up"
done
log "all processes restarted"
