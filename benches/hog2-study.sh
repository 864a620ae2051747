#!/usr/bin/env bash
# The bidirectional study of docs/bidirectional.md, every cell run by both
# HOG2 (the nathansttt/hog2 repository) and frontier: for each number of
# pancakes, benches/hog2-side-by-side.sh on COUNT of HOG2's random stacks
# with GAP-k for every k of GAPS, A*, MM, NBS, DVCBS and BAE* (frontier
# only: HOG2 has none), then one Markdown table per size:
#
#   heuristic algorithm runs equal | necessary expansions, HOG2 and frontier:
#   median [lower quartile, upper quartile] | frontier's total expansions,
#   the same | frontier's necessary / its A*'s (median of the per-stack
#   ratios)
#
#   benches/hog2-study.sh HOG2_DIR [COUNT] [SIZES] [GAPS]
#     COUNT  stacks per size (default 50)
#     SIZES  numbers of pancakes, comma-separated (default 10; 12 takes
#            about 10 minutes on two cores, mostly A* with GAP-3)
#     GAPS   k values of GAP-k, comma-separated (default 0,1,2,3)
#   RAW=DIR  also keep each size's side-by-side lines in DIR/SIZE.txt
#
# Quartiles are nearest-rank (the ceil(n/4)-th and ceil(3n/4)-th of the n
# sorted values). Neither side has a memory or time limit here: a cell
# whose searches would not finish in reasonable time has to be left out of
# GAPS or SIZES. Exits 2 if a frontier cost is not confirmed (see
# hog2-side-by-side.sh).
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,/^set -e/p' "$0" | sed '$d'; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
hog2=$1
count=${2:-50}
sizes=${3:-10}
gaps=${4:-0,1,2,3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
for size in ${sizes//,/ }; do
    "$here/hog2-side-by-side.sh" "$hog2" "$count" "$size" "$gaps" astar,mm,nbs,dvcbs,bae \
        > "$work/$size.txt" || status=$?
    [ "$status" -le 2 ] || exit "$status"
    if [ -n "${RAW:-}" ]; then mkdir -p "$RAW" && cp "$work/$size.txt" "$RAW/$size.txt"; fi
    echo
    echo "### $size pancakes ($count of HOG2's random stacks)"
    echo
    awk -v order="A* MM NBS DVCBS BAE*" '
        function sorted(list, out,   n, i, j, v) {
            n = split(list, out, " ")
            for (i = 2; i <= n; i++) {
                v = out[i]
                for (j = i - 1; j >= 1 && out[j] + 0 > v + 0; j--) out[j + 1] = out[j]
                out[j + 1] = v
            }
            return n
        }
        function rank(n, q,   r) { r = int(n * q); if (r < n * q) r++; return r < 1 ? 1 : r }
        function spread(list,   v, n) {
            if (list == "") return "-"
            n = sorted(substr(list, 2), v)
            return sprintf("%s [%s, %s]", v[rank(n, 0.5)], v[rank(n, 0.25)], v[rank(n, 0.75)])
        }
        function median(list,   v, n) {
            if (list == "") return "-"
            n = sorted(substr(list, 2), v)
            return v[rank(n, 0.5)]
        }
        /^#/ { next }
        {
            split($5, need, "/"); split($6, total, "/")
            key = $3 SUBSEP $2
            if (!(key in runs)) { if (!($3 in seen)) { seen[$3] = 1; heuristics[++nh] = $3 } }
            runs[key]++
            if (need[1] == "failed") failed[key]++
            else if (need[1] != "-") { hog2[key] = hog2[key] " " need[1]; if (need[1] == need[2]) same[key]++ }
            ours[key] = ours[key] " " need[2]
            all[key] = all[key] " " total[2]
            value[$1 SUBSEP $3 SUBSEP $2] = need[2]
            stack[$1 SUBSEP $3 SUBSEP $2] = 1
        }
        END {
            print "| heuristic | algorithm | runs | necessary equal to HOG2 | necessary, HOG2 | necessary, frontier | total, frontier | necessary / A*'"'"'s |"
            print "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
            na = split(order, algos, " ")
            for (h = 1; h <= nh; h++) for (a = 1; a <= na; a++) {
                key = heuristics[h] SUBSEP algos[a]
                if (!(key in runs)) continue
                ratios = ""
                for (s in stack) {
                    split(s, part, SUBSEP)
                    if (part[2] != heuristics[h] || part[3] != algos[a]) continue
                    base = value[part[1] SUBSEP part[2] SUBSEP "A*"]
                    if (base + 0 > 0) ratios = ratios " " sprintf("%.3f", value[s] / base)
                }
                printf "| %s | %s | %d | %s | %s | %s | %s | %s |\n", heuristics[h], algos[a], runs[key],
                    (key in hog2) ? (same[key] + 0) ((key in failed) ? " (" failed[key] " aborted)" : "") : "-",
                    spread(hog2[key]), spread(ours[key]),
                    spread(all[key]), median(ratios)
            }
        }' "$work/$size.txt"
done
exit "$status"
