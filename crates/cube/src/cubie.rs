//! The cube as cubies: which corner and edge sits in each place, and how it
//! is turned there.
//!
//! Places and pieces share one numbering (Kociemba's): corners `URF UFL ULB
//! UBR DFR DLF DBL DRB`, edges `UR UF UL UB DR DF DL DB FR FL BL BR`. A
//! corner's orientation counts its clockwise twists (0 to 2) of the facelet
//! that belongs on U or D away from the U or D face; an edge's orientation
//! is 1 when it is flipped. A cube is written as the permutation it applies
//! to the solved cube ("replaced by"): `corners[i]` is the piece in place
//! `i`.

use std::fmt;

/// The six faces, in the order of Kociemba's facelet strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up.
    U,
    /// Right.
    R,
    /// Front.
    F,
    /// Down.
    D,
    /// Left.
    L,
    /// Back.
    B,
}

impl Face {
    /// All six, in facelet order `U R F D L B`.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's letter.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Face::U => 'U',
            Face::R => 'R',
            Face::F => 'F',
            Face::D => 'D',
            Face::L => 'L',
            Face::B => 'B',
        }
    }

    /// The face across the cube: `U`↔`D`, `R`↔`L`, `F`↔`B`.
    #[must_use]
    pub const fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }

    /// The face's index in [`Face::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How far a face turns: a quarter clockwise (as seen facing it), a half, or
/// a quarter counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Turn {
    /// A quarter turn clockwise: `R`.
    Clockwise,
    /// A half turn: `R2`.
    Half,
    /// A quarter turn counter-clockwise: `R'`.
    CounterClockwise,
}

impl Turn {
    /// All three, by number of clockwise quarters (1, 2, 3).
    pub const ALL: [Turn; 3] = [Turn::Clockwise, Turn::Half, Turn::CounterClockwise];

    /// The number of clockwise quarter turns, 1 to 3.
    #[must_use]
    pub const fn quarters(self) -> usize {
        self as usize + 1
    }

    /// The turn that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Turn {
        Turn::ALL[2 - self as usize]
    }
}

/// One face turn of the half-turn metric: 6 faces times 3 turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The face turned.
    pub face: Face,
    /// How far.
    pub turn: Turn,
}

impl Move {
    /// The 18 moves, face by face in [`Face::ALL`] order, each face's
    /// clockwise, half and counter-clockwise turn: `U U2 U' R R2 R' …`.
    pub const ALL: [Move; 18] = {
        let mut all = [Move {
            face: Face::U,
            turn: Turn::Clockwise,
        }; 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move {
                face: Face::ALL[i / 3],
                turn: Turn::ALL[i % 3],
            };
            i += 1;
        }
        all
    };

    /// A move from its face and turn.
    #[must_use]
    pub const fn new(face: Face, turn: Turn) -> Move {
        Move { face, turn }
    }

    /// The move's index in [`Move::ALL`], `3 * face + turn`.
    #[must_use]
    pub const fn index(self) -> usize {
        3 * self.face as usize + self.turn as usize
    }

    /// The move that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Move {
        Move {
            face: self.face,
            turn: self.turn.inverse(),
        }
    }
}

impl fmt::Display for Move {
    /// Singmaster notation: `R`, `R2`, `R'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = match self.turn {
            Turn::Clockwise => "",
            Turn::Half => "2",
            Turn::CounterClockwise => "'",
        };
        write!(f, "{}{suffix}", self.face)
    }
}

/// Corner places and pieces, in Kociemba's order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];

/// Edge places and pieces, in Kociemba's order.
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// A cube state at the cubie level. Any value of the fields can be held;
/// only those reachable by turns are legal cubes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cube {
    /// `corners[i]`: the corner piece in corner place `i`.
    pub corners: [u8; 8],
    /// Clockwise twists (0 to 2) of the corner in place `i`.
    pub corner_twists: [u8; 8],
    /// `edges[i]`: the edge piece in edge place `i`.
    pub edges: [u8; 12],
    /// 1 if the edge in place `i` is flipped.
    pub edge_flips: [u8; 12],
}

impl Default for Cube {
    fn default() -> Self {
        Cube::SOLVED
    }
}

