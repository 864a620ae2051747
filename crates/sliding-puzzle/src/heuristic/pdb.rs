//! Pattern databases: see the performance work.
