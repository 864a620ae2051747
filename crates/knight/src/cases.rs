//! Reading a POJ 1915 input: the number of cases, then for each case the
//! board size `l` (4 ≤ l ≤ 300), the start square and the target square
//! (two coordinates each, from 0). Tokens are read as a stream, so line
//! breaks may fall anywhere; an error names the token and its line.

use frontier_text::TokenExcerpt;

use crate::{InputError, Knight, MAX_SIZE, MIN_SIZE};

/// A stream of whitespace-separated tokens with their line numbers.
struct Tokens<'a> {
    tokens: Box<dyn Iterator<Item = (usize, &'a str)> + 'a>,
    last_line: usize,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a str) -> Self {
        Tokens {
            tokens: Box::new(
                input
                    .lines()
                    .enumerate()
                    .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t))),
            ),
            last_line: input.lines().count().max(1),
        }
    }

    /// The next token, read as a number in `min..=max`.
    fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
        let Some((line, token)) = self.tokens.next() else {
            return Err(InputError::MissingToken {
                expected: what.to_owned(),
                line: self.last_line,
            });
        };
        if !token.bytes().all(|b| b.is_ascii_digit()) {
            return Err(InputError::NotANumber {
                expected: what.to_owned(),
                token: TokenExcerpt::new(token),
                line,
            });
        }
        match token.parse::<u64>() {
            Ok(value) if (min..=max).contains(&value) => Ok(value),
            _ => Err(InputError::OutOfRange {
                what: what.to_owned(),
                token: TokenExcerpt::new(token),
                line,
                min,
                max,
            }),
        }
    }
}

/// Reads the cases of a POJ 1915 input.
///
/// # Example
///
/// ```
/// use knight::{Knight, read_cases};
///
/// let cases = read_cases("1\n8\n0 0\n7 0\n")?;
/// assert_eq!(cases, [Knight { size: 8, start: (0, 0), target: (7, 0) }]);
/// let err = read_cases("1\n8\n0 0\n7 x\n").unwrap_err();
/// assert_eq!(err.to_string(), "line 4: expected the target's y of case 1, found \"x\"");
/// # Ok::<(), knight::InputError>(())
/// ```
///
/// # Errors
///
/// The first token that is missing, not a number, out of range (the number
/// of cases must fit in a `u32`, sizes in 4 to 300, coordinates in
/// `0..size`), or left over after the last case.
pub fn read_cases(input: &str) -> Result<Vec<Knight>, InputError> {
    let mut tokens = Tokens::new(input);
    let count = tokens.number("the number of cases", 0, u64::from(u32::MAX))?;
    let mut cases = Vec::new();
    for case in 1..=count {
        let size = tokens.number(
            &format!("the board size of case {case}"),
            u64::from(MIN_SIZE),
            u64::from(MAX_SIZE),
        )?;
        let mut coordinate = |name: &str| {
            let value = tokens.number(&format!("{name} of case {case}"), 0, size - 1)?;
            // cannot fail: below size, which is at most 300
            Ok::<u16, InputError>(u16::try_from(value).unwrap_or(u16::MAX))
        };
        let start = (coordinate("the start's x")?, coordinate("the start's y")?);
        let target = (coordinate("the target's x")?, coordinate("the target's y")?);
        cases.push(Knight {
            // cannot fail: at most 300
            size: u16::try_from(size).unwrap_or(MAX_SIZE),
            start,
            target,
        });
    }
    if let Some((line, token)) = tokens.tokens.next() {
        return Err(InputError::Trailing {
            token: TokenExcerpt::new(token),
            line,
        });
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_token_and_line() {
        let error = |input: &str| read_cases(input).unwrap_err().to_string();
        assert_eq!(
            error(""),
            "line 1: the input ends where the number of cases was expected"
        );
        assert_eq!(
            error("two"),
            "line 1: expected the number of cases, found \"two\""
        );
        assert_eq!(
            error("1\n3\n"),
            "line 2: the board size of case 1 is \"3\", out of range (4 to 300)"
        );
        assert_eq!(
            error("1\n8\n0 8\n"),
            "line 3: the start's y of case 1 is \"8\", out of range (0 to 7)"
        );
        assert_eq!(
            error("1\n8\n0 0\n7\n"),
            "line 4: the input ends where the target's y of case 1 was expected"
        );
        assert_eq!(
            error("1\n8\n0 0 7 0\n9"),
            "line 4: unexpected \"9\" after the last case"
        );
        assert_eq!(
            error("1\n8\n0 -1"),
            "line 3: expected the start's y of case 1, found \"-1\""
        );
        // A long token is cut short, digits or not.
        let long = error(&"9".repeat(1 << 20));
        assert!(long.len() < 200, "{long}");
        assert!(long.contains("of 1048576 bytes"), "{long}");
        let long = error(&format!("1\n8\n0 0 7 0 {}", "y".repeat(1 << 20)));
        assert!(long.len() < 200, "{long}");
    }
}
