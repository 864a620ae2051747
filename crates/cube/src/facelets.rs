//! The cube as 54 facelets, the string Kociemba-style solvers read and
//! write: [`Cube::from_facelets`] and [`Cube::to_facelets`], and
//! [`Facelet`], the name of one sticker.

use std::fmt;

use crate::error::FaceletError;
use crate::{Cube, Face};

/// One of the 54 facelets (stickers): a face and a number from 1 to 9,
/// printed as `F5`. Its index in the facelet string is
/// `9 * face + number - 1`.
///
/// # The facelet string
///
/// Faces in the order `U R F D L B`, each face's nine facelets row by row
/// as the face is seen from outside the cube, with `U` seen with `F` below
/// it, `D` with `F` above it, and the four side faces with `U` above them:
///
/// ```text
///              U1 U2 U3
///              U4 U5 U6
///              U7 U8 U9
///    L1 L2 L3  F1 F2 F3  R1 R2 R3  B1 B2 B3
///    L4 L5 L6  F4 F5 F6  R4 R5 R6  B4 B5 B6
///    L7 L8 L9  F7 F8 F9  R7 R8 R9  B7 B8 B9
///              D1 D2 D3
///              D4 D5 D6
///              D7 D8 D9
/// ```
///
/// Each facelet is written as the letter of the face whose centre has its
/// colour, so the solved cube is
/// `UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB` and the cube
/// after `R` is
/// `UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB`: the right
/// column of `F` went up to `U`, that of `U` to the left column of `B` (seen
/// from behind, `B`'s left is the cube's right), that of `B` down to `D`,
/// and that of `D` to `F`.
///
/// The facelets of each piece are those of Kociemba's `cornerFacelet` and
/// `edgeFacelet` tables: `URF` is `U9 R1 F3`, its `U` facelet first and the
/// others clockwise, and a corner's twist counts the clockwise turns that
/// bring its U or D coloured facelet from the place's first facelet to
/// where it is.
///
/// # Example
///
/// ```
/// use cube::{Face, Facelet};
///
/// let facelet = Facelet::new(Face::F, 5).expect("F has facelets 1 to 9");
/// assert_eq!(facelet.to_string(), "F5");
/// assert_eq!(facelet.index(), 22);
/// assert_eq!(Facelet::from_index(22), Some(facelet));
/// assert_eq!(Facelet::new(Face::F, 10), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Facelet(u8);

impl Facelet {
    /// The number of facelets.
    pub const COUNT: usize = 54;

    /// The facelet `number` (1 to 9) of `face`, or `None` if the number is
    /// out of range.
    #[must_use]
    pub const fn new(face: Face, number: u8) -> Option<Facelet> {
        if number >= 1 && number <= 9 {
            // cannot fail to fit: 9 * 5 + 8 = 53
            Some(Facelet(9 * face as u8 + number - 1))
        } else {
            None
        }
    }

    /// The facelet at `index` of the facelet string, or `None` past 53.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Facelet> {
        u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < Self::COUNT)
            .map(Facelet)
    }

    /// Its index in the facelet string, 0 to 53.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its face.
    #[must_use]
    pub const fn face(self) -> Face {
        Face::ALL[self.0 as usize / 9 % 6]
    }

    /// Its number on its face, 1 to 9 (5 is the centre).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }
}

impl fmt::Display for Facelet {
    /// The face letter and the number: `F5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.face(), self.number())
    }
}

/// The index of facelet `number` of `face`, for the tables below.
const fn at(face: Face, number: u8) -> u8 {
    9 * face as u8 + number - 1
}

/// The facelets of each corner place, in Kociemba's order: the U or D
/// facelet first, then the others clockwise.
const CORNER_FACELETS: [[u8; 3]; 8] = {
    use Face::{B, D, F, L, R, U};
    [
        [at(U, 9), at(R, 1), at(F, 3)], // URF
        [at(U, 7), at(F, 1), at(L, 3)], // UFL
        [at(U, 1), at(L, 1), at(B, 3)], // ULB
        [at(U, 3), at(B, 1), at(R, 3)], // UBR
        [at(D, 3), at(F, 9), at(R, 7)], // DFR
        [at(D, 1), at(L, 9), at(F, 7)], // DLF
        [at(D, 7), at(B, 9), at(L, 7)], // DBL
        [at(D, 9), at(R, 9), at(B, 7)], // DRB
    ]
};

