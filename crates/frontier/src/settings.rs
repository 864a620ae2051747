//! What every searcher is configured with, written once: [`Settings`] (its
//! limits and its open list) and [`searcher!`], which gives a searcher its
//! `Default` and `Debug` impls and its builder methods `new`, `dense`,
//! `limits`, `set_limits` and, for the best-first searches, `open_list`.
//!
//! A searcher is a struct `Name<S, A, C, L = Hashed>` with the fields
//! `settings: Settings<C>`, `layout: PhantomData<L>` and its memory (tables,
//! open lists: each `Default`, moved as they are by `dense`); the search
//! itself, which differs per algorithm, stays in the algorithm's file, or
//! in the shell a family shares (`best_first.rs` for A* and greedy search,
//! `meet/driver.rs` for MM, NBS, DVCBS and BAE*), whose `search_methods!`
//! writes the family's `search` methods.

use crate::Limits;
use crate::open::OpenList;

/// A searcher's settings: what its builder methods set.
#[derive(Clone, Debug)]
pub(crate) struct Settings<C> {
    /// The limits of every search.
    pub(crate) limits: Limits<C>,
    /// The open list of the best-first searches; the breadth-first ones
    /// have none and ignore it.
    pub(crate) open: OpenList,
}

impl<C> Default for Settings<C> {
    fn default() -> Self {
        Settings {
            limits: Limits::new(),
            open: OpenList::default(),
        }
    }
}

/// Implements what every searcher has for `$name`, whose memory fields are
/// `$memory`: `Default`, `Debug`, `new`, `dense`, `limits` and
/// `set_limits`, and with `open_list` the method of that name. `C` is bound
/// by `$bound` where the memory's `Default` needs it (NBS keeps a cost in
/// its queues).
///
/// ```text
/// searcher!(Bfs { tables });
/// searcher!(Nbs { halves, queues } where C: Default, open_list);
/// ```
macro_rules! searcher {
    (@common $name:ident { $($memory:ident),+ } [$($bound:path)?] $new:literal $($more:item)*) => {
        impl<S, A, C: $($bound)?> Default for $name<S, A, C> {
            fn default() -> Self {
                $name {
                    settings: $crate::settings::Settings::default(),
                    $($memory: Default::default(),)+
                    layout: std::marker::PhantomData,
                }
            }
        }

        impl<S, A, C: $($bound)?> $name<S, A, C> {
            #[doc = $new]
            #[must_use]
            pub fn new() -> Self {
                Self::default()
            }

            /// Keeps the tables in vectors indexed by
            /// [`RankedStates::rank`](crate::RankedStates::rank): see
            /// [`Dense`](crate::Dense).
            #[must_use]
            pub fn dense(self) -> $name<S, A, C, $crate::Dense> {
                $name {
                    settings: self.settings,
                    $($memory: self.$memory,)+
                    layout: std::marker::PhantomData,
                }
            }
        }

        impl<S, A, C, L> $name<S, A, C, L> {
            /// Searches under `limits` from now on: a
            /// [`Limits`](crate::Limits), or a `&Limits` (cloned) to keep
            /// using it. What `max_cost` prunes is in the searcher's docs.
            #[must_use]
            pub fn limits(mut self, limits: impl Into<$crate::Limits<C>>) -> Self {
                self.settings.limits = limits.into();
                self
            }

            /// Replaces the limits of a searcher being reused: a
            /// [`Limits`](crate::Limits) or a `&Limits` (cloned).
            pub fn set_limits(&mut self, limits: impl Into<$crate::Limits<C>>) {
                self.settings.limits = limits.into();
            }

            $($more)*
        }
    };
    ($name:ident { $($memory:ident),+ } $(where C: $bound:path)?, open_list) => {
        $crate::settings::searcher!(
            @common $name { $($memory),+ } [$($bound)?]
            "No limits, the default open list ([`OpenList::Buckets`](crate::OpenList::Buckets)), hashed tables, no memory yet."
            /// Keeps the frontier in `open` from now on: see
            /// [`OpenList`](crate::OpenList) for the choice.
            #[must_use]
            pub fn open_list(mut self, open: $crate::OpenList) -> Self {
                self.settings.open = open;
                self
            }
        );

        impl<S, A, C: std::fmt::Debug, L> std::fmt::Debug for $name<S, A, C, L> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("limits", &self.settings.limits)
                    .field("open", &self.settings.open)
                    .field("layout", &std::any::type_name::<L>())
                    .finish_non_exhaustive()
            }
        }
    };
    ($name:ident { $($memory:ident),+ } $(where C: $bound:path)?) => {
        $crate::settings::searcher!(
            @common $name { $($memory),+ } [$($bound)?]
            "No limits, hashed tables, no memory yet."
        );

        impl<S, A, C: std::fmt::Debug, L> std::fmt::Debug for $name<S, A, C, L> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($name))
                    .field("limits", &self.settings.limits)
                    .field("layout", &std::any::type_name::<L>())
                    .finish_non_exhaustive()
            }
        }
    };
}
pub(crate) use searcher;
