#!/usr/bin/env bash
# IDA* on one thread against IDA* on N threads (`fifteen --jobs N`), run
# alternately ROUNDS times on the same Korf instances; prints each run's
# search time (the sum of the instances' times `fifteen` reports) and the
# median speed-up. Every solution is replayed and its length checked by
# `fifteen`, which fails the run otherwise.
#
#   benches/parallel-ida.sh [ROUNDS] [JOBS] [HEURISTIC] [IDS]
#   defaults: 5, 2, manhattan, "5 15 25 35 45 55 65 75 85 95"; IDS=all for all 100
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
jobs=${2:-2}
heuristic=${3:-manhattan}
ids=${4:-"5 15 25 35 45 55 65 75 85 95"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --example fifteen
file=crates/sliding-puzzle/testdata/korf100-blank-last.txt
if [ "$ids" = all ]; then
    grep -vE '^(#|$)' "$file" > "$work/instances.txt"
else
    for id in $ids; do grep -E "^$id " "$file" >> "$work/instances.txt"; done
fi
seconds() { tail -1 "$1" | sed -E 's/.*nodes generated \([0-9]+ per instance\), ([0-9.]+) s .*/\1/'; }
nodes() { tail -1 "$1" | sed -E 's/.* ([0-9]+) nodes generated.*/\1/'; }
serial=(); parallel=(); speedups=()
for round in $(seq "$rounds"); do
    ./target/release/examples/fifteen --heuristic "$heuristic" --jobs 1 "$work/instances.txt" > "$work/one.out"
    ./target/release/examples/fifteen --heuristic "$heuristic" --jobs "$jobs" "$work/instances.txt" > "$work/many.out"
    one=$(seconds "$work/one.out"); many=$(seconds "$work/many.out")
    speedup=$(echo "$one / $many" | bc -l)
    printf 'round %d: 1 thread %.3f s (%s nodes), %d threads %.3f s (%s nodes), speed-up %.2f\n' \
        "$round" "$one" "$(nodes "$work/one.out")" "$jobs" "$many" "$(nodes "$work/many.out")" "$speedup"
    serial+=("$one"); parallel+=("$many"); speedups+=("$speedup")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf 'median: 1 thread %.3f s, %d threads %.3f s, speed-up %.2f (load: %s)\n' \
    "$(median "${serial[@]}")" "$jobs" "$(median "${parallel[@]}")" "$(median "${speedups[@]}")" "$(cut -d' ' -f1-3 /proc/loadavg)"
