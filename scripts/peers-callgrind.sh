# Sourced by scripts/live-instructions and scripts/hot-functions: a tool under callgrind on the
# live benchmark's emulated device and gesture stream (bench/peers), with reads straight from
# the node, as its CPU figures are measured.
#
#   peers_callgrind DEVICE SECONDS OUT COMMAND...   callgrind's profile of COMMAND to OUT
#   peers_frames DEVICE SECONDS                     frames in the stream that long
peers_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
peers=$peers_root/bench/peers
"$peers_root/scripts/setup"
"$peers/setup"
peers_helpers=$peers_root/.build/peers
mkdir -p "$peers_helpers"
gcc -O2 -Wall -shared -fPIC -o "$peers_helpers/direct-io-shim.so" "$peers/direct-io-shim.c" -ldl
gcc -O2 -shared -fPIC -o "$peers_helpers/umockdev-shim.so" "$peers_root/Tests/UmockdevShim/umockdev-shim.c" -ldl

peers_callgrind() {
  local device=$1 seconds=$2 out=$3
  shift 3
  (cd "$peers" && /usr/bin/python3 under_callgrind.py run \
     --preload "$peers_helpers/umockdev-shim.so:$peers_helpers/direct-io-shim.so:libumockdev-preload.so.0" \
     "$device" "$seconds" "$out" -- "$@") || exit 1
}

peers_frames() {
  (cd "$peers" && /usr/bin/python3 under_callgrind.py frames "$1" "$2")
}
