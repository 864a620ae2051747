#!/usr/bin/env bash
# The `priority-queue` crate against frontier's indexed heap as A*'s
# decrease-key open list (`OpenList::PriorityQueue`): the crate keyed by the
# dense node id with an identity hasher, the same pop order, so the same
# nodes. Applies benches/priority-queue-crate.patch in a scratch worktree,
# builds the probe twice (heap, crate) and runs them in turn.
#
#   benches/priority-queue-crate.sh [PAIRS]
#
# Prints, per pair, each side's seconds for A* on the four maps of
# crates/grid/testdata (every query, dense tables) and on 40 random-walk
# 15-puzzles (linear conflict, three rounds).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-5}
scratch=$(mktemp -d)
trap 'git worktree remove --force "$scratch" >/dev/null 2>&1 || true' EXIT
git worktree add --detach "$scratch" HEAD >/dev/null
cd "$scratch"
git apply benches/priority-queue-crate.patch
cargo build --release --example pq_probe >/dev/null
cp target/release/examples/pq_probe "$scratch/heap"
cargo build --release --example pq_probe --features frontier/priority-queue-crate >/dev/null
cp target/release/examples/pq_probe "$scratch/crate"
for what in "grid 1" "fifteen 3"; do
    for _ in $(seq "$pairs"); do
        # shellcheck disable=SC2086
        echo "heap:  $("$scratch/heap" $what)"
        # shellcheck disable=SC2086
        echo "crate: $("$scratch/crate" $what)"
    done
done
