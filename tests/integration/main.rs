//! bbconv's integration tests, compiled into one test binary.

mod algebra;
mod batch;
mod canon;
mod checked_values;
mod cli;
mod explore;
mod forms;
mod hostile;
mod infer;
mod layouts;
mod nopanic;
mod notations;
mod options;
mod paste;
mod pipeline;
mod props;
mod real;
mod same_bytes;
mod shipping;
mod tables;
mod tables_diff;
mod train;
mod util;
