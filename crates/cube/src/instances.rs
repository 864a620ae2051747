//! Published instances: Korf's ten random cubes (1997), with their optimal
//! lengths and the nodes IDA* needed on them.

use crate::{Cube, Sequence};

/// Korf's ten random cubes as published with their re-measured node counts
/// (`testdata/rubik-korf10.txt`): `id length nodes_korf97 nodes_888
/// scramble…` per line, `#` comments.
pub const KORF10: &str = include_str!("../testdata/rubik-korf10.txt");

/// One of Korf's ten random cubes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KorfCube {
    /// Its number in Korf's table, 1 to 10.
    pub id: u32,
    /// The optimal solution length, in the half-turn metric.
    pub length: usize,
    /// IDA*'s nodes with Korf's 1997 databases (corners and two groups of
    /// six edges), as re-measured by Sewell & Jacobson. They match the
    /// nodes *expanded* (children within the bound), not every child
    /// tested against it: on #1, frontier's search with the same tables
    /// expands 1.55 times as many (its last iteration's share depends on
    /// the order moves are tried in) and generates 13.3 times as many.
    pub nodes_korf1997: u64,
    /// IDA*'s nodes, counted the same way, with a larger set of databases
    /// (9.6 GB).
    pub nodes_larger: u64,
    /// The 100-move random scramble that makes the cube from the solved one.
    pub scramble: Sequence,
    /// The cube.
    pub cube: Cube,
    /// The line of [`KORF10`] it was read from, from 1.
    pub line: usize,
}

/// Korf's ten random cubes, in the order of his table.
///
/// # Example
///
/// ```
/// let ten = cube::korf10();
/// assert_eq!(ten.len(), 10);
/// assert_eq!(ten.iter().map(|c| c.length).sum::<usize>(), 16 + 3 * 17 + 6 * 18);
/// assert_eq!(ten.iter().map(|c| c.nodes_korf1997).sum::<u64>(), 214_140_759_128);
/// assert!(ten.iter().all(|c| c.scramble.len() == 100 && c.cube.check().is_ok()));
/// ```
///
/// # Panics
///
/// Never: the text is a constant of the crate, checked by its tests.
#[must_use]
pub fn korf10() -> Vec<KorfCube> {
    (1..)
        .zip(KORF10.lines())
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(line, text)| {
            let mut fields = text.split_whitespace();
            let mut number = || fields.next().and_then(|field| field.parse::<u64>().ok());
            let (id, length, nodes_korf1997, nodes_larger) =
                (number(), number(), number(), number());
            let scramble: Sequence = fields
                .collect::<Vec<_>>()
                .join(" ")
                .parse()
                .expect("the published scrambles are in Singmaster notation");
            let field = |value: Option<u64>| value.expect("four numbers open each line");
            KorfCube {
                id: u32::try_from(field(id)).expect("ids are 1 to 10"),
                length: usize::try_from(field(length)).expect("lengths are 16 to 18"),
                nodes_korf1997: field(nodes_korf1997),
                nodes_larger: field(nodes_larger),
                cube: scramble.cube(),
                scramble,
                line,
            }
        })
        .collect()
}
