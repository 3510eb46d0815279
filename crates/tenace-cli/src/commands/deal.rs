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
  tenace deal --game devils-bridge --players 5 --seed 3
  tenace deal --game bridgette --seed 3

Deal k of a run uses seed N+k, so `--seed 7` prints the deal the engine protocol's
{\"cmd\":\"new\",\"game\":\"bridge\",\"seed\":7} plays. Each line starts with the dealer's seat.
Five Crowns hands have five groups (stars.spades.hearts.diamonds.clubs) and the joker as +JK.
Devil's Bridge deals one hand of the largest size (or --size) for --players (3 to 7,
default 4): the dealer, the turned-up trump card, then each player's cards; this is the hand
{\"cmd\":\"new\",\"game\":\"devils-bridge\",\"seed\":N,\"options\":{\"players\":5}} plays.
Bridgette prints the dealer, the up-card, each player's 13 cards and the stock below the
up-card, top first: the deal {\"cmd\":\"new\",\"game\":\"bridgette\",\"seed\":N} plays.")]
pub struct DealArgs {
    /// The game to deal.
    #[arg(long, value_enum, default_value = "bridge")]
    game: GameName,
    /// The seed of the first deal (required for the bridge games; default 0 in Devil's
    /// Bridge).
    #[arg(long)]
    seed: Option<u64>,
    /// How many deals to print.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Devil's Bridge: the number of players, 3 to 7 (default 4).
    #[arg(long)]
    players: Option<u8>,
    /// Devil's Bridge: cards in each hand (default: the largest hand of the series).
    #[arg(long)]
    size: Option<usize>,
}

/// Prints the deals.
pub fn run(args: DealArgs) -> Result<(), String> {
    args.game.check_players(args.players)?;
    if args.game.is_devils() {
        let options = super::devils::options(None, args.players)?;
        return super::devils::deal(options, args.seed.unwrap_or(0), args.count, args.size);
    }
    if args.size.is_some() {
        return Err("--size: only devils-bridge hands vary in size".into());
    }
    if args.game == GameName::Bridgette {
        let seed = args.seed.ok_or("--seed: required (e.g. --seed 3)")?;
        return super::bridgette::deal(super::bridgette::options(None)?, seed, args.count);
    }
    let (variant, options) = args.game.resolve(None)?;
    let seed = args
        .seed
        .ok_or("--seed: required for the bridge games (e.g. --seed 7)")?;
    for k in 0..args.count {
        let seed = seed
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
