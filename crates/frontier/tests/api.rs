//! What the public API promises beyond the searches themselves: borrowed
//! states, limits given by reference, the names at the crate root, closure
//! problems with every capability, and the heuristic adapters.

use std::cell::Cell;

use frontier::{
    AStar, Bfs, BidirectionalBfs, BidirectionalProblem, Greedy, IdaStar, Limit, Limits, Mm, Nbs,
    NoBackwardHeuristic, NoHeuristic, OpenList, SearchProblem, Step,
};

/// A word ladder over words borrowed from the caller: change one letter at
/// a time, every word on the way in the dictionary.
struct Ladder<'a> {
    words: Vec<&'a str>,
    start: &'a str,
    goal: &'a str,
}

fn one_letter_apart(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).filter(|(x, y)| x != y).count() == 1
}

impl<'a> SearchProblem for Ladder<'a> {
    type State = &'a str;
    type Action = &'a str;
    type Cost = u32;

    fn start(&self) -> &'a str {
        self.start
    }

    fn is_goal(&self, word: &&'a str) -> bool {
        *word == self.goal
    }

    fn successors(&self, word: &&'a str) -> impl Iterator<Item = Step<&'a str, &'a str, u32>> {
        let word = *word;
        self.words
            .iter()
            .filter(move |next| one_letter_apart(word, next))
            .map(|&next| Step::new(next, next, 1))
    }

    fn heuristic(&self, word: &&'a str) -> u32 {
        let differ = word.bytes().zip(self.goal.bytes()).filter(|(x, y)| x != y);
        u32::try_from(differ.count()).unwrap()
    }
}

impl<'a> BidirectionalProblem for Ladder<'a> {
    fn goal(&self) -> &'a str {
        self.goal
    }

    fn predecessors(&self, word: &&'a str) -> impl Iterator<Item = Step<&'a str, &'a str, u32>> {
        // A step is undone by changing the letter back; its action names
        // the word it reaches, here `word`.
        let word = *word;
        self.words
            .iter()
            .filter(move |previous| one_letter_apart(word, previous))
            .map(move |&previous| Step::new(word, previous, 1))
    }
}

#[test]
fn borrowed_states_search_with_the_searchers() {
    // The words live in a local `String`: the states are not `'static`, so
    // the plain `bfs`, `bidirectional_bfs`, `astar` and `greedy` (which
    // keep a searcher per thread and per type) do not take this problem,
    // and every searcher does.
    let dictionary = String::from("cold cord card ward warm worm word wore core corn");
    let ladder = Ladder {
        words: dictionary.split(' ').collect(),
        start: &dictionary[..4],
        goal: &dictionary[20..24],
    };
    assert_eq!((ladder.start, ladder.goal), ("cold", "warm"));
    let results = [
        ("bfs", Bfs::new().search(&ladder)),
        ("bidirectional_bfs", BidirectionalBfs::new().search(&ladder)),
        ("astar", AStar::new().search(&ladder)),
        ("idastar", IdaStar::new().search(&ladder)),
        ("mm", Mm::new().search(&ladder)),
        ("nbs", Nbs::new().search(&ladder)),
        // So do the plain functions that keep no searcher.
        ("plain idastar", frontier::idastar(&ladder)),
        ("plain mm", frontier::mm(&ladder)),
        ("plain nbs", frontier::nbs(&ladder)),
    ];
    for (name, result) in results {
        let solution = result.into_solution().expect(name);
        assert_eq!(solution.cost, 4, "{name}: {:?}", solution.states);
        assert_eq!(solution.states.first(), Some(&"cold"), "{name}");
        assert_eq!(solution.states.last(), Some(&"warm"), "{name}");
    }
    let greedy = Greedy::new().search(&ladder).into_solution().unwrap();
    assert_eq!(greedy.states.last(), Some(&"warm"));

    // A closure problem over the same borrowed words.
    let words: Vec<&str> = dictionary.split(' ').collect();
    let closures = frontier::from_fn(
        words[0],
        |word: &&str| {
            let word = *word;
            words
                .iter()
                .filter(move |next| one_letter_apart(word, next))
                .map(|&next| (next, 1u32))
        },
        |word: &&str| *word == "warm",
    );
    let solution = Bfs::new().search(&closures).into_solution().unwrap();
    assert_eq!(solution.len(), 4);
}

