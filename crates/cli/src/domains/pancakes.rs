//! Pancake stacks ([`PANCAKES`]): sorted by prefix reversals, with the GAP
//! heuristic and its weakened GAP-k, the domain of the bidirectional
//! heuristic-search studies.

use frontier::Limits;
use pancake::{Flip, Gap, PancakeState, Pancakes, Stack};

use crate::domain::{
    BoardSet, Context, DefaultSets, Domain, DomainInfo, Instance, ReadSets, Reader, Start,
    named_file, read_lines,
};
use crate::registry::{
    self, Algorithm, Capabilities, Capability, Heuristic, HeuristicRow, Kept, ResultOf, Searchable,
};
use crate::strategy::{Attempt, Path, SolveError, Strategy, timed};

/// What the GAP heuristics measure.
const KIND: &str = "pancake stacks";

/// A GAP heuristic's row: `[name, label, help]`, refused by the domains
/// of other kinds because it counts the gaps of pancake stacks.
const fn gap_row(row: [&'static str; 3]) -> HeuristicRow {
    HeuristicRow::new(row, KIND, "it counts the gaps of pancake stacks")
}

/// GAP-3.
static GAP_3: HeuristicRow = gap_row([
    "gap-3",
    "GAP-3",
    "GAP-3 (pancakes): the gaps between neighbours that are not consecutive, ignoring \
     those involving pancakes 1, 2 and 3",
]);

/// GAP-2.
static GAP_2: HeuristicRow = gap_row([
    "gap-2",
    "GAP-2",
    "GAP-2 (pancakes): the gaps, ignoring those involving pancakes 1 and 2",
]);

/// GAP-1.
static GAP_1: HeuristicRow = gap_row([
    "gap-1",
    "GAP-1",
    "GAP-1 (pancakes): the gaps, ignoring those involving pancake 1",
]);

/// GAP.
static GAP: HeuristicRow = gap_row([
    "gap",
    "GAP",
    "GAP (Helmert 2010; pancakes): the number of neighbours, the plate included, that are \
     not consecutive pancakes",
]);

/// The heuristics of pancake stacks, weakest first, each with the
/// pancakes its GAP-k ignores.
const GAPS: [(Heuristic, u8); 5] = [
    (Heuristic::ZERO, ZERO_GAP),
    (Heuristic::new(&GAP_3), 3),
    (Heuristic::new(&GAP_2), 2),
    (Heuristic::new(&GAP_1), 1),
    (Heuristic::new(&GAP), 0),
];

/// The heuristics of pancake stacks, weakest first.
const HEURISTICS: &[Heuristic] = &[GAPS[0].0, GAPS[1].0, GAPS[2].0, GAPS[3].0, GAPS[4].0];

/// Pancake stacks, the domain.
#[derive(Debug, Default)]
pub struct PancakeStacks;

/// Pancake stacks of 2 to 20 pancakes.
pub static PANCAKES: PancakeStacks = PancakeStacks;

/// The GAP-k that ignores every pancake: zero on every stack, the `zero`
/// heuristic of pancakes.
#[expect(clippy::cast_possible_truncation, reason = "Stack::MAX_LEN is 20")]
const ZERO_GAP: u8 = Stack::MAX_LEN as u8;

impl DomainInfo for PancakeStacks {
    fn name(&self) -> &'static str {
        "pancake"
    }

    fn instances(&self) -> &'static str {
        "pancake stacks"
    }

    fn kind(&self) -> &'static str {
        KIND
    }

    fn capabilities(&self) -> Capabilities {
        use Capability::{Backward, BackwardHeuristic, FewestSteps, Reversible};
        Capabilities::of(&[FewestSteps, Backward, BackwardHeuristic, Reversible])
    }

    fn heuristics(&self) -> &'static [Heuristic] {
        HEURISTICS
    }

    fn reader(&self) -> Option<&'static Reader> {
        Some(&STACK_FILES)
    }

    /// `sizes.stacks` random stacks of each of `sizes.stack_sizes`.
    fn default_sets(&self, sizes: &DefaultSets) -> Vec<BoardSet> {
        sizes
            .stack_sizes
            .iter()
            .map(|&len| random_set(len, sizes.stacks, sizes.seed))
            .collect()
    }
}

impl Domain for PancakeStacks {
    type Instance = Stack;
    type Kept = Kept<PancakeState, Flip>;

    fn kept(&self, context: &Context) -> Self::Kept {
        Kept::new(context.jobs)
    }

