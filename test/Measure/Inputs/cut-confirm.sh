#!/bin/bash
# usage: cut-confirm.sh RUNNER LIBRARY
# Times add_relu with its first 20 ms of calls slowed by 1 ms each, cut at
# 0.5 ms: once alone, once with a process to pause (a stand-in for the
# builds the measurer pauses), whose cut is confirmed after a pause.
set -eu
sleep 60 &
child=$!
trap 'kill $child 2>/dev/null || true' EXIT
args=(--lib "$2" --func add_relu --inputs f32:16x8,f32:16x8 --outputs f32:16x8
      --max-seconds 5e-4 --repeat 1 --min-repeat-ms 1 --inject slow-start)
"$1" "${args[@]}"
"$1" "${args[@]}" --pause-pids "$child"
