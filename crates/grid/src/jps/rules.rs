//! The pruning rules of the [module docs](super), as `const fn`s over a
//! cell's 3 × 3 neighbourhood and as tables built from them at compile
//! time: for every neighbourhood and arrival direction, the directions to
//! jump in and the state's canonical direction.
//!
//! A neighbourhood is 9 bits: bit `(b + 1) · 3 + (a + 1)` says whether the
//! cell `x + (a, b)` is open (of the route's class), so bits 0-2 are the row
//! above, west to east, 3-5 the cell's own row and 6-8 the row below.

use crate::grid::Direction;

/// The code of "no direction": the start, which jumps every legal way.
pub(super) const START: u8 = 8;

/// Whether `x + (a, b)` is open in the neighbourhood `n`.
const fn open(n: u16, a: isize, b: isize) -> bool {
    n >> ((b + 1) * 3 + a + 1) & 1 != 0
}

/// The direction of `(dx, dy)`, each in `-1..=1`, not both 0.
pub(super) const fn direction_of(dx: isize, dy: isize) -> Direction {
    use Direction::{East, North, NorthEast, NorthWest, South, SouthEast, SouthWest, West};
    const TABLE: [Direction; 9] = [
        NorthWest, North, NorthEast, West, North, East, SouthWest, South, SouthEast,
    ];
    TABLE[(dy * 3 + dx + 4).unsigned_abs()]
}

/// The bit of `direction` in a direction mask (over [`Direction::ALL`]).
pub(super) const fn bit(direction: Direction) -> u8 {
    1 << direction as u8
}

/// The bit of the direction `(dx, dy)`.
const fn bit_of(dx: isize, dy: isize) -> u8 {
    bit(direction_of(dx, dy))
}

/// The forced successors of a cell with neighbourhood `n` reached
/// travelling `from`: the rules of the [module docs](super), for corner
/// cutting movement when `cuts`, else for [`Octile`](crate::Octile).
pub(super) const fn forced(cuts: bool, from: Direction, n: u16) -> u8 {
    let (dx, dy) = from.delta();
    let mut mask = 0;
    if from.is_diagonal() {
        if cuts {
            if !open(n, -dx, 0) && open(n, -dx, dy) {
                mask |= bit_of(-dx, dy);
            }
            if !open(n, 0, -dy) && open(n, dx, -dy) {
                mask |= bit_of(dx, -dy);
            }
        }
    } else {
        // The two sides at right angles to the move.
        let sides = [(dy, dx), (-dy, -dx)];
        let mut i = 0;
        while i < 2 {
            let (sx, sy) = sides[i];
            if cuts {
                if !open(n, sx, sy) && open(n, sx + dx, sy + dy) {
                    mask |= bit_of(sx + dx, sy + dy);
                }
            } else if !open(n, sx - dx, sy - dy) && open(n, sx, sy) {
                mask |= bit_of(sx, sy) | bit_of(sx + dx, sy + dy);
            }
            i += 1;
        }
    }
    mask
}

/// The legal steps out of a cell with neighbourhood `n`: to an open
/// neighbour, and diagonally only past two open cells unless `cuts`.
pub(super) const fn legal(cuts: bool, n: u16) -> u8 {
    let mut mask = 0;
    let mut i = 0;
    while i < 8 {
        let d = Direction::ALL[i];
        let (dx, dy) = d.delta();
        if open(n, dx, dy) && (cuts || !d.is_diagonal() || (open(n, dx, 0) && open(n, 0, dy))) {
            mask |= bit(d);
        }
        i += 1;
    }
    mask
}

/// The directions to jump in from a cell with neighbourhood `n` reached
/// travelling in the direction coded `from` (or the start): natural and
/// forced successors, legal first steps only.
pub(super) const fn successors(cuts: bool, from: u8, n: u16) -> u8 {
    if from == START {
        return legal(cuts, n);
    }
    let d = Direction::ALL[from as usize];
    let natural = match d.parts() {
        Some((vertical, horizontal)) => bit(d) | bit(vertical) | bit(horizontal),
        None => bit(d),
    };
    (natural | forced(cuts, d, n)) & legal(cuts, n)
}

