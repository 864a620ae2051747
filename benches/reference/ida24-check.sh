#!/usr/bin/env bash
# Builds benches/reference/ida24.c, runs its self-checks (tables against
# Manhattan distance, reflection, incremental indices, WALKS random walks
# solved against a Manhattan IDA*) and solves Korf & Felner's 24-puzzle
# instances IDS, checking each length against the file.
#
#   benches/reference/ida24-check.sh [IDS] [WALKS]   (defaults: "38 40 25", 300)
#
# Tables are cached in $IDA24_CACHE (default /tmp/ida24-cache): the first
# run builds them (about 5 CPU-minutes each, under 1 GB), later runs load
# them in seconds. IDA24_FLAGS passes options (e.g. -a) to ida24.
# Instances: $KORF50 (default /work/shared/data/korf50-24puzzle-blank-last.txt).
set -euo pipefail
cd "$(dirname "$0")/../.."
ids=${1:-"38 40 25"}
walks=${2:-300}
data=${KORF50:-/work/shared/data/korf50-24puzzle-blank-last.txt}
export IDA24_CACHE=${IDA24_CACHE:-/tmp/ida24-cache}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O3 -o "$work/ida24" benches/reference/ida24.c
# shellcheck disable=SC2086
"$work/ida24" ${IDA24_FLAGS:-} --check "$walks"
for id in $ids; do
    grep -E "^$id " "$data" >> "$work/in.txt" || { echo "no instance $id in $data" >&2; exit 1; }
done
# stdout: id h(start) length nodes seconds (a MISMATCH flag and exit status 1
# if a length differs from the file's); stderr: one line per iteration.
# shellcheck disable=SC2086
"$work/ida24" ${IDA24_FLAGS:-} < "$work/in.txt" | tee "$work/out.txt"
awk '{n += $4; t += $5} END {printf "total %d nodes, %.2f s, %.1f M nodes/s\n", n, t, n / t / 1e6}' "$work/out.txt"
