//! The strain by declarer table.

use tenace_cards::{Player, Strain};

/// Tricks for each declarer in each strain: declarer's side's tricks when the player on
/// declarer's left leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DdTable {
    strains: Vec<Strain>,
    players: usize,
    /// Row per strain, column per declarer.
    tricks: Vec<u8>,
}

impl DdTable {
    /// An all-zero table.
    pub fn new(strains: Vec<Strain>, players: usize) -> DdTable {
        let tricks = vec![0; strains.len() * players];
        DdTable {
            strains,
            players,
            tricks,
        }
    }

    /// The strains, in row order.
    pub fn strains(&self) -> &[Strain] {
        &self.strains
    }

    /// The number of declarers (columns).
    pub fn players(&self) -> usize {
        self.players
    }

    pub(crate) fn set(&mut self, row: usize, declarer: usize, tricks: u8) {
        self.tricks[row * self.players + declarer] = tricks;
    }

    /// Sets declarer's tricks in a strain (a table from elsewhere, e.g. for [`crate::par()`]).
    /// Returns `false`, changing nothing, when the table lacks that strain or declarer.
    pub fn set_tricks(&mut self, strain: Strain, declarer: impl Into<Player>, tricks: u8) -> bool {
        let declarer = declarer.into().index();
        match self.strains.iter().position(|&s| s == strain) {
            Some(row) if declarer < self.players => {
                self.set(row, declarer, tricks);
                true
            }
            _ => false,
        }
    }

    /// Declarer's tricks in a strain, if the table has that strain and declarer.
    pub fn tricks(&self, strain: Strain, declarer: impl Into<Player>) -> Option<u8> {
        let declarer = declarer.into().index();
        let row = self.strains.iter().position(|&s| s == strain)?;
        (declarer < self.players).then(|| self.tricks[row * self.players + declarer])
    }
}
