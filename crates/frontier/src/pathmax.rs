//! Whether IDA* propagates heuristic values between neighbours: the last
//! type parameter of [`IdaStar`](crate::IdaStar), [`Plain`] (the default)
//! or [`Bpmx`], set with its [`bpmx()`](crate::IdaStar::bpmx) builder
//! method.
//!
//! The choice is a type, not a flag, for two reasons: the plain search's
//! loop is compiled without a trace of the other (its instructions are
//! unchanged), and BPMX's `search` asks a [`ReversibleProblem`], so using it
//! on a problem that has not stated its moves reversible is a compile
//! error rather than a wrong answer.
//!
//! [`ReversibleProblem`]: crate::ReversibleProblem

/// Marks an IDA* that takes each heuristic value as the problem gives it.
/// The default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plain;

/// Marks an IDA* with bidirectional pathmax (BPMX; Felner, Zahavi,
/// Schaeffer & Holte 2005, Zahavi, Felner, Schaeffer & Sturtevant 2007,
/// Felner et al. 2011 "Inconsistent heuristics in theory and practice").
///
/// On a space whose moves are reversible at equal cost
/// ([`ReversibleProblem`](crate::ReversibleProblem)), the true distance to
/// a goal changes by at most c across a step of cost c, so every
/// admissible h(t) of a neighbour t also bounds the node: h(n) ≥ h(t) − c.
/// BPMX applies this both ways. Expanding a node, it generates all its
/// children and raises the node's h to the largest h(child) − cost; if the
/// node's f now exceeds the bound it is cut off before any child is
/// searched. Searching a child, it passes the raised value down (h(child)
/// ≥ h(node) − cost); when a child's search comes back with a raised h, the
/// node takes h(child) − cost and is cut off, its remaining siblings
/// unsearched, if that passes the bound. All raised values stay
/// admissible, so the next bound (the smallest raised f that was cut off)
/// never passes the optimum and the first goal found is optimal, for any
/// admissible heuristic, consistent or not. With a consistent heuristic
/// nothing is ever raised: BPMX then only costs its bookkeeping.
///
/// Counting: `generated` counts every child generated (its heuristic
/// evaluated), `expanded` every node whose children were generated,
/// including a node then cut off because a child raised its h. So the two
/// counts measure the same work as plain IDA*'s, and the nodes BPMX saves
/// are those it cuts off (with their subtrees) and the siblings it no longer
/// visits.
///
/// Set with [`IdaStar::bpmx`](crate::IdaStar::bpmx).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bpmx;
