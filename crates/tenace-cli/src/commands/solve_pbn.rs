//! `tenace solve --pbn FILE --write OUT`: a whole PBN file's deals solved double dummy,
//! their tables and par added as tags, and the file written back in export format.

use std::path::Path;

use tenace_cards::{Seat, Strain};
use tenace_formats::pbn_analysis::{ParResult, analysis_tags, set_tags};
use tenace_formats::pbn_board::{DdTricks, PbnBoardError, setups_from_file};
use tenace_formats::pbn_file::{format_pbn_file, parse_pbn_file};
use tenace_rules::bridge::{BridgeSetup, BridgeVariant};
use tenace_solver::par;

use super::progress;

/// Reads `input`, solves every game with four known hands on every core (or `threads`),
/// each worker a deal with a solver of `memory` bytes, and writes the whole file with
/// the analysis tags added to `output`. Nothing is written when the file cannot be read
/// or a deal cannot be solved.
pub fn run(
    input: &Path,
    output: &Path,
    threads: Option<usize>,
    memory: usize,
) -> Result<(), String> {
    let text =
        std::fs::read(input).map_err(|e| format!("--pbn: cannot read {}: {e}", input.display()))?;
    // PBN files are often Latin-1: a byte that is not UTF-8 is read as that.
    let text = match String::from_utf8(text) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    let mut file = parse_pbn_file(&text).map_err(|e| format!("--pbn: {e}"))?;

    // The games with a full deal, and how many have none.
    let mut jobs: Vec<(usize, BridgeSetup)> = Vec::new();
    let mut without = 0;
    let mut variants = 0;
    for (index, setup) in setups_from_file(&file).into_iter().enumerate() {
        match setup {
            // The analysis tags count tricks under Contract Bridge's rules; a Deuces Wild
            // game (its TenaceGame tag) keeps its file's tags as they are.
            Ok(setup) if setup.variant != BridgeVariant::Standard => variants += 1,
            Ok(setup) => jobs.push((index, setup)),
            Err(PbnBoardError::IncompleteDeal { .. }) => without += 1,
            Err(PbnBoardError::Missing { at }) if at.tag.as_deref() == Some("Deal") => {
                without += 1;
            }
            Err(e) => return Err(format!("--pbn: {e}")),
        }
    }

    let mut results: Vec<(DdTricks, ParResult)> = Vec::with_capacity(jobs.len());
    progress::solve_in_order(
        jobs.len(),
        "deals",
        threads,
        memory,
        |solver, k| {
            let (index, setup) = &jobs[k];
            let table = solver
                .table(&setup.hands)
                .map_err(|e| format!("--pbn: PBN game {}: {e}", index + 1))?;
            let par = par(&table, setup.vulnerability, setup.dealer);
            let mut tricks = DdTricks::default();
            for seat in Seat::ALL {
                for strain in Strain::STANDARD {
                    if let Some(n) = table.tricks(strain, seat) {
                        tricks.set(seat, strain, n);
                    }
                }
            }
            let par = ParResult {
                score: par.score,
                contracts: par
                    .contracts
                    .iter()
                    .map(|c| (c.contract, c.declarer))
                    .collect(),
            };
            Ok((tricks, par))
        },
        |_, result| results.push(result),
    )?;

    for ((index, _), (tricks, par)) in jobs.iter().zip(&results) {
        set_tags(&mut file.games[*index], analysis_tags(tricks, Some(par)));
    }
    std::fs::write(output, format_pbn_file(&file))
        .map_err(|e| format!("--write: cannot write {}: {e}", output.display()))?;
    let variants = if variants > 0 {
        format!(", {variants} Deuces Wild games left as they were")
    } else {
        String::new()
    };
    println!(
        "solved {} deals, {without} games without a full deal left as they were{variants}, \
         wrote {}",
        jobs.len(),
        output.display()
    );
    Ok(())
}
