#!/usr/bin/env bash
# Copies the grid benchmark set out of a HOG2 checkout into one folder, each
# map next to its scenario file, for `cargo bench -p frontier-benches --bench grid_peers -- DEST`
# and benches/warthog.sh.
#
#   benches/grid-data.sh HOG2_DIR DEST
#
# HOG2_DIR is a working tree of https://github.com/nathansttt/hog2 (the
# Moving AI benchmark maps live in its maps/ and scenarios/ folders; a shallow
# clone is enough). The set: DAO den520d (256x257) and six 512x512 maps, one
# from each of the Baldur's Gate, random, StarCraft, rooms, mazes and city
# sets. Scenario files name their map with a path (`maps/dao/den520d.map`;
# bg512's name `maps/bgmaps/AR0011SR.map`, where HOG2 keeps the original
# 216x224 map, not the 512x512 one): readers find the map next to the
# scenario by base name instead.
set -euo pipefail

if [[ $# -ne 2 ]]; then
	echo "usage: $0 HOG2_DIR DEST" >&2
	exit 2
fi
hog2=$1
dest=$2

# set/name, as under maps/ and scenarios/
set_maps=(
	dao/den520d
	bg512/AR0011SR
	random/random512-25-0
	sc1/Aftershock
	rooms/64room_000
	mazes/maze512-8-0
	cities/Berlin_0_512
)

for entry in "${set_maps[@]}"; do
	for file in "maps/$entry.map" "scenarios/$entry.map.scen"; do
		if [[ ! -f "$hog2/$file" ]]; then
			echo "$0: $hog2/$file is missing (is $hog2 a HOG2 working tree?)" >&2
			exit 1
		fi
	done
done

mkdir -p "$dest"
total=0
for entry in "${set_maps[@]}"; do
	name=${entry#*/}
	cp "$hog2/maps/$entry.map" "$dest/$name.map"
	cp "$hog2/scenarios/$entry.map.scen" "$dest/$name.map.scen"
	# queries: every line but the version header and blank lines
	queries=$(grep -cv -e '^version' -e '^[[:space:]]*$' "$dest/$name.map.scen" || true)
	total=$((total + queries))
	printf '%-16s %-24s %6d queries\n' "${entry%%/*}" "$name" "$queries"
done
printf '%-41s %6d queries\n' "total" "$total"
