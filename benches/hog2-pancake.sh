#!/usr/bin/env bash
# HOG2's pancake searches (the nathansttt/hog2 repository) on the same stacks as
# frontier: prints one line per instance, heuristic and algorithm,
#
#   instance algorithm heuristic optimal-cost necessary-expansions total-expansions
#
# ("failed" in the last three fields where HOG2's search aborted: each
# search runs in a child process of the driver) and writes the stacks (top
# first, pancakes numbered 1..N as frontier's Stack parses them,
# space-separated, one per line) to $INSTANCES.
#
#   benches/hog2-pancake.sh HOG2_DIR [COUNT] [SIZE] [GAPS] [ALGS]
#     COUNT  instances (default 5)
#     SIZE   pancakes (default 10)
#     GAPS   k values of GAP-k, comma-separated (default 0,1,2; 0 is GAP)
#     ALGS   astar,mm,nbs,dvcbs (default all four)
#   SOURCE=random  (default) HOG2's TestPancakeRandom generator
#                  (apps/bidirectional/BidirPancake.cpp:156-178: srandom(2017218),
#                  then per stack srandom(random()) and a Fisher-Yates shuffle
#                  with glibc random()); SEED=... changes 2017218
#   SOURCE=hard    the "100 hard" instances of envutil/PancakeInstances.cpp
#                  (SIZE 16, 20, 24 or 28 only)
#   SOURCE=file:PATH  stacks from PATH, in the $INSTANCES format
#   SOURCE=stock   HOG2's own driver, `bidirectional -pancake`, i.e.
#                  TestPancakeHard(2): the hard 16-pancake stacks, GAP-2,
#                  NBS (e=1) twice ("NBSe1", "NBSAe1"); stops after COUNT
#                  stacks; SIZE/GAPS/ALGS are ignored (see below for PathTest)
#   INSTANCES=path (default ${TMPDIR:-/tmp}/hog2-pancake-instances.txt)
#   JOBS=n         make -j for the HOG2 build (default 2)
#
# HOG2's pancake driver has its instance set, heuristic and algorithms
# hard-coded (BidirPancake.cpp:29-40), so except for SOURCE=stock this
# script compiles a small companion driver (below) against the HOG2
# checkout's headers and libraries: it calls HOG2's TemplateAStar, MM,
# NBS (NBSQueue epsilon 1, as TestPancakeHard's "NBSe1") and DVCBS (queue
# epsilon 1, tie-breaking policy 4) and prints BidirPancake.cpp's
# "found path length" lines, which the awk below parses.
#
# What HOG2 calls necessary expansions (its own counters, not one
# definition shared by all algorithms):
#   A*    nodes with g+h < C*            (TemplateAStar.h GetNecessaryExpansions)
#   MM    closed nodes with g+h < C and 2g < C, both directions  (MM.h:505-521);
#         with MM_NECESSARY=priority, the closed nodes below MM's priority
#         max(g+h, 2g+1) at C instead (g+h < C and 2g+1 < C), read from
#         HOG2's own open/closed lists by the companion driver: for odd C,
#         HOG2's own count also takes nodes at priority exactly C (2g+1 = C),
#         ties whose expansion depends on tie-breaking and on when the
#         stopping test runs
#   NBS   2 per expanded pair whose lower bound was < C      (NBS.h:90-99, 249)
#   DVCBS 1 per expansion whose lower bound was < C          (DVCBS.h:112-125)
# frontier's Gap::ignoring(k) is HOG2's GAP-k (PancakePuzzle.h DefaultH: the
# plate gap counts unless the largest pancake is at the bottom).
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,/^set -e/p' "$0" | sed '$d'; exit 2; }
hog2=$(cd "$1" && pwd)
count=${2:-5}
size=${3:-10}
gaps=${4:-0,1,2}
algs=${5:-astar,mm,nbs,dvcbs}
source=${SOURCE:-random}
instances=${INSTANCES:-${TMPDIR:-/tmp}/hog2-pancake-instances.txt}
bin=$hog2/bin/release
libs="gui/STUB utils graph environments envutil mapalgorithms algorithms graphalgorithms gui"

