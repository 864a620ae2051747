//! An exact minimum vertex cover of a bipartite graph, by Kőnig's theorem
//! (as large as a maximum matching), found as a maximum flow. Shared by the
//! tests of NBS's guarantee here and in the pancake crate.

use std::collections::VecDeque;

/// A maximum flow from node 0 to node 1 of a small network: Edmonds-Karp.
struct Network {
    /// `(head, capacity, reverse edge index)` per node.
    edges: Vec<Vec<(usize, u64, usize)>>,
}

impl Network {
    fn new(nodes: usize) -> Self {
        Network {
            edges: vec![Vec::new(); nodes],
        }
    }

    fn add(&mut self, from: usize, to: usize, capacity: u64) {
        let back = self.edges[to].len();
        let forth = self.edges[from].len();
        self.edges[from].push((to, capacity, back));
        self.edges[to].push((from, 0, forth));
    }

    fn max_flow(&mut self) -> u64 {
        let mut flow = 0;
        loop {
            // Breadth-first search for a shortest augmenting path.
            let mut parent: Vec<Option<(usize, usize)>> = vec![None; self.edges.len()];
            let mut queue = VecDeque::from([0]);
            while let Some(u) = queue.pop_front() {
                for (i, &(v, capacity, _)) in self.edges[u].iter().enumerate() {
                    if capacity > 0 && v != 0 && parent[v].is_none() {
                        parent[v] = Some((u, i));
                        queue.push_back(v);
                    }
                }
            }
            if parent[1].is_none() {
                return flow;
            }
            let mut push = u64::MAX;
            let mut v = 1;
            while let Some((u, i)) = parent[v] {
                push = push.min(self.edges[u][i].1);
                v = u;
            }
            let mut v = 1;
            while let Some((u, i)) = parent[v] {
                self.edges[u][i].1 -= push;
                let back = self.edges[u][i].2;
                self.edges[v][back].1 += push;
                v = u;
            }
            flow += push;
        }
    }
}

/// The size of a minimum vertex cover of the bipartite graph with
/// `left.len()` and `right.len()` vertex classes of the given sizes (twins:
/// same neighbours) and an edge between classes `l` and `r` when
/// `edge(l, r)`. A minimum cover takes each class whole or not at all (a
/// vertex left out has all its neighbours in the cover, so its twins need
/// not be in it), so by Kőnig's theorem it is a minimum cut: source to
/// left classes, right classes to sink, at their sizes, and unbounded
/// edges between. With classes of one vertex this is a maximum matching.
pub(crate) fn min_vertex_cover(
    left: &[u64],
    right: &[u64],
    edge: impl Fn(usize, usize) -> bool,
) -> u64 {
    let mut network = Network::new(2 + left.len() + right.len());
    for (l, &size) in left.iter().enumerate() {
        network.add(0, 2 + l, size);
    }
    for (r, &size) in right.iter().enumerate() {
        network.add(2 + left.len() + r, 1, size);
    }
    for l in 0..left.len() {
        for r in 0..right.len() {
            if edge(l, r) {
                network.add(2 + l, 2 + left.len() + r, u64::MAX / 4);
            }
        }
    }
    network.max_flow()
}