/// The facelets of each edge place, in the order of its name (`UR`: the U
/// facelet, then the R one).
const EDGE_FACELETS: [[u8; 2]; 12] = {
    use Face::{B, D, F, L, R, U};
    [
        [at(U, 6), at(R, 2)], // UR
        [at(U, 8), at(F, 2)], // UF
        [at(U, 4), at(L, 2)], // UL
        [at(U, 2), at(B, 2)], // UB
        [at(D, 6), at(R, 8)], // DR
        [at(D, 2), at(F, 8)], // DF
        [at(D, 4), at(L, 8)], // DL
        [at(D, 8), at(B, 8)], // DB
        [at(F, 6), at(R, 4)], // FR
        [at(F, 4), at(L, 6)], // FL
        [at(B, 6), at(L, 4)], // BL
        [at(B, 4), at(R, 6)], // BR
    ]
};

/// The colour a facelet has on the solved cube: its face's.
fn home_colour(facelet: u8) -> Face {
    Face::ALL[usize::from(facelet / 9) % 6]
}

/// The colours of corner piece `piece`, in the order of its home
/// facelets.
fn corner_colours(piece: usize) -> [Face; 3] {
    CORNER_FACELETS[piece % 8].map(home_colour)
}

/// The colours of edge piece `piece`, in the order of its home facelets.
fn edge_colours(piece: usize) -> [Face; 2] {
    EDGE_FACELETS[piece % 12].map(home_colour)
}

impl Cube {
    /// The cube's 54-facelet string (see [`Facelet`] for its layout).
    ///
    /// Meant for legal cubes ([`check`](Cube::check)); of other arrays it
    /// never panics, reading piece numbers modulo 8 or 12 and twists and
    /// flips modulo 3 or 2.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::{Cube, Face, Move, Turn};
    ///
    /// let r = Cube::SOLVED.turned(Move::new(Face::R, Turn::Clockwise));
    /// assert_eq!(r.to_facelets(), "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB");
    /// assert_eq!(Cube::from_facelets(&r.to_facelets()), Ok(r));
    /// ```
    #[must_use]
    pub fn to_facelets(&self) -> String {
        let mut colours = [Face::U; Facelet::COUNT];
        for (face, centre) in Face::ALL.into_iter().zip((4..).step_by(9)) {
            colours[centre] = face;
        }
        for (place, facelets) in CORNER_FACELETS.iter().enumerate() {
            let piece = corner_colours(usize::from(self.corners[place]));
            let twist = usize::from(self.corner_twists[place]) % 3;
            for (n, colour) in piece.into_iter().enumerate() {
                colours[usize::from(facelets[(n + twist) % 3])] = colour;
            }
        }
        for (place, facelets) in EDGE_FACELETS.iter().enumerate() {
            let piece = edge_colours(usize::from(self.edges[place]));
            let flip = usize::from(self.edge_flips[place]) % 2;
            for (n, colour) in piece.into_iter().enumerate() {
                colours[usize::from(facelets[(n + flip) % 2])] = colour;
            }
        }
        colours.iter().map(|face| face.letter()).collect()
    }

