//! Fair randomness by commit and reveal (issue #17, "Who knows what"): before the deal the host
//! sends the hash of a secret of its own; each guest then sends a random share; the match seed
//! is the hash of the secret and every share. The host cannot pick the seed (it is bound to its
//! secret before it sees the shares) and no guest can (it never sees the secret until the end).

use super::Seat;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// 32 random bytes, written as 64 lowercase hex digits in messages and saves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Bytes32(pub [u8; 32]);

impl Bytes32 {
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl TryFrom<String> for Bytes32 {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        if text.len() != 64 || !text.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err("expected 64 hexadecimal digits".into());
        }
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|e| e.to_string())?;
        }
        Ok(Bytes32(out))
    }
}

impl From<Bytes32> for String {
    fn from(b: Bytes32) -> String {
        b.hex()
    }
}

/// The host's secret: kept on the host's device until the game ends.
pub type Secret = Bytes32;
/// A guest's random share.
pub type Share = Bytes32;

/// What the host sends first: SHA-256 of its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment(pub Bytes32);

impl Commitment {
    pub fn of(secret: &Secret) -> Self {
        Commitment(Bytes32(Sha256::digest(secret.0).into()))
    }

    pub fn opens_to(&self, secret: &Secret) -> bool {
        *self == Commitment::of(secret)
    }
}

/// The match seed from the host's secret and every guest's share, in seat order. A domain tag
/// keeps this hash apart from the commitment's.
pub fn derive_seed(secret: &Secret, shares: &[(Seat, Share)]) -> u64 {
    let mut shares = shares.to_vec();
    shares.sort_by_key(|(seat, _)| *seat);
    let mut hash = Sha256::new();
    hash.update(b"turf seed v1");
    hash.update(secret.0);
    for (seat, share) in &shares {
        hash.update((*seat as u64).to_le_bytes());
        hash.update(share.0);
    }
    let digest = hash.finalize();
    u64::from_le_bytes(
        digest[..8]
            .try_into()
            .expect("a SHA-256 digest has 32 bytes"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(n: u8) -> Bytes32 {
        Bytes32([n; 32])
    }

    #[test]
    fn a_commitment_opens_only_to_its_secret() {
        let c = Commitment::of(&b(1));
        assert!(c.opens_to(&b(1)));
        assert!(!c.opens_to(&b(2)));
        // SHA-256 of 32 bytes of 0x01, so the hash is the standard one and not a home-made mix.
        assert_eq!(
            c.0.hex(),
            "72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793"
        );
    }

    #[test]
    fn every_share_and_the_secret_change_the_seed() {
        let shares = [(1, b(7)), (2, b(8))];
        let seed = derive_seed(&b(1), &shares);
        assert_ne!(seed, derive_seed(&b(2), &shares));
        assert_ne!(seed, derive_seed(&b(1), &[(1, b(7)), (2, b(9))]));
        assert_ne!(seed, derive_seed(&b(1), &[(1, b(8)), (2, b(7))]));
        // Seat order, not arrival order, decides.
        assert_eq!(seed, derive_seed(&b(1), &[(2, b(8)), (1, b(7))]));
    }

    #[test]
    fn hex_round_trips_and_bad_hex_is_refused() {
        let x = Bytes32([0xab; 32]);
        let text = serde_json::to_string(&x).unwrap();
        assert_eq!(serde_json::from_str::<Bytes32>(&text).unwrap(), x);
        assert!(serde_json::from_str::<Bytes32>("\"abc\"").is_err());
        assert!(serde_json::from_str::<Bytes32>(&format!("\"{}\"", "zz".repeat(32))).is_err());
    }
}
