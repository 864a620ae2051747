#!/usr/bin/env bash
# Korf's 100 with the 7-8 pattern databases: the regular and reflected
# lookups, the dual lookups (--dual), BPMX (--algo idastar-bpmx) and both,
# run alternately ROUNDS times as whole `fifteen` processes (loading the
# cached tables included). Prints each run and, per variant, the nodes per
# instance, the median search time and the median whole-process wall time.
# Every solution is replayed and its length compared with the published one
# by `fifteen` itself; the script stops if any run fails.
#
#   benches/korf-pdb.sh [ROUNDS]      (default 5)
#   HEURISTIC=pdb-7-8x5 benches/korf-pdb.sh 3    (another heuristic, here
#                                    the largest of five partitions' sums)
#
# The first run builds what is missing in target/pdb-cache (7-8: about two
# minutes and 2.2 GB; the dual lookups' 16 more tables: about two more).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
heuristic=${HEURISTIC:-pdb-7-8}
cargo build --release --quiet --example fifteen
fifteen=./target/release/examples/fifteen
variants=("idastar" "idastar --dual" "idastar-bpmx" "idastar-bpmx --dual")
# Build every table first, outside the timed runs.
for v in "${variants[@]}"; do
    read -r algo flag <<< "$v"
    $fifteen --heuristic "$heuristic" --algo "$algo" ${flag:-} --limit 1 korf100 > /dev/null 2>&1
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
now() { date +%s.%N; }
for round in $(seq "$rounds"); do
    for i in "${!variants[@]}"; do
        read -r algo flag <<< "${variants[$i]}"
        t0=$(now)
        $fifteen --heuristic "$heuristic" --algo "$algo" ${flag:-} korf100 > "$work/out" 2> /dev/null
        t1=$(now)
        line=$(tail -1 "$work/out")
        search=$(echo "$line" | sed -E 's/.*\), ([0-9.]+) s \(.*/\1/')
        nodes=$(echo "$line" | sed -E 's/.*\(([0-9]+) per instance\).*/\1/')
        wall=$(echo "$t1 - $t0" | bc -l)
        printf 'round %d: %-22s %6d nodes/instance, search %.3f s, process %.3f s (load %s)\n' \
            "$round" "${variants[$i]}" "$nodes" "$search" "$wall" "$(cut -d' ' -f1 /proc/loadavg)"
        echo "$search" >> "$work/search-$i"; echo "$wall" >> "$work/wall-$i"; echo "$nodes" > "$work/nodes-$i"
    done
done
median() { sort -g "$1" | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for i in "${!variants[@]}"; do
    printf 'median: %-22s %6d nodes/instance, search %.3f s, process %.3f s\n' \
        "${variants[$i]}" "$(cat "$work/nodes-$i")" "$(median "$work/search-$i")" "$(median "$work/wall-$i")"
done