# Build HOG2 headless (only the libraries and apps/bidirectional) if missing.
if [ ! -x "$bin/bidirectional" ]; then
    echo "building HOG2 headless in $hog2/build/SFML ..." >&2
    (cd "$hog2/build/SFML" && nice -n 10 make -j"${JOBS:-2}" OPENGL=STUB \
        PROJECTS="$libs apps/bidirectional" release) > "$hog2/hog2-build.log" 2>&1 ||
        { echo "HOG2 build failed; see $hog2/hog2-build.log" >&2; exit 1; }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "$source" = stock ]; then
    # bidirectional's main() first calls PathTest() (Driver.cpp:96), which ends
    # in exit(0) (Driver.cpp:1947), so `bidirectional -pancake` never reaches
    # its -pancake handler. Relink it from a copy of Driver.cpp without that
    # call (the checkout is not modified), then stop after COUNT instances.
    stock=$bin/bidirectional-nopathtest
    if [ ! -x "$stock" ]; then
        sed 's/^\tPathTest();/\t\/\/ PathTest();/' "$hog2/apps/bidirectional/Driver.cpp" > "$work/Driver.cpp"
        grep -q '// PathTest();' "$work/Driver.cpp" || { echo "PathTest() call not found" >&2; exit 1; }
        incs="-I$hog2/apps/bidirectional"
        for d in graphalgorithms gui simulation environments envutil mapalgorithms algorithms generic utils graph search; do
            incs="$incs -I$hog2/$d"
        done
        objs=$hog2/objs/bidirectional/release/apps/bidirectional
        # shellcheck disable=SC2086 # word splitting of $incs is intended
        nice -n 10 g++ -c -std=c++14 -O3 -w -DNO_OPENGL -I"$hog2/gui/STUB/GL" \
            -I"$hog2/gui/STUB/SFML" -I"$hog2/gui/STUB" $incs -o "$work/Driver.o" "$work/Driver.cpp"
        g++ -o "$stock" "$work/Driver.o" $(ls "$objs"/*.o | grep -v '/Driver\.o$') -L"$bin" \
            -lgraph -lenvutil -lenvironments -lmapalgorithms -lalgorithms -lgraphalgorithms \
            -lgui -lutils -lSTUB -lpthread
    fi
    (cd "$bin" && exec ./bidirectional-nopathtest -pancake) > "$work/all" 2> /dev/null &
    pid=$!
    while kill -0 "$pid" 2> /dev/null &&
        [ "$(grep -c ' found path length ' "$work/all")" -lt $((2 * count)) ]; do
        sleep 1
    done
    kill "$pid" 2> /dev/null || true
    wait "$pid" 2> /dev/null || true
    awk -v n="$count" '{ print } / found path length / && ++seen >= 2 * n { exit }' "$work/all" > "$work/out"
    default_gap=2
else
    case $source in
        random) src="random:$count:${SEED:-2017218}" ;;
        hard) src="hard:$count" ;;
        file:*) src="file:$(cd "$(dirname "${source#file:}")" && pwd)/$(basename "${source#file:}")" ;;
        *) echo "unknown SOURCE=$source" >&2; exit 2 ;;
    esac
    driver=$bin/frontier-pancake-$size
    cat > "$work/driver.cpp" <<'CPP'
// Companion pancake driver compiled against HOG2 (headers + bin/release libs).
// It runs HOG2's own search classes the way apps/bidirectional/BidirPancake.cpp
// does and prints the same "found path length" lines.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include "PancakePuzzle.h"
#include "PancakeInstances.h"
#include "TemplateAStar.h"
#include "MM.h"
#include "NBS.h"
#include "DVCBS.h"
#include "Timer.h"
#include <sys/wait.h>
#include <unistd.h>
#ifndef PANCAKES
#define PANCAKES 10
#endif
const int N = PANCAKES;
typedef PancakePuzzleState<N> S;
typedef PancakePuzzle<N> E;

// Runs one search in a child process, so that a search HOG2 aborts (its
// DVCBS exited with "GetAction called with non-adjacent states" when the
// environment's costs were not set to unit costs) costs only its own line:
// "HARD-<i>-G<k> <name> failed".
template <class F> static void Isolated(int count, int gap, const char *name, F run)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) { run(); fflush(stdout); _exit(0); }
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		printf("HARD-%d-G%d %s failed\n", count, gap, name);
}

static bool Has(const std::string &list, const char *name)
{
	std::stringstream ss(list); std::string item;
	while (std::getline(ss, item, ',')) if (item == name) return true;
	return false;
}

int main(int argc, char **argv)
{
	if (argc < 4) { fprintf(stderr, "usage: %s random:COUNT[:SEED]|hard:COUNT|file:PATH gaps algs\n", argv[0]); return 2; }
	std::vector<S> instances;
	std::string src = argv[1];
	if (src.rfind("random:", 0) == 0)
	{
		// BidirPancake.cpp TestPancakeRandom: srandom(2017218), per problem srandom(random()), then Fisher-Yates
		int count = atoi(src.c_str()+7);
		long seed = 2017218;
		const char *c2 = strchr(src.c_str()+7, ':');
		if (c2) seed = atol(c2+1);
		srandom(seed);
		for (int c = 0; c < count; c++)
		{
			srandom(random());
			S s; s.Reset();
			for (int x = 0; x < N; x++)
				std::swap(s.puzzle[x], s.puzzle[x+random()%(N-x)]);
			instances.push_back(s);
		}
	}
	else if (src.rfind("hard:", 0) == 0)
	{
		int count = std::min(100, atoi(src.c_str()+5));
		for (int c = 0; c < count; c++)
		{
			S s; s.Reset();
			if (!GetPancakeInstance(s, c)) { fprintf(stderr, "no hard instances for %d pancakes (16, 20, 24, 28 only)\n", N); return 2; }
			instances.push_back(s);
		}
	}
	else if (src.rfind("file:", 0) == 0)
	{
		// one stack per line, top first, pancakes numbered 1..N (frontier's format)
		std::ifstream in(src.substr(5)); std::string line;
		while (std::getline(in, line))
		{
			std::stringstream ss(line); S s; int v, x = 0;
			while (ss >> v && x < N) s.puzzle[x++] = v-1;
			if (x == N) instances.push_back(s);
		}
	}
	else { fprintf(stderr, "unknown instance source %s\n", argv[1]); return 2; }
	std::string gaps = argv[2], algs = argv[3];
	std::vector<int> gapList;
	{ std::stringstream ss(gaps); std::string g; while (std::getline(ss, g, ',')) gapList.push_back(atoi(g.c_str())); }
	for (size_t i = 0; i < instances.size(); i++)
	{
		printf("Problem %d of %d\n", (int)i+1, (int)instances.size());
		std::cout << instances[i] << "\n";
	}
	for (size_t i = 0; i < instances.size(); i++)
	{
		int count = (int)i;
		for (int gap : gapList)
		{
			E pancake(gap), pancake2(gap);
			// Unit costs, said explicitly: PancakePuzzle's constructor leaves
			// its `real` flag (edge costs 1 + a/(10 N) when set) uninitialized.
			pancake.SetUseRealValueEdges(false);
			pancake2.SetUseRealValueEdges(false);
			S start = instances[i], goal;
			goal.Reset();
			std::vector<S> path;
			Timer t;
			if (Has(algs, "astar"))
				Isolated(count, gap, "A*", [&] {
					TemplateAStar<S, PancakePuzzleAction, E> astar;
					t.StartTimer(); astar.GetPath(&pancake, start, goal, path); t.EndTimer();
					printf("HARD-%d-G%d A* found path length %1.0f; %llu expanded; %llu necessary; %1.2fs elapsed\n", count, gap, pancake.GetPathLength(path),
						   (unsigned long long)astar.GetNodesExpanded(), (unsigned long long)astar.GetNecessaryExpansions(), t.GetElapsedTime());
				});
			if (Has(algs, "mm"))
				Isolated(count, gap, "MM", [&] {
					MM<S, PancakePuzzleAction, E> mm;
					t.StartTimer(); mm.GetPath(&pancake, start, goal, &pancake, &pancake2, path); t.EndTimer();
					// MM's closed nodes below its priority max(f, 2g + 1) at C*,
					// read from its own lists (HOG2's count takes 2g < C*, which
					// for odd C* also admits the ties at priority C*)
					double cost = pancake.GetPathLength(path);
					unsigned long long below = 0;
					for (int x = 0; x < mm.GetNumForwardItems(); x++)
					{
						const auto &d = mm.GetForwardItem(x);
						if (d.where == kClosedList && d.g + d.h < cost && 2 * d.g + 1 < cost) below++;
					}
					for (int x = 0; x < mm.GetNumBackwardItems(); x++)
					{
						const auto &d = mm.GetBackwardItem(x);
						if (d.where == kClosedList && d.g + d.h < cost && 2 * d.g + 1 < cost) below++;
					}
					printf("HARD-%d-G%d MM found path length %1.0f; %llu expanded; %llu necessary; %1.2fs elapsed; %llu below-priority\n", count, gap, cost,
						   (unsigned long long)mm.GetNodesExpanded(), (unsigned long long)mm.GetNecessaryExpansions(), t.GetElapsedTime(), below);
				});
			if (Has(algs, "nbs"))
				Isolated(count, gap, "NBSe1", [&] {
					NBS<S, PancakePuzzleAction, E, NBSQueue<S, 1>> nbs;
					t.StartTimer(); nbs.GetPath(&pancake, start, goal, &pancake, &pancake2, path); t.EndTimer();
					printf("HARD-%d-G%d NBSe1 found path length %1.0f; %llu expanded; %llu necessary; %1.2fs elapsed; %f meeting\n", count, gap, pancake.GetPathLength(path),
						   (unsigned long long)nbs.GetNodesExpanded(), (unsigned long long)nbs.GetNecessaryExpansions(), t.GetElapsedTime(), nbs.GetMeetingPoint());
				});
			if (Has(algs, "dvcbs"))
				Isolated(count, gap, "DVCBSe1", [&] {
					DVCBS<S, PancakePuzzleAction, E, DVCBSQueue<S, 1>> dvcbs; // tie-breaking policy 4 (DVCBS.h default)
					t.StartTimer(); dvcbs.GetPath(&pancake, start, goal, &pancake, &pancake2, path); t.EndTimer();
					printf("HARD-%d-G%d DVCBSe1 found path length %1.0f; %llu expanded; %llu necessary; %1.2fs elapsed\n", count, gap, pancake.GetPathLength(path),
						   (unsigned long long)dvcbs.GetNodesExpanded(), (unsigned long long)dvcbs.GetNecessaryExpansions(), t.GetElapsedTime());
				});
		}
	}
	return 0;
}
CPP
    # Compile (or reuse) the companion driver for SIZE pancakes.
    if [ ! -x "$driver" ] || ! cmp -s "$work/driver.cpp" "$driver.cpp"; then
        incs=""
        for d in generic algorithms environments envutil utils graph gui search simulation mapalgorithms graphalgorithms; do
            incs="$incs -I$hog2/$d"
        done
        # shellcheck disable=SC2086 # word splitting of $incs is intended
        nice -n 10 g++ -std=c++14 -O3 -w -DNO_OPENGL -DPANCAKES="$size" \
            -I"$hog2/gui/STUB/GL" -I"$hog2/gui/STUB/SFML" -I"$hog2/gui/STUB" $incs \
            -o "$driver" "$work/driver.cpp" -L"$bin" -lenvutil -lenvironments \
            -lmapalgorithms -lalgorithms -lgraphalgorithms -lgraph -lgui -lutils -lSTUB -lpthread
        cp "$work/driver.cpp" "$driver.cpp"
    fi
    "$driver" "$src" "$gaps" "$algs" > "$work/out"
    default_gap=0
fi

# "Problem i of n" is followed by the stack (HOG2 numbers pancakes 0..N-1);
# result lines look like
#   HARD-<i>-G<k> <alg> found path length <C>; <E> expanded; <N> necessary; ...
# (<i> counts from 0; the stock driver's MM/BS*/IDA* lines have no -G<k>).
awk -v inst="$instances" -v dgap="$default_gap" -v mmbelow="${MM_NECESSARY:-hog2}" '
    /^Problem [0-9]+ of [0-9]+/ { want = 1; next }
    want {
        want = 0; sub(/;.*/, ""); line = ""
        for (i = 1; i <= NF; i++) line = line (i > 1 ? " " : "") ($i + 1)
        print line > inst; next
    }
    / failed$/ {
        n = split($1, t, "-"); id = t[2] + 1; k = dgap
        if (n >= 3 && t[3] ~ /^G[0-9]+$/) k = substr(t[3], 2) + 0
        printf "%d %s %s failed failed failed\n", id, $2, (k == 0 ? "GAP" : "GAP-" k)
        next
    }
    / found path length / {
        n = split($1, t, "-"); id = t[2] + 1; k = dgap
        if (n >= 3 && t[3] ~ /^G[0-9]+$/) k = substr(t[3], 2) + 0
        cost = $6; sub(/;/, "", cost)
        necessary = $9
        if (mmbelow == "priority" && $2 == "MM" && / below-priority/) {
            necessary = $0; sub(/ below-priority.*/, "", necessary); sub(/.* /, "", necessary)
        }
        printf "%d %s %s %s %s %s\n", id, $2, (k == 0 ? "GAP" : "GAP-" k), cost, necessary, $7
    }' "$work/out"
echo "instances written to $instances" >&2
