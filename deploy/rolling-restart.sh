#!/usr/bin/env bash
# Restarts every platform process behind HAProxy one at a time, without failing a request:
#   deploy/rolling-restart.sh            (after `ops migrate`, with `current` pointing at the new release)
# For each server of the api and member backends:
#   1. drain it in HAProxy (admin socket): no new request goes to it, the others take them all;
#   2. wait until it holds no request (DRAIN_TIMEOUT seconds at most: the process's own SIGTERM
#      drain finishes what is left);
#   3. restart its unit (SIGTERM: the process fails its readiness, finishes what it holds, exits;
#      systemd starts the new one);
#   4. mark it down in HAProxy, so only health checks of the new process can bring it back (without
#      this, a check of the old process, passed just before it stopped, would count as the new one's
#      and the next server would be drained while this one is not listening yet);
#   5. put it back (state ready) and wait until HAProxy's checks find it up (UP_TIMEOUT seconds at
#      most, else stop here with the others still serving), then go on to the next.
# `npm run test:scale` runs this script, unchanged, against its own HAProxy under load (zero failed
# requests; docs/deploy.md). Needs socat, HAProxy's admin socket (`stats socket … level admin`) and a
# health check (`check`) on every server.
# Settings (environment): HAPROXY_SOCKET (/run/haproxy/admin.sock), PLATFORM_SERVERS (below),
# RESTART_COMMAND (systemctl restart; called with the unit), DRAIN_TIMEOUT (60), UP_TIMEOUT (120).
set -euo pipefail
SOCKET="${HAPROXY_SOCKET:-/run/haproxy/admin.sock}"
# backend/server=unit, one per process (edit to match the instances this machine runs).
SERVERS="${PLATFORM_SERVERS:-api/api1=platform-api@4001 api/api2=platform-api@4002 member/member1=platform-member@3001 member/member2=platform-member@3002}"
RESTART="${RESTART_COMMAND:-systemctl restart}"
DRAIN_TIMEOUT="${DRAIN_TIMEOUT:-60}"
UP_TIMEOUT="${UP_TIMEOUT:-120}"

haproxy_cmd() { echo "$1" | socat stdio "unix-connect:$SOCKET"; }
log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*"; }
# A column of this server's line in `show stat` (5: scur, current sessions; 18: status).
field() { haproxy_cmd "show stat" | awk -F, -v b="$1" -v s="$2" -v c="$3" '$1==b && $2==s {print $c}'; }

for entry in $SERVERS; do
  server="${entry%%=*}"
  unit="${entry#*=}"
  backend="${server%%/*}"
  name="${server#*/}"
  [ -n "$(field "$backend" "$name" 18)" ] || { log "$server: not in HAProxy, stopping here"; exit 1; }
  log "$server: drain"
  haproxy_cmd "set server $server state drain" >/dev/null
  deadline=$((SECONDS + DRAIN_TIMEOUT))
  until [ "$(field "$backend" "$name" 5)" = "0" ] || [ "$SECONDS" -ge "$deadline" ]; do sleep 0.1; done
  log "$server: $(field "$backend" "$name" 5) requests held; restart $unit"
  $RESTART "$unit"
  haproxy_cmd "set server $server health down" >/dev/null
  haproxy_cmd "set server $server state ready" >/dev/null
  deadline=$((SECONDS + UP_TIMEOUT))
  until [ "$(field "$backend" "$name" 18)" = "UP" ]; do
    [ "$SECONDS" -lt "$deadline" ] || { log "$server: not up after ${UP_TIMEOUT} s, stopping here"; exit 1; }
    sleep 0.2
  done
  log "$server: up"
done
log "all processes restarted"
