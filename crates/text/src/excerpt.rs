//! [`TokenExcerpt`]: the bounded copy of a bad token that the plug-ins'
//! parse errors keep, one type for every plug-in that reads instances from
//! text; and [`excerpt`], a whole value as a message echoes it.

use std::borrow::Cow;
use std::fmt;

/// A value echoed in a message longer than this many bytes is cut.
const LONGEST_SHOWN: usize = 256;

/// The characters kept of a value that is cut.
const KEPT: usize = 64;

/// `text` as a message shows it: whole up to 256 bytes, else its first 64
/// characters, `…` and its length in bytes, so that a value of 100 kB
/// given by mistake does not flood the terminal. For a value the message
/// is about (a file name, an option's value), where [`TokenExcerpt`] is
/// for one token of a larger input.
///
/// # Example
///
/// ```
/// use frontier_text::excerpt;
///
/// let long = "y".repeat(1000);
/// assert_eq!(excerpt(&long), format!("{}… (1000 bytes)", "y".repeat(64)));
/// assert_eq!(excerpt("korf100"), "korf100");
/// ```
///
/// # Complexity
///
/// O(64) for a cut value: the rest of it is not read.
#[must_use]
pub fn excerpt(text: &str) -> Cow<'_, str> {
    if text.len() <= LONGEST_SHOWN {
        return Cow::Borrowed(text);
    }
    let end = text.char_indices().nth(KEPT).map_or(text.len(), |(i, _)| i);
    Cow::Owned(format!("{}… ({} bytes)", &text[..end], text.len()))
}

/// A token as an error keeps it: its first [`TokenExcerpt::KEPT_CHARS`]
/// characters and its length, so that an error about a 100 MB token costs
/// no more memory or output than one about a short token.
///
/// `Display` quotes the token as `{:?}` does, followed for a cut token by
/// `…` and its length in bytes.
///
/// # Example
///
/// ```
/// use frontier_text::TokenExcerpt;
///
/// let short = TokenExcerpt::new("four");
/// assert_eq!(short.to_string(), r#""four""#);
/// assert!(!short.is_cut());
///
/// let long = TokenExcerpt::new(&"y".repeat(1000));
/// assert_eq!(long.kept(), "y".repeat(32));
/// assert_eq!(long.len(), 1000);
/// assert_eq!(long.to_string(), format!("\"{}\"… of 1000 bytes", "y".repeat(32)));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TokenExcerpt {
    /// The first characters of the token, at most `KEPT_CHARS` of them.
    kept: String,
    /// The token's length in bytes.
    len: usize,
}

impl TokenExcerpt {
    /// How many characters of a token are kept.
    pub const KEPT_CHARS: usize = 32;

    /// The excerpt of `token`.
    ///
    /// # Complexity
    ///
    /// O(`KEPT_CHARS`): the rest of the token is not read.
    #[must_use]
    pub fn new(token: &str) -> Self {
        let end = token
            .char_indices()
            .nth(Self::KEPT_CHARS)
            .map_or(token.len(), |(end, _)| end);
        TokenExcerpt {
            kept: token[..end].to_owned(),
            len: token.len(),
        }
    }

    /// Adds `c` to the end of the token: for readers that see a token one
    /// character at a time and never hold it whole.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_text::TokenExcerpt;
    ///
    /// let mut token = TokenExcerpt::default();
    /// "é".repeat(100).chars().for_each(|c| token.push(c));
    /// assert_eq!(token, TokenExcerpt::new(&"é".repeat(100)));
    /// assert_eq!(token.len(), 200);
    /// ```
    pub fn push(&mut self, c: char) {
        if self.len == self.kept.len() && self.kept.chars().count() < Self::KEPT_CHARS {
            self.kept.push(c);
        }
        self.len += c.len_utf8();
    }

    /// The characters kept: the whole token unless [`is_cut`](Self::is_cut).
    #[must_use]
    pub fn kept(&self) -> &str {
        &self.kept
    }

    /// The whole token's length in bytes (as UTF-8).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the token is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether some of the token was left out.
    #[must_use]
    pub fn is_cut(&self) -> bool {
        self.kept.len() < self.len
    }
}

impl From<&str> for TokenExcerpt {
    fn from(token: &str) -> Self {
        TokenExcerpt::new(token)
    }
}

impl fmt::Display for TokenExcerpt {
    /// `"four"`, or `"yyyy"… of 1000 bytes` for a cut token.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.kept)?;
        if self.is_cut() {
            write!(f, "… of {} bytes", self.len)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{KEPT, LONGEST_SHOWN, TokenExcerpt, excerpt};

    #[test]
    fn excerpts_keep_whole_characters_and_short_values() {
        assert_eq!(excerpt(""), "");
        let just = "é".repeat(LONGEST_SHOWN / 2);
        assert_eq!(excerpt(&just), just);
        let long = "é".repeat(LONGEST_SHOWN);
        assert_eq!(
            excerpt(&long),
            format!("{}… ({} bytes)", "é".repeat(KEPT), 2 * LONGEST_SHOWN)
        );
    }

    #[test]
    fn excerpts_keep_whole_characters() {
        for len in [0, 1, 31, 32, 33, 100] {
            let token = "✓".repeat(len);
            let excerpt = TokenExcerpt::new(&token);
            assert_eq!(excerpt.kept(), "✓".repeat(len.min(32)));
            assert_eq!(excerpt.len(), token.len());
            assert_eq!(excerpt.is_cut(), len > 32);
            assert_eq!(excerpt.is_empty(), len == 0);
            let mut pushed = TokenExcerpt::default();
            token.chars().for_each(|c| pushed.push(c));
            assert_eq!(pushed, excerpt);
        }
        assert_eq!(TokenExcerpt::new("a\"b\n").to_string(), r#""a\"b\n""#);
    }
}
