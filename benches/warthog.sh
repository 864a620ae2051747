#!/usr/bin/env bash
# Runs Warthog (ShortestPathLab's C++ grid pathfinding library) over a folder
# of Moving AI maps and scenarios, the reference figures for the grid planners.
#
#   benches/warthog.sh WARTHOG_DIR MAPS_DIR [ALGS]
#
# WARTHOG_DIR is a checkout of https://github.com/ShortestPathLab/warthog-jps
# with https://github.com/ShortestPathLab/warthog-core checked out in its
# extern/warthog-core (the submodule; `git clone --recursive` does both). It
# is built with cmake into WARTHOG_DIR/build when its programs are missing.
# MAPS_DIR holds *.scen files with their maps next to them, as written by
# benches/grid-data.sh. ALGS is a space-separated list (default
# "astar jps jps2 jps+ jps2+"): astar, dijkstra and astar4c run warthog-core's
# `warthog`, jps, jpsP/jps2, jps+ and jpsP+/jps2+ run `warthog-jps`.
#
# One line per map and algorithm: queries, mean and median milliseconds per
# query (Warthog's own per-search timer: the search only, map loading and
# jps+ preprocessing excluded) and how many path costs agree with the
# scenario's optimal length, to within one unit in the last digit either
# side prints (Warthog prints six significant digits) or 1e-4.
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
	echo "usage: $0 WARTHOG_DIR MAPS_DIR [ALGS]" >&2
	exit 2
fi
warthog_dir=$1
maps_dir=$2
algs=${3:-"astar jps jps2 jps+ jps2+"}

build=$warthog_dir/build
core_bin=$build/extern/warthog-core/warthog
jps_bin=$build/warthog-jps
if [[ ! -x $core_bin || ! -x $jps_bin ]]; then
	if [[ ! -f $warthog_dir/extern/warthog-core/CMakeLists.txt ]]; then
		echo "$0: $warthog_dir/extern/warthog-core is empty: check out warthog-core there" >&2
		echo "    (git -C $warthog_dir submodule update --init)" >&2
		exit 1
	fi
	cmake -S "$warthog_dir" -B "$build" -DCMAKE_BUILD_TYPE=Release >&2
	cmake --build "$build" -j "$(nproc)" >&2
fi

shopt -s nullglob
scens=("$maps_dir"/*.scen)
if [[ ${#scens[@]} -eq 0 ]]; then
	echo "$0: no .scen files in $maps_dir" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-20s %-7s %8s %12s %12s %14s\n' map alg queries "mean ms" "median ms" "lengths ok"
for scen in "${scens[@]}"; do
	map=$(basename "$scen" .scen)
	map=${map%.map}
	mapfile=$maps_dir/$map.map
	for alg in $algs; do
		case $alg in
		astar | dijkstra | astar4c) bin=$core_bin ;;
		jps | jpsP | jps2 | jps+ | jpsP+ | jps2+) bin=$jps_bin ;;
		*)
			echo "$0: unknown algorithm $alg" >&2
			exit 2
			;;
		esac
		"$bin" --alg "$alg" --scen "$scen" --map "$mapfile" >"$tmp/out.tsv" 2>"$tmp/err.txt" || {
			echo "$0: $bin --alg $alg --scen $scen failed:" >&2
			cat "$tmp/err.txt" >&2
			exit 1
		}
		# the scenario's optimal lengths as printed, one a query, in file order
		grep -v -e '^version' -e '^[[:space:]]*$' "$scen" | awk '{ print $NF }' >"$tmp/optimal.txt"
		tail -n +2 "$tmp/out.tsv" | cut -f 8 | sort -n >"$tmp/nanos.txt"
		tail -n +2 "$tmp/out.tsv" | cut -f 10 | paste - "$tmp/optimal.txt" | awk -v map="$map" -v alg="$alg" '
			# one unit in the last printed digit of a decimal text
			function unit_decimals(text,    dot) {
				dot = index(text, ".")
				return dot == 0 ? 0 : 10 ^ -(length(text) - dot)
			}
			# one unit in the sixth significant digit (C++ default precision)
			function unit_sig6(value) {
				return value <= 0 ? 0 : 10 ^ (int(log(value) / log(10) + 1e-9) - 5)
			}
			{
				found = $1 + 0; optimal = $2 + 0
				tol = unit_sig6(found) + (index($2, ".") ? unit_decimals($2) : unit_sig6(optimal))
				if (tol < 1e-4) tol = 1e-4
				diff = found - optimal; if (diff < 0) diff = -diff
				if (diff <= tol) ok++
				else if (bad++ < 3) printf "%s %s: query %d cost %s, scenario says %s\n", map, alg, NR - 1, $1, $2 > "/dev/stderr"
			}
			END { printf "%d/%d\n", ok, NR }' >"$tmp/check.txt"
		queries=$(wc -l <"$tmp/nanos.txt")
		awk -v map="$map" -v alg="$alg" -v check="$(cat "$tmp/check.txt")" '
			{ t[NR] = $1; sum += $1 }
			END {
				median = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
				printf "%-20s %-7s %8d %12.4f %12.4f %14s\n", map, alg, NR, sum / NR / 1e6, median / 1e6, check
			}' "$tmp/nanos.txt"
		if [[ $queries -ne $(wc -l <"$tmp/optimal.txt") ]]; then
			echo "$0: $map $alg: $queries results for $(wc -l <"$tmp/optimal.txt") queries" >&2
		fi
	done
done