#[test]
fn limits_by_reference_configure_every_searcher() {
    // One `Limits`, given by reference to each searcher, by value once
    // more: no clone at the call site.
    let problem = frontier::toy::Doubling::new(1, 1000);
    let limits = Limits::new().max_expanded(1);
    let stopped = |result: frontier::SearchResult<u32, char, u32>| result.limit();
    assert_eq!(
        stopped(Bfs::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(BidirectionalBfs::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(AStar::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(Greedy::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(Mm::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(Nbs::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(IdaStar::new().limits(&limits).search(&problem)),
        Some(Limit::Expanded)
    );
    assert_eq!(
        stopped(
            frontier::ParallelIdaStar::new()
                .limits(&limits)
                .search(&problem)
        ),
        Some(Limit::Expanded)
    );

    let mut astar = AStar::new().dense();
    assert!(astar.search(&problem).solution().is_some());
    astar.set_limits(&limits);
    assert_eq!(stopped(astar.search(&problem)), Some(Limit::Expanded));
    astar.set_limits(Limits::new());
    assert!(astar.search(&problem).solution().is_some());
    let mut ida = IdaStar::new();
    ida.set_limits(&limits);
    assert_eq!(stopped(ida.search(&problem)), Some(Limit::Expanded));
    let mut mm = Mm::new().limits(limits);
    mm.set_limits(Limits::new());
    assert!(mm.search(&problem).solution().is_some());
}

#[test]
fn the_names_users_need_are_at_the_root_and_in_their_modules() {
    fn same<T>(_: T, _: T) {}
    let dense: Bfs<u32, char, u32, frontier::Dense> = Bfs::new().dense();
    let _: Bfs<u32, char, u32, frontier::table::Dense> = dense;
    let _: AStar<u32, char, u32, frontier::Hashed> = AStar::new();
    same(frontier::Hashed, frontier::table::Hashed);
    same(OpenList::BinaryHeap, frontier::open::OpenList::BinaryHeap);
    let problem = frontier::toy::Doubling::new(1, 10);
    same(
        NoHeuristic(&problem),
        frontier::problem::NoHeuristic(&problem),
    );
    same(
        NoBackwardHeuristic(&problem),
        frontier::problem::NoBackwardHeuristic(&problem),
    );
    let batch: Vec<Result<_, frontier::Panicked>> = frontier::solve_batch(
        &[problem],
        Bfs::new,
        Bfs::<_, _, _, frontier::Hashed>::search,
    );
    let _: Vec<Result<_, frontier::batch::Panicked>> = batch;
}

#[test]
fn every_best_first_searcher_takes_an_open_list() {
    // MM and NBS keep their queues on the open list chosen, as A* and
    // greedy search do; the answers agree.
    let problem = frontier::toy::Doubling::new(3, 77);
    let cost =
        |result: frontier::SearchResult<u32, char, u32>| result.into_solution().unwrap().cost;
    let optimum = cost(frontier::astar(&problem));
    for open in [
        OpenList::Buckets,
        OpenList::BinaryHeap,
        OpenList::PriorityQueue,
    ] {
        assert_eq!(cost(AStar::new().open_list(open).search(&problem)), optimum);
        assert_eq!(cost(Mm::new().open_list(open).search(&problem)), optimum);
        assert_eq!(cost(Nbs::new().open_list(open).search(&problem)), optimum);
        let mm = Mm::<u32, char, u32>::new().open_list(open).dense();
        assert!(
            format!("{mm:?}").contains(&format!("open: {open:?}")),
            "{mm:?}"
        );
        let mut greedy = Greedy::new().open_list(open).dense();
        assert!(cost(greedy.search(&problem)) >= optimum);
        assert!(format!("{greedy:?}").contains(&format!("{open:?}")));
    }
}

/// Steps of +1 (cost 1) and ×2 (cost 2) among 1..=100, as closures, with
/// every capability, and counters of the heuristics' calls.
#[test]
fn closure_problems_search_both_ways_with_both_heuristics_on_dense_tables() {
    let forward_calls = Cell::new(0u32);
    let backward_calls = Cell::new(0u32);
    let problem = frontier::from_fn(
        1u32,
        |&n: &u32| {
            [Step::new('+', n + 1, 1u32), Step::new('*', n * 2, 2)]
                .into_iter()
                .filter(|step| step.state <= 100)
        },
        |&n: &u32| n == 77,
    )
    .heuristic(|&n: &u32| {
        forward_calls.set(forward_calls.get() + 1);
        u32::from(n != 77)
    })
    .goal_and_predecessors(77, |&n: &u32| {
        let add = (n >= 2).then(|| Step::new('+', n - 1, 1u32));
        let double = (n >= 2 && n % 2 == 0).then(|| Step::new('*', n / 2, 2));
        add.into_iter().chain(double)
    })
    .backward_heuristic(|&n: &u32| {
        backward_calls.set(backward_calls.get() + 1);
        // Each step at most doubles: at least log2(n) steps from 1.
        n.ilog2()
    })
    .ranked(101, |&n: &u32| n as usize);

    let optimum = frontier::astar(&problem).into_solution().unwrap();
    let fewest = frontier::bfs(&problem).into_solution().unwrap().len();
    assert_eq!(
        BidirectionalBfs::new()
            .dense()
            .search(&problem)
            .into_solution()
            .unwrap()
            .len(),
        fewest
    );
    for result in [
        Mm::new().dense().search(&problem),
        Nbs::new().dense().search(&problem),
        frontier::mm(&problem),
        AStar::new().dense().search(&problem),
    ] {
        let solution = result.into_solution().unwrap();
        assert_eq!(solution.cost, optimum.cost);
        assert_eq!(solution.states.last(), Some(&77));
    }
    assert!(
        backward_calls.get() > 0,
        "MM and NBS asked the backward heuristic"
    );

    // Switched off: the backward heuristic is never asked, the forward one
    // still is; and with `NoHeuristic` neither is.
    backward_calls.set(0);
    forward_calls.set(0);
    let one_sided = frontier::mm(&NoBackwardHeuristic(&problem));
    assert_eq!(one_sided.into_solution().unwrap().cost, optimum.cost);
    assert_eq!(backward_calls.get(), 0);
    assert!(forward_calls.get() > 0);
    forward_calls.set(0);
    let blind = Nbs::new().dense().search(&NoHeuristic(&problem));
    assert_eq!(blind.into_solution().unwrap().cost, optimum.cost);
    assert_eq!((forward_calls.get(), backward_calls.get()), (0, 0));
}

#[test]
fn no_backward_heuristic_keeps_the_rest_of_the_problem() {
    use frontier::RankedStates;
    let problem = frontier::toy::Doubling::new(1, 10);
    let adapted = NoBackwardHeuristic(&problem);
    assert_eq!(adapted.heuristic(&4), problem.heuristic(&4));
    assert_eq!(
        adapted.heuristic_within(&4, 1, 3),
        problem.heuristic_within(&4, 1, 3)
    );
    assert_eq!(adapted.goal(), problem.goal());
    assert_eq!(adapted.backward_heuristic(&4), 0);
    assert_eq!(adapted.rank(&4), problem.rank(&4));
    assert_eq!(
        IdaStar::new().search_in_place(&adapted).outcome,
        IdaStar::new().search(&problem).outcome
    );
}