    /// The cube of a 54-facelet string (see [`Facelet`] for its layout),
    /// checked to be one that turns can reach. Leading and trailing
    /// whitespace is ignored; inside the string, every character is a
    /// facelet.
    ///
    /// # Errors
    ///
    /// The first [`FaceletError`] found, in the order of its variants: the
    /// length, an unknown colour letter (with its facelet and place), a
    /// centre out of place, a colour on more or fewer than 9 facelets, a
    /// corner or an edge whose colours are no piece's (with its place),
    /// and then, through [`Cube::check`], a piece twice, a twisted corner,
    /// a flipped edge or two pieces swapped.
    ///
    /// # Example
    ///
    /// ```
    /// use cube::{Cube, FaceletError, Unsolvable};
    ///
    /// let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    /// assert_eq!(Cube::from_facelets(solved), Ok(Cube::SOLVED));
    ///
    /// // U9 and R1 swapped: the URF corner twisted in place.
    /// let twisted = "UUUUUUUURURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    /// assert_eq!(
    ///     Cube::from_facelets(twisted),
    ///     Err(FaceletError::NotACorner { place: 0, colours: [cube::Face::R, cube::Face::U, cube::Face::F] })
    /// );
    /// // All three turned, clockwise: a corner, but a cube no turns reach.
    /// let twisted = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    /// assert_eq!(
    ///     Cube::from_facelets(twisted),
    ///     Err(FaceletError::Unsolvable(Unsolvable::TwistedCorner { twist: 1 }))
    /// );
    /// ```
    ///
    /// # Complexity
    ///
    /// O(n) in the length of the text (counted to report a wrong length),
    /// O(1) beyond.
    pub fn from_facelets(text: &str) -> Result<Cube, FaceletError> {
        let text = text.trim();
        let found = text.chars().count();
        if found != Facelet::COUNT {
            return Err(FaceletError::WrongLength { found });
        }
        let mut colours = [Face::U; Facelet::COUNT];
        for ((index, c), colour) in text.chars().enumerate().zip(&mut colours) {
            *colour = Face::ALL
                .into_iter()
                .find(|face| face.letter() == c)
                .ok_or(FaceletError::UnknownColour {
                    found: c,
                    // cannot fail: index < 54, as counted above
                    facelet: Facelet::from_index(index).unwrap_or(Facelet(0)),
                    position: index + 1,
                })?;
        }
        for face in Face::ALL {
            let found = colours[9 * face.index() + 4];
            if found != face {
                return Err(FaceletError::CentreNotInPlace { face, found });
            }
        }
        for colour in Face::ALL {
            let found = colours.iter().filter(|&&c| c == colour).count();
            if found != 9 {
                return Err(FaceletError::WrongCount { colour, found });
            }
        }
        let mut cube = Cube::SOLVED;
        for (place, facelets) in (0u8..).zip(&CORNER_FACELETS) {
            let seen = facelets.map(|f| colours[usize::from(f)]);
            let (piece, twist) = corner_of(seen).ok_or(FaceletError::NotACorner {
                place,
                colours: seen,
            })?;
            cube.corners[usize::from(place)] = piece;
            cube.corner_twists[usize::from(place)] = twist;
        }
        for (place, facelets) in (0u8..).zip(&EDGE_FACELETS) {
            let seen = facelets.map(|f| colours[usize::from(f)]);
            let (piece, flip) = edge_of(seen).ok_or(FaceletError::NotAnEdge {
                place,
                colours: seen,
            })?;
            cube.edges[usize::from(place)] = piece;
            cube.edge_flips[usize::from(place)] = flip;
        }
        cube.check()?;
        Ok(cube)
    }
}

/// The corner piece and twist showing `seen` on a place's facelets, if
/// any piece does: the U or D colour's position is the twist, and the
/// other two, read clockwise from it, must be a piece's in its order.
fn corner_of(seen: [Face; 3]) -> Option<(u8, u8)> {
    let twist = seen.iter().position(|&c| matches!(c, Face::U | Face::D))?;
    let turned = [seen[twist], seen[(twist + 1) % 3], seen[(twist + 2) % 3]];
    let piece = (0..8).find(|&piece| corner_colours(piece) == turned)?;
    // cannot fail: piece < 8 and twist < 3
    Some((u8::try_from(piece).ok()?, u8::try_from(twist).ok()?))
}

