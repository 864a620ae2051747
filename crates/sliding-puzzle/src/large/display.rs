//! The board as text: the one-line form, `Display`'s grid and `Debug`, as
//! [`Board`](crate::Board) writes them.

use std::fmt;

use super::LargeBoard;
use crate::board::push_tile;

impl<const W: usize, const H: usize> LargeBoard<W, H> {
    /// The one-line form: tiles in row-major order separated by spaces, `x`
    /// for the blank. It reads back through `FromStr`.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Twentyfour;
    ///
    /// let line = Twentyfour::goal().to_line();
    /// assert!(line.starts_with("1 2 3 ") && line.ends_with(" 23 24 x"));
    /// assert_eq!(line.parse::<Twentyfour>()?, Twentyfour::goal());
    /// # Ok::<(), sliding_puzzle::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut line = String::with_capacity(3 * Self::CELLS);
        for (cell, tile) in self.tiles().enumerate() {
            if cell > 0 {
                line.push(' ');
            }
            push_tile(&mut line, tile, 0);
        }
        line
    }
}

impl<const W: usize, const H: usize> fmt::Debug for LargeBoard<W, H> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("LargeBoard")
            .field(&format_args!("{}", self.to_line()))
            .finish()
    }
}

impl<const W: usize, const H: usize> fmt::Display for LargeBoard<W, H> {
    /// Draws the grid, one row a line (no final newline), tiles right-aligned
    /// and `x` for the blank; the drawing reads back through `FromStr`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = if Self::CELLS > 10 { 2 } else { 1 };
        let mut out = String::with_capacity(3 * Self::CELLS);
        for (cell, tile) in self.tiles().enumerate() {
            if cell > 0 {
                out.push(if cell % W == 0 { '\n' } else { ' ' });
            }
            push_tile(&mut out, tile, width);
        }
        f.write_str(&out)
    }
}
