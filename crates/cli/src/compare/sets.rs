//! The sets of instances a comparison runs: the defaults, which each
//! domain of [`DOMAINS`] offers ([`DomainInfo::default_sets`](crate::domain::DomainInfo::default_sets)),
//! and those read from files, each set of one [`Domain`](crate::domain::Domain).

pub use crate::domain::{BoardSet, DefaultSets, Instance, POJ_SAMPLE, Start};
use crate::domains::DOMAINS;

impl DefaultSets {
    /// The sets: every domain's defaults, in the domains' order (the POJ
    /// sample, random 3x3 boards, 4x4 walks, the easiest Korf instances,
    /// random pancake stacks of each size); empty sets left out.
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
        DOMAINS
            .iter()
            .flat_map(|domain| domain.default_sets(self))
            .filter(|set| !set.instances.is_empty())
            .collect()
    }
}
