//! The heuristics of sliding-puzzle boards, every size's: each a row the
//! board domains list ([`BoardHeuristic`]); the 3x3, 4x4 and 5x5 domains
//! offer each the part that fits them.

use crate::registry::{Heuristic, HeuristicRow};
use BoardHeuristic::{Pdb78, Pdb78x2, Pdb78x5, Pdb555, Pdb663};

/// What the board heuristics measure, as the board domains name their
/// kind.
pub const KIND: &str = "sliding-puzzle boards";

/// A board heuristic's row: `[name, label, help]`, refused by the
/// domains of other kinds because it measures sliding-puzzle boards.
const fn board(row: [&'static str; 3]) -> HeuristicRow {
    HeuristicRow::new(row, KIND, "it measures sliding-puzzle boards")
}

/// Misplaced tiles.
static MISPLACED: HeuristicRow =
    board(["misplaced", "misplaced", "The number of tiles out of place"]);

/// Manhattan distance.
static MANHATTAN: HeuristicRow = board([
    "manhattan",
    "manhattan",
    "The sum of the tiles' Manhattan distances to their goal cells",
]);

/// Linear conflict.
static LINEAR_CONFLICT: HeuristicRow = board([
    "linear-conflict",
    "linear conflict",
    "Manhattan distance plus two moves per tile that must leave its goal row or column to \
     let others pass",
]);

/// Why a 4x4 database is refused on other boards.
const FOR_4X4: &str = "its pattern database is for 4x4 boards";

/// Why a maximum of 4x4 databases is refused on other boards.
const ALL_FOR_4X4: &str = "its pattern databases are for 4x4 boards";

/// Pattern database 5-5-5.
static PDB_5_5_5: HeuristicRow = board([
    "pdb-5-5-5",
    "pdb 5-5-5",
    "Additive pattern database, three groups of five tiles (4x4 only; built in about a \
     second on first use)",
])
.pattern_database(FOR_4X4);

/// Pattern database 6-6-3.
static PDB_6_6_3: HeuristicRow = board([
    "pdb-6-6-3",
    "pdb 6-6-3",
    "Additive pattern database, groups of six, six and three tiles (4x4 only; built in \
     seconds on first use)",
])
.pattern_database(FOR_4X4);

/// Pattern database 7-8.
static PDB_7_8: HeuristicRow = board([
    "pdb-7-8",
    "pdb 7-8",
    "Additive pattern database, groups of seven and eight tiles (4x4 only; built in \
     minutes and 2.2 GB of memory on first use, 580 MB on disk)",
])
.pattern_database(FOR_4X4);

/// The largest of two 7-8 pattern databases.
static PDB_7_8X2: HeuristicRow = board([
    "pdb-7-8x2",
    "pdb 7-8 x2",
    "The largest of two 7-8 pattern databases (4x4 only): pdb-7-8's and a block of eight \
     against the left column, the bottom row and tile 10, each with its reflection (Holte, \
     Felner et al. 2006). The second is looked up only for the children the first does not \
     cut off; dual lookups (--dual) are the first's only. 1.2 GB of tables",
])
.pattern_database(ALL_FOR_4X4);

/// The largest of five 7-8 pattern databases.
static PDB_7_8X5: HeuristicRow = board([
    "pdb-7-8x5",
    "pdb 7-8 x5",
    "The largest of five 7-8 pattern databases (4x4 only): pdb-7-8x2's and three further \
     partitions, ten sums with reflection, looked up in turn until one cuts the child off. \
     2.9 GB of tables",
])
.pattern_database(ALL_FOR_4X4);

/// Pattern database 6-6-6-6.
static PDB_6_6_6_6: HeuristicRow = board([
    "pdb-6-6-6-6",
    "pdb 6-6-6-6",
    "Additive pattern database of the 24-puzzle, four groups of six tiles (Korf & Felner \
     2002; 5x5 only): two tables of 127.5 MB (three groups share one by symmetry), built in \
     minutes and about 1.2 GB of memory on first use",
])
.pattern_database("its pattern database is for 5x5 boards");

/// A heuristic of sliding-puzzle boards, as the board domains build it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardHeuristic {
    /// No information.
    Zero,
    /// Misplaced tiles.
    Misplaced,
    /// Manhattan distance.
    Manhattan,
    /// Linear conflict.
    LinearConflict,
    /// Pattern database 5-5-5 (4x4).
    Pdb555,
    /// Pattern database 6-6-3 (4x4).
    Pdb663,
    /// Pattern database 7-8 (4x4).
    Pdb78,
    /// The largest of two 7-8 pattern databases (4x4).
    Pdb78x2,
    /// The largest of five 7-8 pattern databases (4x4).
    Pdb78x5,
    /// Pattern database 6-6-6-6 (5x5).
    Pdb6666,
}

impl BoardHeuristic {
    /// Every board heuristic, weakest first.
    pub const ALL: [BoardHeuristic; 10] = [
        BoardHeuristic::Zero,
        BoardHeuristic::Misplaced,
        BoardHeuristic::Manhattan,
        BoardHeuristic::LinearConflict,
        BoardHeuristic::Pdb555,
        BoardHeuristic::Pdb663,
        BoardHeuristic::Pdb78,
        BoardHeuristic::Pdb78x2,
        BoardHeuristic::Pdb78x5,
        BoardHeuristic::Pdb6666,
    ];

    /// The heuristic as the programs name it.
    #[must_use]
    pub const fn heuristic(self) -> Heuristic {
        Heuristic::new(match self {
            BoardHeuristic::Zero => return Heuristic::ZERO,
            BoardHeuristic::Misplaced => &MISPLACED,
            BoardHeuristic::Manhattan => &MANHATTAN,
            BoardHeuristic::LinearConflict => &LINEAR_CONFLICT,
            BoardHeuristic::Pdb555 => &PDB_5_5_5,
            BoardHeuristic::Pdb663 => &PDB_6_6_3,
            BoardHeuristic::Pdb78 => &PDB_7_8,
            BoardHeuristic::Pdb78x2 => &PDB_7_8X2,
            BoardHeuristic::Pdb78x5 => &PDB_7_8X5,
            BoardHeuristic::Pdb6666 => &PDB_6_6_6_6,
        })
    }

    /// The board heuristic `heuristic` names, if it is one.
    #[must_use]
    pub fn of(heuristic: Heuristic) -> Option<Self> {
        Self::ALL.into_iter().find(|b| b.heuristic() == heuristic)
    }
}

/// Every size's heuristics (the first four of [`BoardHeuristic::ALL`]),
/// then `more`: what a board size offers, `N` heuristics in all.
const fn offered<const N: usize>(more: &[BoardHeuristic]) -> [Heuristic; N] {
    assert!(N == 4 + more.len(), "N counts every size's four and `more`");
    let mut list = [Heuristic::ZERO; N];
    let mut i = 0;
    while i < N {
        list[i] = if i < 4 {
            BoardHeuristic::ALL[i]
        } else {
            more[i - 4]
        }
        .heuristic();
        i += 1;
    }
    list
}

/// What every board size offers.
pub const EVERY_SIZE: &[Heuristic] = &offered::<4>(&[]);

/// What 4x4 boards offer: every size's, then their pattern databases.
pub const FIFTEEN: &[Heuristic] = &offered::<9>(&[Pdb555, Pdb663, Pdb78, Pdb78x2, Pdb78x5]);

/// What 5x5 boards offer: every size's, then their pattern database.
pub const TWENTYFOUR: &[Heuristic] = &offered::<5>(&[BoardHeuristic::Pdb6666]);
