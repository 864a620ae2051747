//! Unit tests of board packing, the move tables and the text forms.

use super::*;
use crate::Move;

#[test]
fn goal_packing() {
    assert_eq!(Eight::goal().packed(), 0x0_8765_4321);
    assert_eq!(Fifteen::goal().packed(), 0x0FED_CBA9_8765_4321);
    assert_eq!(Fifteen::goal().blank(), 15);
    assert_eq!(Board::<2, 3>::goal().to_line(), "1 2 3 4 5 x");
}

#[test]
fn slide_moves_one_tile() {
    let goal = Eight::goal();
    let (up, slide) = goal.slide(5);
    assert_eq!(
        slide,
        Slide {
            tile: 6,
            from: 5,
            to: 8
        }
    );
    assert_eq!(up.blank(), 5);
    assert_eq!(up.tiles().collect::<Vec<_>>(), [1, 2, 3, 4, 5, 0, 7, 8, 6]);
    assert_eq!(up.unslide(slide), goal);
    assert_eq!(up.unslide(slide).blank(), 8);
}

#[test]
fn neighbour_tables() {
    fn listed<const W: usize, const H: usize>(cell: usize) -> Vec<(Move, usize)> {
        Board::<W, H>::MOVES[cell]
            .as_slice()
            .iter()
            .map(|m| (m.direction(), m.cell()))
            .collect()
    }
    // Korf's order turned by 180°: down, right, left, up.
    assert_eq!(
        listed::<3, 3>(4),
        [
            (Move::Down, 7),
            (Move::Right, 5),
            (Move::Left, 3),
            (Move::Up, 1)
        ]
    );
    assert_eq!(listed::<3, 3>(0), [(Move::Down, 3), (Move::Right, 1)]);
    // A 1x3 strip only moves sideways.
    assert_eq!(listed::<3, 1>(1).len(), 2);
    assert_eq!(listed::<1, 2>(1), [(Move::Up, 0)]);
}

#[test]
fn a_listed_move_slides_as_its_cell_does() {
    let boards = [Fifteen::goal(), Fifteen::random_solvable(11)];
    for board in boards {
        for &mv in board.move_list() {
            assert_eq!(board.slide_by(mv), board.slide(small(mv.cell())));
        }
    }
    for board in [Eight::goal(), Eight::random_solvable(5)] {
        for &mv in board.move_list() {
            assert_eq!(board.slide_by(mv), board.slide(small(mv.cell())));
        }
    }
}

#[test]
fn display_aligns_two_digit_tiles() {
    let text = Fifteen::goal().to_string();
    assert_eq!(text, " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  x");
    assert_eq!(text.parse::<Fifteen>().unwrap(), Fifteen::goal());
    assert_eq!(format!("{:?}", Board::<2, 2>::goal()), "Board(1 2 3 x)");
}
