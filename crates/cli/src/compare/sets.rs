//! The sets of instances a comparison runs: the defaults (the POJ sample,
//! random 3x3 boards, 4x4 walks, Korf's easiest, random pancake stacks) and
//! those read from files, each set of one [`Domain`](crate::domain::Domain).

use sliding_puzzle::{Eight, Fifteen};

use crate::domain::AnyDomain;
pub use crate::domain::{BoardSet, Instance, Start};
use crate::domains::boards::{EIGHT, FIFTEEN, korf_instances};
use crate::domains::pancakes;

/// POJ 1077's sample board.
pub const POJ_SAMPLE: &str = "2 3 4 1 5 x 7 6 8";

/// What the default run solves, sized by [`DefaultSets`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefaultSets {
    /// How many uniformly random solvable 3x3 boards.
    pub random: usize,
    /// The seed of the random boards and walks.
    pub seed: u64,
    /// The lengths of the random walks from the 4x4 goal.
    pub walks: Vec<usize>,
    /// How many of Korf's instances, easiest (shortest optimal solution)
    /// first.
    pub korf: usize,
    /// The sizes of the random pancake stacks, a set per size.
    pub stack_sizes: Vec<usize>,
    /// How many random pancake stacks of each size.
    pub stacks: usize,
}

impl Default for DefaultSets {
    fn default() -> Self {
        DefaultSets {
            random: 100,
            seed: 1077,
            walks: vec![10, 20, 30, 40, 50],
            korf: 2,
            stack_sizes: vec![8, 10, 12],
            stacks: 5,
        }
    }
}

impl DefaultSets {
    /// The sets: the POJ sample, random 3x3 boards, 4x4 random walks, the
    /// easiest Korf instances, and random pancake stacks of each size.
    ///
    /// # Example
    ///
    /// ```
    /// use frontier_cli::compare::DefaultSets;
    ///
    /// let sets = DefaultSets {
    ///     random: 5, seed: 1, walks: vec![10], korf: 1, stack_sizes: vec![9, 12], stacks: 2,
    /// }.build();
    /// let names: Vec<_> = sets.iter().map(|s| s.name.as_str()).collect();
    /// assert_eq!(names, ["poj sample", "3x3 random", "4x4 walks", "4x4 korf", "9 pancakes", "12 pancakes"]);
    /// assert_eq!(sets[3].instances[0].known_length, Some(41)); // instance #55
    /// assert_eq!(sets[5].instances.len(), 2);
    /// ```
    #[must_use]
    pub fn build(&self) -> Vec<BoardSet> {
        let sample = Instance {
            // cannot fail: a constant, checked by the tests
            start: Start::new(&EIGHT, POJ_SAMPLE.parse().unwrap_or(Eight::goal())),
            origin: "poj 1077".to_owned(),
            known_length: Some(19),
        };
        let random = (0..self.random as u64)
            .map(|i| Instance {
                start: Start::new(&EIGHT, Eight::random_solvable(self.seed.wrapping_add(i))),
                origin: format!("seed {}", self.seed.wrapping_add(i)),
                known_length: None,
            })
            .collect();
        let walks = self
            .walks
            .iter()
            .enumerate()
            .map(|(i, &len)| {
                let seed = self.seed.wrapping_add(i as u64);
                Instance {
                    start: Start::new(&FIFTEEN, Fifteen::random_walk(seed, len)),
                    origin: format!("walk of {len} (seed {seed})"),
                    known_length: None,
                }
            })
            .collect();
        let mut korf = korf_instances();
        korf.sort_by_key(|instance| instance.known_length);
        korf.truncate(self.korf);
        let sets: [(&str, &'static dyn AnyDomain, _); 4] = [
            ("poj sample", &EIGHT, vec![sample]),
            ("3x3 random", &EIGHT, random),
            ("4x4 walks", &FIFTEEN, walks),
            ("4x4 korf", &FIFTEEN, korf),
        ];
        let boards = sets.into_iter().map(|(name, domain, instances)| BoardSet {
            name: name.to_owned(),
            domain,
            instances,
        });
        boards
            .chain(
                self.stack_sizes
                    .iter()
                    .map(|&len| pancakes::random_set(len, self.stacks, self.seed)),
            )
            .filter(|set| !set.instances.is_empty())
            .collect()
    }
}
