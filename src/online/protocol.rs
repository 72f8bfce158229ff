//! The messages between the host's device and a guest's, over one WebRTC data channel each.
//! Every message is one JSON text in an envelope `{"v": PROTOCOL, "m": …}`; the version is read
//! before anything else, so two versions of Turf tell each other to update the page instead of
//! misreading each other.

use super::fairness::{Commitment, Secret, Share};
use crate::engine::{Game, Outcome, Record, Seat, ToMove};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// Version of the messages below. Bump it when any of them changes.
pub const PROTOCOL: u32 = 1;
/// A guest sends actions, shares and greetings: a few hundred bytes. Anything longer is refused
/// unread.
pub const MAX_TO_HOST: usize = 8 * 1024;
/// The host sends views and, at the end, the whole record: Long Campaign's are the largest.
pub const MAX_TO_GUEST: usize = 4 * 1024 * 1024;

/// A seat as the guests see it at the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    pub kind: SeatKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// Played on the host's device (pass-and-play there).
    Host,
    /// A friend on another device.
    Remote,
    /// A computer player, run on the host's device.
    Computer,
}

/// One log line as the guest's seat may read it, in both languages (the guest picks).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogLine {
    /// The record index of the action the line tells.
    pub action: usize,
    pub en: String,
    pub hu: String,
}

/// What the guest's seat is shown after `moves` actions of the record.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Snapshot<G: Game> {
    pub moves: usize,
    pub to_move: ToMove,
    pub view: G::View,
    /// The seat's legal actions (empty unless it is to move).
    pub legal: Vec<G::Action>,
    /// Log lines of the actions from `log_from` to `moves`: the guest already has the ones before.
    pub log_from: usize,
    pub log: Vec<LogLine>,
    pub outcome: Option<Outcome>,
}

impl<G: Game> Clone for Snapshot<G> {
    fn clone(&self) -> Self {
        Snapshot {
            moves: self.moves,
            to_move: self.to_move,
            view: self.view.clone(),
            legal: self.legal.clone(),
            log_from: self.log_from,
            log: self.log.clone(),
            outcome: self.outcome.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for Snapshot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Snapshot")
            .field("moves", &self.moves)
            .field("to_move", &self.to_move)
            .finish()
    }
}

/// From the host to one guest.
#[derive(Serialize, Deserialize)]
#[serde(bound = "", tag = "type", rename_all = "snake_case")]
pub enum ToGuest<G: Game> {
    /// The table, sent once the channel is open: the game, its options, every seat and the
    /// guest's own.
    Welcome {
        game: String,
        options: G::Options,
        seats: Vec<SeatInfo>,
        seat: Seat,
    },
    /// A new deal is coming: the host's commitment, for the guest's share in return. `deal`
    /// counts the games at this table (a rematch is deal 1, …).
    Commit { deal: u32, commitment: Commitment },
    /// The table now, as the guest's seat sees it.
    Show(Snapshot<G>),
    /// Which remote seats have lost their connection (the game waits for them).
    Away { seats: Vec<Seat> },
    /// The guest's last message was refused; nothing changed.
    Refused { reason: String },
    /// The game is over: the secret behind the commitment, every share and the whole record.
    Reveal {
        deal: u32,
        secret: Secret,
        shares: Vec<(Seat, Share)>,
        record: Record<G>,
    },
}

/// From a guest to the host.
#[derive(Serialize, Deserialize)]
#[serde(bound = "", tag = "type", rename_all = "snake_case")]
pub enum ToHost<G: Game> {
    /// The guest's share of the seed for `deal`, answering [`ToGuest::Commit`].
    Share { deal: u32, share: Share },
    /// An action of the guest's seat, played after `moves` actions of the record (so an action
    /// meant for a table that has moved on is refused, not applied to the wrong position).
    Act { moves: usize, action: G::Action },
}

#[derive(Serialize, Deserialize)]
struct Envelope<M> {
    v: u32,
    m: M,
}

/// Why a message could not be read. Nothing is applied from such a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMessage {
    TooLong {
        bytes: usize,
        limit: usize,
    },
    /// The other device runs another version of Turf: both should reload the page.
    Version {
        theirs: u32,
    },
    Json(String),
}

