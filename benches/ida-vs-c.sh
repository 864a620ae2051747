#!/usr/bin/env bash
# IDA* + Manhattan: the generic `frontier::IdaStar` (through `fifteen`) against
# the tight C solver benches/reference/ida_md.c, on the same Korf instances,
# run alternately ROUNDS times; prints each run's nodes/s and the median
# ratio. Node counts must be equal: the script stops if they are not.
#
#   benches/ida-vs-c.sh [ROUNDS] [IDS]     (defaults: 7, "2 4 5 6 8 13 16")
#   UNALIGNED=1 benches/ida-vs-c.sh        (also runs fifteen built without
#       .cargo/config.toml's code alignment flags, in target/unaligned, to
#       compare the default rustc build; the first run builds it)
#
# Needs cc and bc. The C solver reads Korf's convention, from
# benches/reference/korf100.txt; fifteen reads the blank-last instances of
# crates/sliding-puzzle/testdata (benches/reference/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
ids=${2:-"2 4 5 6 8 13 16"}
reference=benches/reference
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O3 -o "$work/ida_md" "$reference/ida_md.c"
cargo build --release --quiet --example fifteen
unaligned=${UNALIGNED:-}
if [ -n "$unaligned" ]; then
    # An empty RUSTFLAGS replaces the config file's flags.
    RUSTFLAGS= CARGO_TARGET_DIR=target/unaligned cargo build --release --quiet --example fifteen
fi
for id in $ids; do
    grep -E "^$id " "$reference/korf100.txt" | cut -d' ' -f1,3- >> "$work/c.txt"
    grep -E "^$id " crates/sliding-puzzle/testdata/korf100-blank-last.txt >> "$work/rust.txt"
done

now() { date +%s.%N; }
c_rates=(); rust_rates=(); ratios=(); u_ratios=()
for round in $(seq "$rounds"); do
    t0=$(now); "$work/ida_md" < "$work/c.txt" > "$work/c.out"; t1=$(now)
    # The C solver does not count the root; Korf (and frontier) count it once.
    c_nodes=$(awk '{s += $4 + 1} END {print s}' "$work/c.out")
    t2=$(now); ./target/release/examples/fifteen --heuristic manhattan "$work/rust.txt" > "$work/rust.out"; t3=$(now)
    rust_nodes=$(tail -1 "$work/rust.out" | sed -E 's/.* ([0-9]+) nodes generated.*/\1/')
    if [ "$c_nodes" != "$rust_nodes" ]; then
        echo "node counts differ: C $c_nodes, frontier $rust_nodes" >&2
        exit 1
    fi
    # Whole processes, wall clock: the C solver's time includes its start-up,
    # and fifteen's its start-up and solution checks (both are milliseconds).
    c=$(echo "$c_nodes / ($t1 - $t0) / 1000000" | bc -l)
    r=$(echo "$rust_nodes / ($t3 - $t2) / 1000000" | bc -l)
    ratio=$(echo "$r / $c" | bc -l)
    printf 'round %d: %d nodes; C %.1f M/s, frontier %.1f M/s, ratio %.3f\n' "$round" "$c_nodes" "$c" "$r" "$ratio"
    c_rates+=("$c"); rust_rates+=("$r"); ratios+=("$ratio")
    if [ -n "$unaligned" ]; then
        t4=$(now); ./target/unaligned/release/examples/fifteen --heuristic manhattan "$work/rust.txt" > "$work/unaligned.out"; t5=$(now)
        u_nodes=$(tail -1 "$work/unaligned.out" | sed -E 's/.* ([0-9]+) nodes generated.*/\1/')
        [ "$u_nodes" = "$c_nodes" ] || { echo "node counts differ: C $c_nodes, unaligned $u_nodes" >&2; exit 1; }
        u=$(echo "$u_nodes / ($t5 - $t4) / 1000000" | bc -l)
        u_ratio=$(echo "$u / $c" | bc -l)
        printf '         unaligned build %.1f M/s, ratio %.3f\n' "$u" "$u_ratio"
        u_ratios+=("$u_ratio")
    fi
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
printf 'median: C %.1f M/s, frontier %.1f M/s, ratio frontier / C %.3f (load: %s)\n' \
    "$(median "${c_rates[@]}")" "$(median "${rust_rates[@]}")" "$(median "${ratios[@]}")" "$(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$unaligned" ]; then
    printf 'median: unaligned build / C %.3f\n' "$(median "${u_ratios[@]}")"
fi
