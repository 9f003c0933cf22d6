# Sourced by scripts/live-instructions and scripts/hot-functions: a tool under callgrind in the
# peers harness (../shared/bench/peers), on the same emulated device and gesture stream as its
# CPU figures, with reads straight from the node.
#
#   peers_callgrind DEVICE SECONDS OUT COMMAND...   callgrind's profile of COMMAND to OUT
#   peers_frames DEVICE SECONDS                     frames in the stream that long
peers=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../shared/bench/peers" && pwd)

peers_callgrind() {
  local device=$1 seconds=$2 out=$3
  shift 3
  (cd "$peers" && /usr/bin/python3 peers.py run --secs "$seconds" --idle 1 --lead 5 --read fast --name tool "$device" -- \
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" > /dev/null 2> "$out.err")
  [[ -s $out ]] || { echo "$(basename "$0"): callgrind wrote nothing; see:" >&2; tail -5 "$out.err" >&2; exit 1; }
}

peers_frames() {
  (cd "$peers" && /usr/bin/python3 -c "import peers; print(peers.build_stream('$1', $2)[1]['frames'])")
}
