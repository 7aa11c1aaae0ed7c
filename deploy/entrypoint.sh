#!/bin/bash
# The image's entry point: starts a headless desktop (Xvfb, a private session
# bus, the accessibility bus, openbox), waits until each part answers, then
# runs one of:
#   serve   the service on 0.0.0.0:$OSO_PORT (API, MCP at /mcp, inspector);
#           a bearer token is required: OSO_TOKEN, or a file at OSO_TOKEN_FILE
#           (a mounted Secret). Host headers naming this container are accepted.
#   task    one task of a suite (deno task fleet): the task at the Job's
#           completion index, run by the agent against the model, results
#           written under /results.
#   health  exit 0 when the running service answers /api/healthz.
# OSO_START_APPS: commands (separated by ';') started on the desktop before the
# service, e.g. "gtk3-widget-factory; mousepad". OSO_SCREEN: the screen's size
# (1280x800x24).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
mode=${1:-serve}
port=${OSO_PORT:-5001}

token_args() {
  if [ -n "${OSO_TOKEN_FILE:-}" ]; then echo "--token-file $OSO_TOKEN_FILE"; fi
}

if [ "$mode" = health ]; then
  token=${OSO_TOKEN:-}
  [ -n "${OSO_TOKEN_FILE:-}" ] && token=$(cat "$OSO_TOKEN_FILE")
  exec curl -fsS -o /dev/null --max-time 4 -H "Authorization: Bearer $token" \
    "http://127.0.0.1:$port/api/healthz"
fi

# Waits until "$@" succeeds; gives up after $limit seconds naming what, with
# the end of what that part printed (its log in $XDG_RUNTIME_DIR).
wait_for() {
  local what=$1 limit=$2
  shift 2
  local deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    if [ $SECONDS -ge $deadline ]; then
      echo "entrypoint: $what did not start within ${limit} s" >&2
      local log="$XDG_RUNTIME_DIR/${what// /-}.log"
      if [ -s "$log" ]; then
        echo "entrypoint: the end of what $what printed:" >&2
        tail -n 20 "$log" >&2
      fi
      exit 1
    fi
    sleep 0.05
  done
}

export LANG=C.UTF-8
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp/oso-runtime}
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
# Applications must not reach for portals, gvfs or dconf; Qt and LibreOffice
# join the accessibility bus.
export GTK_USE_PORTAL=0 GSETTINGS_BACKEND=memory GIO_USE_VFS=local
export QT_ACCESSIBILITY=1 QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 SAL_USE_VCLPLUGIN=gtk3
# GTK 2 (GIMP 2.10) loads its accessibility bridge only as a module named here.
export GTK_MODULES=gail:atk-bridge

# The X server takes the first display number free here (-displayfd): X
# clients look for a display in the network namespace's abstract sockets
# before /tmp, and a container on the host's network shares the host's, where
# another X server (a desktop, XWayland) may hold :0 already.
Xvfb -displayfd 3 -screen 0 "${OSO_SCREEN:-1280x800x24}" -nolisten tcp \
  3>"$XDG_RUNTIME_DIR/display" >"$XDG_RUNTIME_DIR/Xvfb.log" 2>&1 &
display_said() { [ -s "$XDG_RUNTIME_DIR/display" ]; }
wait_for "Xvfb" 30 display_said
export DISPLAY=":$(tr -d '[:space:]' <"$XDG_RUNTIME_DIR/display")"
wait_for "Xvfb" 30 xdpyinfo

# A session bus that activates nothing: applications must not pull in portals,
# gvfs or dconf (the accessibility bus is started below, by name).
export DBUS_SESSION_BUS_ADDRESS="unix:path=$XDG_RUNTIME_DIR/bus"
cat >"$XDG_RUNTIME_DIR/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>$DBUS_SESSION_BUS_ADDRESS</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --nofork --config-file="$XDG_RUNTIME_DIR/session.conf" \
  >"$XDG_RUNTIME_DIR/the-session-bus.log" 2>&1 &
wait_for "the session bus" 30 dbus-send --session --dest=org.freedesktop.DBus \
  --print-reply / org.freedesktop.DBus.GetId

/usr/libexec/at-spi-bus-launcher --launch-immediately \
  >"$XDG_RUNTIME_DIR/the-accessibility-bus.log" 2>&1 &
a11y_ready() {
  dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus org.a11y.Bus.GetAddress |
    grep -q unix:
}
wait_for "the accessibility bus" 30 a11y_ready

# A window manager that exits while starting, or has not managed the screen
# after 10 s (it takes well under one), is started again until the wait gives
# up (its output, every attempt's, is what the failure shows).
start_openbox() {
  openbox --sm-disable >>"$XDG_RUNTIME_DIR/openbox.log" 2>&1 &
  openbox_pid=$!
  openbox_started=$SECONDS
}
start_openbox
wm_ready() {
  if xprop -root _NET_SUPPORTING_WM_CHECK | grep -q "window id"; then return 0; fi
  if kill -0 "$openbox_pid" 2>/dev/null; then
    [ $((SECONDS - openbox_started)) -lt 10 ] && return 1
    echo "entrypoint: openbox had not managed the screen after 10 s" >>"$XDG_RUNTIME_DIR/openbox.log"
    kill -9 "$openbox_pid" 2>/dev/null
    wait "$openbox_pid" 2>/dev/null || true
  fi
  start_openbox
  return 1
}
wait_for "openbox" 30 wm_ready

IFS=';' read -ra apps <<<"${OSO_START_APPS:-}"
for app in "${apps[@]}"; do
  [ -n "${app// /}" ] && sh -c "exec $app" >/dev/null 2>&1 &
done

run=(deno run --cached-only --allow-net --allow-read --allow-write --allow-env --allow-ffi
  --allow-sys --allow-run)
case "$mode" in
  serve)
    # shellcheck disable=SC2046
    exec "${run[@]}" main.ts --mode inspect --host 0.0.0.0 --port "$port" \
      --allowed-hosts "$(hostname),${OSO_ALLOWED_HOSTS:-}" $(token_args)
    ;;
  task)
    exec "${run[@]}" lib/osworld/interfaces/fleet/pod.ts
    ;;
  *)
    echo "entrypoint: unknown mode '$mode' (serve, task or health)" >&2
    exit 2
    ;;
esac
