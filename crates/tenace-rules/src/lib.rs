//! The rules of the bridge family: the [`Game`] trait, the shared auction and trick play,
//! scoring, and one module per game.
#![forbid(unsafe_code)]

pub mod contract;
pub mod scoring;

pub use contract::{Contract, ContractParseError, Doubling, Vulnerability, VulnerabilityParseError};