impl std::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMessage::TooLong { bytes, limit } => {
                write!(f, "a message of {bytes} bytes (at most {limit} are read)")
            }
            BadMessage::Version { theirs } => write!(
                f,
                "the other device runs protocol {theirs}, this one {PROTOCOL}: update the page"
            ),
            BadMessage::Json(e) => write!(f, "a malformed message ({e})"),
        }
    }
}

pub fn encode<M: Serialize>(message: &M) -> String {
    serde_json::to_string(&Envelope {
        v: PROTOCOL,
        m: message,
    })
    .expect("protocol messages always serialize")
}

/// Read one message of at most `limit` bytes: its length first, then its version, then its body.
pub fn decode<M: DeserializeOwned>(text: &str, limit: usize) -> Result<M, BadMessage> {
    if text.len() > limit {
        return Err(BadMessage::TooLong {
            bytes: text.len(),
            limit,
        });
    }
    #[derive(Deserialize)]
    struct Version {
        v: u32,
    }
    let version: Version =
        serde_json::from_str(text).map_err(|e| BadMessage::Json(e.to_string()))?;
    if version.v != PROTOCOL {
        return Err(BadMessage::Version { theirs: version.v });
    }
    let envelope: Envelope<M> =
        serde_json::from_str(text).map_err(|e| BadMessage::Json(e.to_string()))?;
    Ok(envelope.m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Match;
    use crate::games::herd::Herd;
    use crate::online::fairness::Bytes32;

    #[test]
    fn every_message_round_trips() {
        let m = Match::<Herd>::new(Default::default(), 5).unwrap();
        let snapshot = super::super::host::snapshot(&m, 1, 0);
        let messages: Vec<ToGuest<Herd>> = vec![
            ToGuest::Welcome {
                game: "herd".into(),
                options: Default::default(),
                seats: vec![SeatInfo {
                    name: "Anna".into(),
                    kind: SeatKind::Host,
                }],
                seat: 1,
            },
            ToGuest::Commit {
                deal: 0,
                commitment: Commitment::of(&Bytes32([3; 32])),
            },
            ToGuest::Show(snapshot),
            ToGuest::Away { seats: vec![1] },
            ToGuest::Refused {
                reason: "no".into(),
            },
            ToGuest::Reveal {
                deal: 0,
                secret: Bytes32([3; 32]),
                shares: vec![(1, Bytes32([4; 32]))],
                record: m.record().clone(),
            },
        ];
        for message in messages {
            let text = encode(&message);
            let back: ToGuest<Herd> = decode(&text, MAX_TO_GUEST).unwrap();
            assert_eq!(encode(&back), text);
        }
        let legal = Herd::legal(m.state());
        let to_host: Vec<ToHost<Herd>> = vec![
            ToHost::Share {
                deal: 2,
                share: Bytes32([9; 32]),
            },
            ToHost::Act {
                moves: 3,
                action: legal[0],
            },
        ];
        for message in to_host {
            let text = encode(&message);
            let back: ToHost<Herd> = decode(&text, MAX_TO_HOST).unwrap();
            assert_eq!(encode(&back), text);
        }
    }

    #[test]
    fn long_malformed_and_other_version_messages_are_refused() {
        let long = format!("{{\"v\":1,\"m\":\"{}\"}}", "x".repeat(MAX_TO_HOST));
        assert!(matches!(
            decode::<ToHost<Herd>>(&long, MAX_TO_HOST),
            Err(BadMessage::TooLong { .. })
        ));
        assert!(matches!(
            decode::<ToHost<Herd>>("{\"v\":1,\"m\":{\"type\":\"act\"", MAX_TO_HOST),
            Err(BadMessage::Json(_))
        ));
        assert!(matches!(
            decode::<ToHost<Herd>>("{\"v\":1,\"m\":{\"type\":\"cheat\"}}", MAX_TO_HOST),
            Err(BadMessage::Json(_))
        ));
        assert_eq!(
            decode::<ToHost<Herd>>("{\"v\":99,\"m\":{\"type\":\"anything new\"}}", MAX_TO_HOST)
                .err(),
            Some(BadMessage::Version { theirs: 99 })
        );
    }
}