/// The six quarter turns `U R F D L B` as cubes (Kociemba's tables).
const FACE_TURNS: [Cube; 6] = [
    // U
    Cube {
        corners: [3, 0, 1, 2, 4, 5, 6, 7],
        corner_twists: [0; 8],
        edges: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        edge_flips: [0; 12],
    },
    // R
    Cube {
        corners: [4, 1, 2, 0, 7, 5, 6, 3],
        corner_twists: [2, 0, 0, 1, 1, 0, 0, 2],
        edges: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        edge_flips: [0; 12],
    },
    // F
    Cube {
        corners: [1, 5, 2, 3, 0, 4, 6, 7],
        corner_twists: [1, 2, 0, 0, 2, 1, 0, 0],
        edges: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        edge_flips: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    // D
    Cube {
        corners: [0, 1, 2, 3, 5, 6, 7, 4],
        corner_twists: [0; 8],
        edges: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        edge_flips: [0; 12],
    },
    // L
    Cube {
        corners: [0, 2, 6, 3, 4, 1, 5, 7],
        corner_twists: [0, 1, 2, 0, 0, 2, 1, 0],
        edges: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        edge_flips: [0; 12],
    },
    // B
    Cube {
        corners: [0, 1, 3, 7, 4, 5, 2, 6],
        corner_twists: [0, 0, 1, 2, 0, 0, 2, 1],
        edges: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        edge_flips: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

/// The 18 moves as cubes, in [`Move::ALL`] order.
const MOVE_CUBES: [Cube; 18] = {
    let mut all = [Cube::SOLVED; 18];
    let mut i = 0;
    while i < 18 {
        let quarter = FACE_TURNS[i / 3];
        all[i] = if i % 3 == 0 {
            quarter
        } else {
            all[i - 1].then(&quarter)
        };
        i += 1;
    }
    all
};

impl Cube {
    /// The solved cube.
    pub const SOLVED: Cube = Cube {
        corners: [0, 1, 2, 3, 4, 5, 6, 7],
        corner_twists: [0; 8],
        edges: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        edge_flips: [0; 12],
    };

    /// The cube `self` followed by `other`: the product of the two
    /// permutations, twists and flips added along.
    ///
    /// # Panics
    ///
    /// If `other` names a piece out of range (a corner of 8 or more, an
    /// edge of 12 or more): arrays that are no cube, which
    /// [`Cube::check`] refuses and no parser returns.
    #[must_use]
    pub const fn then(&self, other: &Cube) -> Cube {
        let mut out = Cube::SOLVED;
        let mut i = 0;
        while i < 8 {
            let from = other.corners[i] as usize;
            out.corners[i] = self.corners[from];
            out.corner_twists[i] = (self.corner_twists[from] + other.corner_twists[i]) % 3;
            i += 1;
        }
        let mut i = 0;
        while i < 12 {
            let from = other.edges[i] as usize;
            out.edges[i] = self.edges[from];
            out.edge_flips[i] = (self.edge_flips[from] + other.edge_flips[i]) % 2;
            i += 1;
        }
        out
    }

    /// The cube after turning `mv`.
    #[must_use]
    pub const fn turned(&self, mv: Move) -> Cube {
        self.then(&MOVE_CUBES[mv.index()])
    }

    /// The cube after every move of `moves`, in order.
    #[must_use]
    pub fn apply_all(&self, moves: &[Move]) -> Cube {
        moves.iter().fold(*self, |cube, &mv| cube.turned(mv))
    }

    /// The cube that undoes this one: `c.then(&c.inverse())` is solved.
    ///
    /// # Panics
    ///
    /// If a piece is out of range or a twist above 3: arrays that are no
    /// cube, which [`Cube::check`] refuses and no parser returns.
    #[must_use]
    pub fn inverse(&self) -> Cube {
        let mut out = Cube::SOLVED;
        for (place, &piece) in (0u8..).zip(&self.corners) {
            let (piece, place_index) = (usize::from(piece), usize::from(place));
            out.corners[piece] = place;
            out.corner_twists[piece] = (3 - self.corner_twists[place_index]) % 3;
        }
        for (place, &piece) in (0u8..).zip(&self.edges) {
            let piece = usize::from(piece);
            out.edges[piece] = place;
            out.edge_flips[piece] = self.edge_flips[usize::from(place)];
        }
        out
    }

    /// Whether this is the solved cube.
    #[must_use]
    pub fn is_solved(&self) -> bool {
        *self == Cube::SOLVED
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns(cube: Cube, moves: &[Move], times: usize) -> Cube {
        (0..times).fold(cube, |c, _| c.apply_all(moves))
    }

    #[test]
    fn every_quarter_turn_has_order_four_and_moves_pieces() {
        for face in Face::ALL {
            let mv = Move::new(face, Turn::Clockwise);
            let mut cube = Cube::SOLVED;
            for quarter in 1..=4 {
                cube = cube.turned(mv);
                assert_eq!(
                    cube.is_solved(),
                    quarter == 4,
                    "{mv} turned {quarter} times"
                );
            }
        }
    }

    #[test]
    fn a_turn_and_its_inverse_cancel() {
        for mv in Move::ALL {
            assert!(
                Cube::SOLVED.turned(mv).turned(mv.inverse()).is_solved(),
                "{mv}"
            );
            assert_eq!(
                Cube::SOLVED.turned(mv).inverse(),
                Cube::SOLVED.turned(mv.inverse())
            );
        }
    }

    #[test]
    fn known_orders_of_sequences() {
        use Face::{R, U};
        let sexy = [
            Move::new(R, Turn::Clockwise),
            Move::new(U, Turn::Clockwise),
            Move::new(R, Turn::CounterClockwise),
            Move::new(U, Turn::CounterClockwise),
        ];
        assert!(!turns(Cube::SOLVED, &sexy, 5).is_solved());
        assert!(turns(Cube::SOLVED, &sexy, 6).is_solved());
        // R U has order 105.
        let ru = [Move::new(R, Turn::Clockwise), Move::new(U, Turn::Clockwise)];
        assert!(!turns(Cube::SOLVED, &ru, 35).is_solved());
        assert!(!turns(Cube::SOLVED, &ru, 21).is_solved());
        assert!(!turns(Cube::SOLVED, &ru, 15).is_solved());
        assert!(turns(Cube::SOLVED, &ru, 105).is_solved());
    }

    #[test]
    fn opposite_faces_commute() {
        for face in Face::ALL {
            let a = Move::new(face, Turn::Clockwise);
            let b = Move::new(face.opposite(), Turn::Half);
            assert_eq!(
                Cube::SOLVED.turned(a).turned(b),
                Cube::SOLVED.turned(b).turned(a)
            );
        }
    }

    #[test]
    fn twists_and_flips_stay_balanced() {
        let mut cube = Cube::SOLVED;
        for step in 0..1000usize {
            cube = cube.turned(Move::ALL[(step * 7 + step / 3) % 18]);
            let twist: u32 = cube.corner_twists.iter().map(|&t| u32::from(t)).sum();
            let flip: u32 = cube.edge_flips.iter().map(|&f| u32::from(f)).sum();
            assert_eq!(twist % 3, 0);
            assert_eq!(flip % 2, 0);
        }
    }
}
