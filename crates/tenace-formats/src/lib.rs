//! Hand-record formats: PBN deal strings (PBN 2.1, the `Deal` tag's value) in [`pbn`];
//! whole PBN files (games of tags, auctions, play, tables, commentary) in [`pbn_file`]; a
//! PBN game as a Contract Bridge deal, its auction and play replayed, in [`pbn_board`];
//! a deal written back as a PBN game in [`pbn_export`]; double-dummy analysis and par as
//! PBN tags in [`pbn_analysis`]; Bridge Base Online's LIN hand records as boards in
//! [`lin`].
//!
//! ```
//! use tenace_formats::pbn::{format_deal, parse_deal};
//! use tenace_cards::Seat;
//! let text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
//! let deal = parse_deal(text).unwrap();
//! assert_eq!(deal.first, Seat::North);
//! assert_eq!(format_deal(deal.first, &deal.complete().unwrap()), text);
//! ```
#![forbid(unsafe_code)]

pub mod lin;
pub mod pbn;
pub mod pbn_analysis;
pub mod pbn_board;
pub mod pbn_export;
pub mod pbn_file;
