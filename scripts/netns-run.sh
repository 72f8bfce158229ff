#!/usr/bin/env bash
# Runs a command inside a fresh, private network namespace, so that nothing it sends can reach
# any network: the browser tests that connect pages over WebRTC run in one (issue #17).
#   usage: scripts/netns-run.sh COMMAND [ARG...]     e.g. scripts/netns-run.sh node tests/e2e/run.js
# The namespace has lo up and a veth pair v0/v1 (192.0.2.10/11, TEST-NET-1) with a default route
# through it: Chromium gathers no ICE host candidate on a bare loopback, so without them two
# pages cannot open a data channel (measured: ../shared/toolchain-probe/webrtc.md). Both ends of
# the pair live in the namespace, so a packet "routed out" of it only comes back in; the
# namespace, and the pair with it, goes away when the command's last process ends.
# The environment passes through unchanged (E2E_PORT, DISPLAY, CHROMIUM, PATH, ...). If a
# namespace cannot be made, the script fails loudly and runs nothing: never outside one.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG...]" >&2
  exit 2
fi

if [ -z "${TURF_NETNS_OUTER:-}" ]; then
  # Outside: re-run this script in a new network namespace. Root may make one directly; anyone
  # else needs a user namespace too (-r maps them to root in it, with rights over its network
  # only). The namespace we start from is passed in, so the inner half can check it left it.
  flags=(-n)
  [ "$(id -u)" = 0 ] || flags=(-r -n)
  if ! unshare "${flags[@]}" true; then
    echo "netns-run: FAILED: 'unshare ${flags[*]}' is not permitted here, so there is no private" >&2
    echo "netns-run: network namespace for the tests; nothing was run (run as root or allow" >&2
    echo "netns-run: unprivileged user namespaces, e.g. sysctl kernel.unprivileged_userns_clone=1)." >&2
    exit 1
  fi
  TURF_NETNS_OUTER="$(readlink /proc/self/ns/net)" exec unshare "${flags[@]}" "$0" "$@"
fi

# Inside. Make sure this really is another namespace than the one we were started from.
here="$(readlink /proc/self/ns/net)"
if [ "$here" = "$TURF_NETNS_OUTER" ]; then
  echo "netns-run: FAILED: still in the starting network namespace ($here); nothing was run" >&2
  exit 1
fi
unset TURF_NETNS_OUTER

ip link set lo up
ip link add v0 type veth peer name v1
ip addr add 192.0.2.10/24 dev v0
ip addr add 192.0.2.11/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default via 192.0.2.11 dev v0

# Nothing but lo, v0 and v1 may be in here (a namespace shared with the host would list its
# interfaces).
links="$(ip -o link show | awk -F': ' '{print $2}' | sed 's/@.*//' | sort | tr '\n' ' ')"
if [ "$links" != "lo v0 v1 " ]; then
  echo "netns-run: FAILED: unexpected interfaces in the namespace: $links; nothing was run" >&2
  exit 1
fi

exec "$@"