/// The rules of one movement model as a table: for every arrival code and
/// neighbourhood, the successor mask (low byte) and the canonical code
/// (high byte): the smallest direction among the mask's whose successors
/// there are the same, or the arrival's own code.
pub(super) struct Rules([[u16; 512]; 9]);

impl Rules {
    const fn build(cuts: bool) -> Rules {
        let mut table = [[0; 512]; 9];
        let mut n = 0;
        while n < 512 {
            #[expect(clippy::cast_possible_truncation, reason = "below 512")]
            let hood = n as u16;
            let mut from = 0;
            while from <= START {
                let mask = successors(cuts, from, hood);
                let mut canonical = from;
                let mut code = 0;
                while code < from {
                    if mask & (1 << code) != 0 && successors(cuts, code, hood) == mask {
                        canonical = code;
                        break;
                    }
                    code += 1;
                }
                table[from as usize][n] = mask as u16 | (canonical as u16) << 8;
                from += 1;
            }
            n += 1;
        }
        Rules(table)
    }

    /// The successor mask and canonical code of a cell with neighbourhood
    /// `n` reached travelling `from`.
    #[inline]
    pub(super) fn get(&self, from: u8, n: u16) -> (u8, u8) {
        let [mask, canonical] = self.0[usize::from(from)][usize::from(n)].to_le_bytes();
        (mask, canonical)
    }
}

/// The rules without corner cutting.
pub(super) static OCTILE: Rules = Rules::build(false);
/// The rules with corner cutting.
pub(super) static CORNER_CUTTING: Rules = Rules::build(true);

/// The rules of a model that cuts corners (`cuts`) or does not.
#[inline]
pub(super) fn rules(cuts: bool) -> &'static Rules {
    if cuts { &CORNER_CUTTING } else { &OCTILE }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_of_inverts_delta() {
        for d in Direction::ALL {
            let (dx, dy) = d.delta();
            assert_eq!(direction_of(dx, dy), d);
        }
    }

    #[test]
    fn an_open_field_prunes_to_the_natural_successors() {
        let all = 0b1_1111_1111;
        for cuts in [false, true] {
            assert_eq!(rules(cuts).get(START, all).0, u8::MAX);
            for d in Direction::ALL {
                let (mask, canonical) = rules(cuts).get(d as u8, all);
                let natural = d.parts().map_or(bit(d), |(v, h)| bit(d) | bit(v) | bit(h));
                assert_eq!(mask, natural);
                assert_eq!(canonical, d as u8);
            }
        }
    }

    #[test]
    fn a_blocked_corner_forces_successors() {
        // Moving east with the cell north-west of x blocked: no corner
        // cutting forces north and north-east; corner cutting nothing
        // (north is reached diagonally from behind).
        let hood = 0b1_1111_1110;
        let east = Direction::East as u8;
        let (n, ne, e) = (
            bit(Direction::North),
            bit(Direction::NorthEast),
            bit(Direction::East),
        );
        assert_eq!(rules(false).get(east, hood).0, e | n | ne);
        assert_eq!(rules(true).get(east, hood).0, e);
        // The cell north of x blocked: corner cutting forces north-east,
        // which no corner cutting cannot take.
        let hood = 0b1_1111_1101;
        assert_eq!(rules(true).get(east, hood).0, e | ne);
        assert_eq!(rules(false).get(east, hood).0, e);
        // Octile: east with north and north-east forced has the successors
        // of a north-east arrival there, so both are the state named east.
        let hood = 0b1_1111_1110;
        assert_eq!(rules(false).get(east, hood).1, east);
        assert_eq!(
            rules(false).get(Direction::NorthEast as u8, hood),
            (e | n | ne, east)
        );
    }
}
