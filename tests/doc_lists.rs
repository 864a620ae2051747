//! The hand-written lists of algorithms and heuristics in the docs, held
//! against the registry the programs use: an algorithm or heuristic added to
//! the registry, or to the core, fails here until every list a user reads
//! names it.
//!
//! The lists: README (its opening paragraph and the programs' options), the
//! core's README and crate docs, the table of `docs/algorithms.md`, the
//! `frontier` package's README, and `frontier compare --help`.

use std::path::Path;

use frontier_cli::registry::Algorithm;

/// A file of the workspace, by its path from the root.
fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|err| panic!("{}: {err}", full.display()))
}

/// The text of `text` up to the first line starting with `end`.
fn until<'a>(text: &'a str, end: &str) -> &'a str {
    text.find(&format!("\n{end}"))
        .map_or(text, |at| &text[..at])
}

/// A core search the registry runs: its plain function, its searcher type
/// and the name prose gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Core {
    function: &'static str,
    searcher: &'static str,
    prose: &'static str,
}

/// The core search behind a registry row, if the row runs one. An
/// exhaustive match: a new row does not compile until it is placed here.
fn core(algorithm: Algorithm) -> Option<Core> {
    let core = |function, searcher, prose| {
        Some(Core {
            function,
            searcher,
            prose,
        })
    };
    match algorithm {
        // A lookup in a precomputed table, and an adapter the grid runs A*
        // on: no search of their own.
        Algorithm::Table | Algorithm::Jps => None,
        Algorithm::Bfs | Algorithm::BfsDense => core("bfs", "Bfs", "breadth-first"),
        Algorithm::Bidirectional | Algorithm::BidirectionalDense => {
            core("bidirectional_bfs", "BidirectionalBfs", "bidirectional BFS")
        }
        Algorithm::AStar | Algorithm::AStarDense => core("astar", "AStar", "A*"),
        Algorithm::IdaStar | Algorithm::IdaStarBpmx => core("idastar", "IdaStar", "IDA*"),
        Algorithm::Greedy => core("greedy", "Greedy", "greedy"),
        Algorithm::Mm => core("mm", "Mm", "MM"),
        Algorithm::Nbs => core("nbs", "Nbs", "NBS"),
        Algorithm::Dvcbs => core("dvcbs", "Dvcbs", "DVCBS"),
        Algorithm::Bae => core("bae", "Bae", "BAE*"),
    }
}

fn cores() -> Vec<Core> {
    let mut cores: Vec<Core> = Algorithm::ALL.iter().filter_map(|&a| core(a)).collect();
    cores.dedup();
    cores
}

/// Every `needle` missing from `text`, as one failure message.
fn assert_names(what: &str, text: &str, needles: impl IntoIterator<Item = String>) {
    let missing: Vec<String> = needles
        .into_iter()
        .filter(|needle| !text.contains(needle.as_str()))
        .collect();
    assert!(missing.is_empty(), "{what} does not name {missing:?}");
}

#[test]
fn readme_names_every_algorithm_and_heuristic_of_the_registry() {
    let readme = read("README.md");
    let names = Algorithm::ALL.iter().map(|a| format!("`{}`", a.name()));
    assert_names("README.md", &readme, names);
    let heuristics = frontier_cli::domains::heuristics()
        .iter()
        .map(|h| format!("`{}`", h.name()));
    assert_names("README.md", &readme, heuristics);
}

#[test]
fn opening_paragraphs_name_every_core_search() {
    for path in ["README.md", "crates/frontier/README.md"] {
        let text = read(path);
        let opening = until(&text, "```");
        assert_names(
            &format!("{path}'s opening paragraph"),
            opening,
            cores().iter().map(|core| core.prose.to_owned()),
        );
    }
    let cli = read("crates/cli/README.md");
    let compare = cli
        .lines()
        .find(|line| line.starts_with("| `frontier compare`"))
        .expect("crates/cli/README.md has a row for frontier compare");
    let labels = Algorithm::ALL
        .iter()
        .filter(|a| a.searches() && !a.is_dense() && core(**a).is_some())
        .map(|a| core(*a).map_or("", |core| core.prose).to_owned())
        .filter(|prose| prose.chars().any(char::is_uppercase));
    assert_names("crates/cli/README.md's compare row", compare, labels);
}

#[test]
fn crate_docs_list_every_core_search_and_its_searcher() {
    let lib = read("crates/frontier/src/lib.rs");
    let algorithms = until(&lib, "//! # API themes");
    assert_names(
        "the core's crate docs, # Algorithms",
        algorithms,
        cores().iter().map(|core| format!("[`{}`]", core.function)),
    );
    let themes = until(&lib[algorithms.len()..], "//! No function name");
    assert_names(
        "the core's crate docs, # API themes",
        themes,
        cores().iter().flat_map(|core| {
            [
                format!("[`{}`]", core.function),
                format!("[`{}`]", core.searcher),
            ]
        }),
    );
}

#[test]
fn the_algorithms_table_has_a_row_for_every_core_search() {
    let doc = read("docs/algorithms.md");
    let table = until(&doc, "## ");
    assert_names(
        "docs/algorithms.md's table",
        table,
        cores()
            .iter()
            .map(|core| format!("| `{}` |", core.function)),
    );
}

#[test]
fn compare_help_offers_every_algorithm_and_heuristic() {
    let mut command = frontier_cli::programs::command();
    let compare = command
        .find_subcommand_mut("compare")
        .expect("frontier has a compare program");
    let help = compare.render_long_help().to_string();
    assert_names(
        "frontier compare --help",
        &help,
        Algorithm::ALL.iter().map(|a| a.name().to_owned()),
    );
    assert_names(
        "frontier compare --help",
        &help,
        frontier_cli::domains::heuristics()
            .iter()
            .map(|h| h.name().to_owned()),
    );
}