/// The edge piece and flip showing `seen` on a place's facelets, if any
/// piece does.
fn edge_of(seen: [Face; 2]) -> Option<(u8, u8)> {
    (0u8..12).find_map(|piece| {
        let colours = edge_colours(usize::from(piece));
        if colours == seen {
            Some((piece, 0))
        } else if colours == [seen[1], seen[0]] {
            Some((piece, 1))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Unsolvable;
    use crate::{Move, Sequence};
    use proptest::prelude::*;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    fn after(moves: &str) -> String {
        moves.parse::<Sequence>().unwrap().cube().to_facelets()
    }

    #[test]
    fn the_tables_name_every_facelet_once() {
        let mut seen = [0u8; Facelet::COUNT];
        for facelet in CORNER_FACELETS
            .iter()
            .flatten()
            .chain(EDGE_FACELETS.iter().flatten())
        {
            seen[usize::from(*facelet)] += 1;
        }
        for (index, count) in seen.iter().enumerate() {
            let expected = u8::from(index % 9 != 4);
            assert_eq!(*count, expected, "{}", Facelet::from_index(index).unwrap());
        }
    }

    /// The facelet string of six faces' nine letters, `U R F D L B`.
    fn faces(faces: [&str; 6]) -> String {
        faces
            .iter()
            .inspect(|face| assert_eq!(face.len(), 9))
            .copied()
            .collect()
    }

    #[test]
    fn known_strings_after_one_turn() {
        assert_eq!(Cube::SOLVED.to_facelets(), SOLVED);
        // R: F's right column goes up to U's, U's to B's left column (B
        // seen from behind), B's down to D's right column, D's to F's.
        assert_eq!(
            after("R"),
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
        );
        assert_eq!(
            after("R"),
            faces([
                "UUFUUFUUF",
                "RRRRRRRRR",
                "FFDFFDFFD",
                "DDBDDBDDB",
                "LLLLLLLLL",
                "UBBUBBUBB"
            ])
        );
        // U: the top rows move from F to L, R to F, B to R, L to B.
        assert_eq!(
            after("U"),
            faces([
                "UUUUUUUUU",
                "BBBRRRRRR",
                "RRRFFFFFF",
                "DDDDDDDDD",
                "FFFLLLLLL",
                "LLLBBBBBB"
            ])
        );
        // F: U's bottom row goes to R's left column, that to D's top row,
        // that to L's right column, that to U's bottom row.
        assert_eq!(
            after("F"),
            faces([
                "UUUUUULLL",
                "URRURRURR",
                "FFFFFFFFF",
                "RRRDDDDDD",
                "LLDLLDLLD",
                "BBBBBBBBB"
            ])
        );
        // D: the bottom rows move from F to R, R to B, B to L, L to F.
        assert_eq!(
            after("D"),
            faces([
                "UUUUUUUUU",
                "RRRRRRFFF",
                "FFFFFFLLL",
                "DDDDDDDDD",
                "LLLLLLBBB",
                "BBBBBBRRR"
            ])
        );
        // L: U's left column goes down to F's, F's to D's, D's to B's
        // right column, B's to U's.
        assert_eq!(
            after("L"),
            faces([
                "BUUBUUBUU",
                "RRRRRRRRR",
                "UFFUFFUFF",
                "FDDFDDFDD",
                "LLLLLLLLL",
                "BBDBBDBBD"
            ])
        );
        // B: R's right column goes to U's top row, that to L's left
        // column, that to D's bottom row, that to R's right column.
        assert_eq!(
            after("B"),
            faces([
                "RRRUUUUUU",
                "RRDRRDRRD",
                "FFFFFFFFF",
                "DDDDDDLLL",
                "ULLULLULL",
                "BBBBBBBBB"
            ])
        );
    }

    #[test]
    fn every_turn_reads_back() {
        for mv in Move::ALL {
            let cube = Cube::SOLVED.turned(mv);
            assert_eq!(Cube::from_facelets(&cube.to_facelets()), Ok(cube), "{mv}");
        }
        // A known pattern: the superflip, every edge flipped in place.
        let superflip = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
        let cube = Cube::from_facelets(superflip).unwrap();
        assert_eq!(cube.corners, Cube::SOLVED.corners);
        assert_eq!(cube.edges, Cube::SOLVED.edges);
        assert_eq!(cube.edge_flips, [1; 12]);
        // Whitespace around the string is ignored.
        assert_eq!(
            Cube::from_facelets(&format!(" \t{SOLVED}\n")),
            Ok(Cube::SOLVED)
        );
    }

    #[test]
    fn each_problem_is_named() {
        let err = |text: &str| Cube::from_facelets(text).unwrap_err();
        let with = |index: usize, c: char| {
            let mut chars: Vec<char> = SOLVED.chars().collect();
            chars[index] = c;
            chars.into_iter().collect::<String>()
        };
        assert_eq!(err(""), FaceletError::WrongLength { found: 0 });
        assert_eq!(
            err(&SOLVED[1..]).to_string(),
            "expected 54 facelets, found 53"
        );
        assert_eq!(
            err(&with(22, 'X')).to_string(),
            "unknown colour 'X' at facelet F5 (character 23): expected one of U R F D L B"
        );
        assert_eq!(
            err(&with(3, 'é')),
            FaceletError::UnknownColour {
                found: 'é',
                facelet: Facelet::new(Face::U, 4).unwrap(),
                position: 4
            }
        );
        assert_eq!(
            err(&with(3, ' ')).to_string(),
            "unknown colour ' ' at facelet U4 (character 4): expected one of U R F D L B"
        );
        // The whole cube turned: every centre in the wrong place.
        let turned = "FFFFFFFFFRRRRRRRRRDDDDDDDDDBBBBBBBBBLLLLLLLLLUUUUUUUUU";
        assert_eq!(
            err(turned).to_string(),
            "the centre of face U has colour F (expected U: a colour is named by the face whose centre has it)"
        );
        assert_eq!(
            err(&with(0, 'R')),
            FaceletError::WrongCount {
                colour: Face::U,
                found: 8
            }
        );
        // U1 and L1 swapped: a corner with two U colours gone, the counts
        // unchanged.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        chars.swap(0, 36);
        let swapped: String = chars.iter().collect();
        assert_eq!(
            err(&swapped).to_string(),
            "the corner in place ULB has colours LUB, which no corner has"
        );
        // U6 and R2 swapped: UR flipped in place.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        chars.swap(5, 10);
        let flipped: String = chars.iter().collect();
        assert_eq!(
            err(&flipped),
            FaceletError::Unsolvable(Unsolvable::FlippedEdge)
        );
        // R2 and F2 swapped: UR and UF swapped, and nothing else.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        chars.swap(10, 19);
        let swapped: String = chars.iter().collect();
        assert_eq!(
            err(&swapped).to_string(),
            "two pieces are swapped: the corner permutation is even but the edge permutation odd (expected both even or both odd)"
        );
        // R2 and D2 swapped: UR shows U and D, DF shows R and F.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        chars.swap(10, 28);
        let no_edge: String = chars.iter().collect();
        assert_eq!(
            err(&no_edge).to_string(),
            "the edge in place UR has colours UD, which no edge has"
        );
    }

    #[test]
    fn a_piece_twice_is_named() {
        // UR replaced by a second UL, and UL by... the counts must hold:
        // turn the colours of UR (U,R) into (U,L) and of BL (B,L) into
        // (B,R): every colour still 9 times, UL twice, BR... BL gone.
        let mut chars: Vec<char> = SOLVED.chars().collect();
        let facelet = |face: Face, n: u8| Facelet::new(face, n).unwrap().index();
        chars[facelet(Face::R, 2)] = 'L';
        chars[facelet(Face::L, 4)] = 'R';
        let text: String = chars.iter().collect();
        assert_eq!(
            Cube::from_facelets(&text),
            Err(FaceletError::Unsolvable(Unsolvable::RepeatedEdge {
                piece: 2,
                first: 0,
                second: 2
            }))
        );
        assert_eq!(
            Cube::from_facelets(&text).unwrap_err().to_string(),
            "edge UL appears twice, in places UR and UL"
        );
    }

    fn any_move() -> impl Strategy<Value = Move> {
        (0..18usize).prop_map(|i| Move::ALL[i])
    }

    proptest! {
        #[test]
        fn scrambles_read_back(moves in prop::collection::vec(any_move(), 0..30)) {
            let cube = Cube::SOLVED.apply_all(&moves);
            let text = cube.to_facelets();
            prop_assert_eq!(Cube::from_facelets(&text), Ok(cube));
            // The facelet string of the inverse is the inverse's.
            prop_assert_eq!(Cube::from_facelets(&cube.inverse().to_facelets()), Ok(cube.inverse()));
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC*") {
            let _ = Cube::from_facelets(&text);
        }

        #[test]
        fn shuffled_facelets_never_panic(seed in any::<u64>(), swaps in 1usize..6) {
            // Shuffle a few facelets of a legal cube: the right letters and
            // counts, anything else possible.
            let mut chars: Vec<char> = SOLVED.chars().collect();
            let mut state = seed;
            for _ in 0..swaps {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let a = usize::try_from(state >> 58).unwrap() % 54;
                let b = usize::try_from((state >> 40) & 63).unwrap() % 54;
                chars.swap(a, b);
            }
            let text: String = chars.iter().collect();
            if let Ok(cube) = Cube::from_facelets(&text) {
                prop_assert_eq!(cube.to_facelets(), text);
            }
        }

        #[test]
        fn arbitrary_arrays_print_without_panic(
            corners in any::<[u8; 8]>(), twists in any::<[u8; 8]>(),
            edges in any::<[u8; 12]>(), flips in any::<[u8; 12]>(),
        ) {
            let cube = Cube { corners, corner_twists: twists, edges, edge_flips: flips };
            prop_assert_eq!(cube.to_facelets().len(), 54);
            let _ = cube.check();
        }
    }
}
