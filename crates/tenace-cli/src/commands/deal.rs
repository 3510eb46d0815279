//! `tenace deal`: seeded deals in PBN notation.

use clap::Args;
use tenace_formats::pbn::format_deal_for;
use tenace_rules::Vulnerability;
use tenace_rules::bridge::BridgeSetup;

use super::GameName;

/// Deal hands from a seed.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  tenace deal --seed 7
  tenace deal --seed 100 --count 5
  tenace deal --game five-crowns --seed 3

Deal k of a run uses seed N+k, so `--seed 7` prints the deal the engine protocol's
{\"cmd\":\"new\",\"game\":\"bridge\",\"seed\":7} plays. Each line starts with the dealer's seat.
Five Crowns hands have five groups (stars.spades.hearts.diamonds.clubs) and the joker as +JK.")]
pub struct DealArgs {
    /// The game to deal.
    #[arg(long, value_enum, default_value = "bridge")]
    game: GameName,
    /// The seed of the first deal.
    #[arg(long)]
    seed: u64,
    /// How many deals to print.
    #[arg(long, default_value_t = 1)]
    count: u64,
}

/// Prints the deals.
pub fn run(args: DealArgs) -> Result<(), String> {
    let (variant, options) = args.game.resolve(None)?;
    for k in 0..args.count {
        let seed = args
            .seed
            .checked_add(k)
            .ok_or("--count: the seeds would pass 2^64-1")?;
        let setup = BridgeSetup::seeded(variant, seed, None, Vulnerability::None, options.clone());
        println!(
            "{}",
            format_deal_for(variant.deck(), setup.dealer, &setup.hands)
        );
    }
    Ok(())
}
