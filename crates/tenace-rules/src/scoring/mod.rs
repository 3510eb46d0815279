//! Scoring (to be written).
