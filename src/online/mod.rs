//! Online tables with no server (DESIGN.md, "Online tables"): the host's browser runs the match
//! as in pass-and-play, and each friend's browser is one more seat, reached over a WebRTC data
//! channel. This module is the protocol: its messages, the commit and reveal that makes the seed
//! nobody's choice, the host's checks on every guest message, the guest's record of what it was
//! shown and its verification at the end, and the invitation and reply codes. Plain Rust, tested
//! natively; only the transport (`ui::online`) touches the browser.

pub mod code;
pub mod fairness;
pub mod guest;
pub mod host;
pub mod protocol;

pub use crate::engine::Seat;
