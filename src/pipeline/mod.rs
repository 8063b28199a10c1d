//! The record stream of `convert` and `show`.

pub(crate) mod frame;