    fn solve(
        &self,
        stack: &Stack,
        strategy: Strategy,
        limits: &Limits<u32>,
        kept: &mut Self::Kept,
        _: &Context,
    ) -> Result<Attempt, SolveError> {
        // The algorithms that use no heuristic get zero.
        let heuristic = strategy.heuristic.unwrap_or(Heuristic::ZERO);
        let Some(&(_, ignored)) = GAPS.iter().find(|(h, _)| *h == heuristic) else {
            return Err(SolveError::Unsupported {
                strategy,
                instances: self.instances(),
                reason: "it measures sliding-puzzle boards",
            });
        };
        let problem = Pancakes::new(*stack, Gap::ignoring(ignored));
        let (result, elapsed) = timed(|| registry::run(strategy.algorithm, &problem, limits, kept));
        let Some(result) = result else {
            return Err(SolveError::cannot_run(strategy, self.instances()));
        };
        let line = || self.to_line(stack);
        Attempt::of_search::<Pancakes>(result, elapsed, (strategy, &line), |flips| {
            stack
                .verify_solution(&flips)
                .map_err(|err| err.to_string())?;
            let text: Vec<String> = flips.iter().map(ToString::to_string).collect();
            Ok(Path::new(flips, text.join(" "), "flips"))
        })
    }

    fn to_line(&self, stack: &Stack) -> String {
        stack.to_string()
    }
}

/// Stacks search backward (bidirectional BFS, MM, NBS) and have
/// reversible moves (BPMX); IDA* searches them by value.
impl Searchable for Pancakes {
    fn special(
        &self,
        algorithm: Algorithm,
        limits: &Limits<u32>,
        kept: &mut Kept<PancakeState, Flip>,
    ) -> Option<ResultOf<Self>> {
        registry::bidirectional(algorithm, self, limits)
            .or_else(|| registry::bpmx(algorithm, self, limits, kept))
    }
}

/// `count` random stacks of `len` pancakes (clamped to
/// `2..=Stack::MAX_LEN`), the `i`-th drawn from seed `seed + i`: a set
/// named `{len} pancakes`.
#[must_use]
pub fn random_set(len: usize, count: usize, seed: u64) -> BoardSet {
    let len = len.clamp(1, Stack::MAX_LEN);
    let instances = (0..count as u64)
        .map(|i| {
            let seed = seed.wrapping_add(i);
            Instance {
                start: Start::new(&PANCAKES, Stack::random(len, seed)),
                origin: format!("seed {seed}"),
                known_length: None,
            }
        })
        .collect();
    BoardSet {
        name: format!("{len} pancakes"),
        domain: &PANCAKES,
        instances,
    }
}

/// `compare --input pancakes:FILE` (and `--pancakes FILE`): [`read_stacks`].
pub static STACK_FILES: Reader = Reader {
    kind: "pancakes",
    help: "one stack per line, top first, 1 for the smallest pancake (3 1 2)",
    what: "pancake stack",
    read: |path| {
        let (name, bytes) = named_file(path)?;
        Ok(read_stacks(&name, &bytes))
    },
};

/// Reads a file of pancake stacks, one per line, top first (`3 1 2`);
/// blank lines and lines starting with `#` are skipped. Returns a set per
/// number of pancakes present, named after `name`, and one message per line
/// that was skipped (unreadable, or not UTF-8), with its line number.
///
/// # Example
///
/// ```
/// use frontier_cli::domains::pancakes::read_stacks;
///
/// let (sets, skipped) = read_stacks("stacks.txt", b"# mine\n3 1 2\n1 2 two\n4 3 2 1 5\n2 3 1\n");
/// let names: Vec<_> = sets.iter().map(|s| s.name.as_str()).collect();
/// assert_eq!(names, ["stacks.txt 3 pancakes", "stacks.txt 5 pancakes"]);
/// assert_eq!(sets[0].instances.len(), 2);
/// assert_eq!(skipped, ["stacks.txt:3: unreadable token \"two\" at position 2 (expected a pancake number)"]);
/// ```
#[must_use]
pub fn read_stacks(name: &str, text: &[u8]) -> ReadSets {
    let parse = |line: &str| {
        let stack = line.parse::<Stack>().map_err(|err| err.to_string())?;
        Ok((stack.len(), Start::new(&PANCAKES, stack)))
    };
    read_lines(name, text, parse, |len| format!("{len} pancakes"))
}

#[cfg(test)]
mod tests;
