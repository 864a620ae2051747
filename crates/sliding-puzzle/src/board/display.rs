//! The board as text: the one-line form, `Display`'s grid and `Debug`.

use std::fmt;

use super::{Board, Packing};

impl<const W: usize, const H: usize, P: Packing> Board<W, H, P> {
    /// The one-line form: tiles in row-major order separated by spaces, `x`
    /// for the blank. It reads back through `FromStr`.
    ///
    /// # Example
    ///
    /// ```
    /// use sliding_puzzle::Eight;
    ///
    /// let line = Eight::goal().to_line();
    /// assert_eq!(line, "1 2 3 4 5 6 7 8 x");
    /// assert_eq!(line.parse::<Eight>()?, Eight::goal());
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

/// Appends `tile` (`x` for the blank) right-aligned in `width` characters.
pub(crate) fn push_tile(out: &mut String, tile: u8, width: usize) {
    use std::fmt::Write;
    // cannot fail: writing to a String never errors
    let _ = if tile == 0 {
        write!(out, "{:>width$}", "x")
    } else {
        write!(out, "{tile:>width$}")
    };
}

impl<const W: usize, const H: usize, P: Packing> fmt::Debug for Board<W, H, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple(P::NAME)
            .field(&format_args!("{}", self.to_line()))
            .finish()
    }
}

impl<const W: usize, const H: usize, P: Packing> fmt::Display for Board<W, H, P> {
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
