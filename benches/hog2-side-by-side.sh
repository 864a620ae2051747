#!/usr/bin/env bash
# frontier next to HOG2 (the nathansttt/hog2 repository), node for node, on
# the same pancake stacks: runs benches/hog2-pancake.sh (HOG2's searches),
# then `bidirectional_study --hog2` (frontier's) on the stacks it wrote, and
# prints per instance, heuristic and algorithm
#
#   instance algorithm heuristic cost necessary total match
#
# where each of cost, necessary and total is "HOG2/frontier", and match is
# "yes" when the optimal costs and the necessary expansions are equal,
# "necessary" when only the necessary expansions differ, and when the costs
# differ "HOG2-COST" if frontier's equals frontier's A* (HOG2's path is the
# costlier one), else "COST" (frontier's answer is in doubt); "HOG2-FAILED"
# where HOG2's search aborted (it runs each in a child process). A summary per
# algorithm follows. Exits 2 on a "COST" row.
#
#   benches/hog2-side-by-side.sh HOG2_DIR [COUNT] [SIZE] [GAPS] [ALGS]
#     COUNT, SIZE, GAPS as for benches/hog2-pancake.sh (defaults 5, 10, 0,1,2)
#     ALGS   astar,mm,nbs,dvcbs (default all four; HOG2 has no BAE*)
#   SOURCE=random|hard|file:PATH  as for benches/hog2-pancake.sh
#
# Necessary expansions are counted as HOG2 counts them (see
# benches/hog2-pancake.sh), except MM's: both sides count the closed nodes
# below MM's priority max(f, 2g + 1) at C*, HOG2's read from its own lists
# (MM_NECESSARY=priority). A*'s and MM's do not depend on tie-breaking;
# NBS's and DVCBS's can, through the pairs and vertex covers formed.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,/^set -e/p' "$0" | sed '$d'; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
hog2=$1
count=${2:-5}
size=${3:-10}
gaps=${4:-0,1,2}
algs=${5:-astar,mm,nbs,dvcbs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

MM_NECESSARY=priority INSTANCES="$work/stacks" \
    "$here/hog2-pancake.sh" "$hog2" "$count" "$size" "$gaps" "$algs" > "$work/hog2"
(cd "$here/.." && nice cargo run --quiet --release --example bidirectional_study -- \
    --hog2 "$work/stacks" --gaps "$gaps" --algorithms "$algs") > "$work/frontier"

awk '
    function name(a) { sub(/e1$/, "", a); return a }
    FNR == 1 { file++ }
    file == 1 { key = $1 " " name($2) " " $3; cost[key] = $4; need[key] = $5; total[key] = $6; next }
    file == 2 { if ($2 == "A*") astar[$1 " " $3] = $4; next }
    {
        key = $1 " " $2 " " $3
        if (!(key in cost)) { printf "%s -/%s -/%s -/%s no-HOG2-run\n", key, $4, $5, $6; next }
        m = "yes"
        if (cost[key] == "failed") { m = "HOG2-FAILED"; crashed++ }
        else if (cost[key] != $4) {
            optimum = $1 " " $3
            if ((optimum in astar) && astar[optimum] == $4) { m = "HOG2-COST"; theirs++ }
            else { m = "COST"; wrong++ }
        }
        else if (need[key] != $5) m = "necessary"
        printf "%s %s/%s %s/%s %s/%s %s\n", key, cost[key], $4, need[key], $5, total[key], $6, m
        runs[$2]++; if (m == "yes") same[$2]++
    }
    END {
        for (a in runs) printf "# %s: necessary expansions and cost equal on %d of %d runs\n", a, same[a], runs[a]
        if (crashed) printf "# %d runs where HOG2'"'"'s search aborted (HOG2-FAILED)\n", crashed
        if (theirs) printf "# %d runs where HOG2 returned a costlier path than the optimum found by frontier A*\n", theirs
        if (wrong) { printf "# %d runs where frontier'"'"'s cost differs from HOG2'"'"'s and is not confirmed by its A*\n", wrong; exit 2 }
    }' "$work/hog2" "$work/frontier" "$work/frontier"
