//! The invitation and the reply that players pass along themselves (a chat, a mail, a QR code):
//! each carries one side's WebRTC session description. Written as JSON, deflated and in URL-safe
//! base64, so that an invitation is a plain link to Turf (`…/#join=CODE`) short enough for one
//! QR code.

use super::protocol::PROTOCOL;
use super::Seat;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// Where an invitation puts its code in the link.
pub const JOIN_FRAGMENT: &str = "#join=";
/// A code longer than this is not one of ours (and would not fit a QR code anyway).
const MAX_CODE: usize = 4096;

/// What the host sends a friend for one seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Invitation {
    pub v: u32,
    pub game: String,
    /// The name of the player who hosts (the first human seat on the host's device).
    pub host: String,
    pub seat: Seat,
    pub name: String,
    /// The seat's colour (a `seat-…` class), shown to the guest before anything is dealt.
    pub colour: String,
    /// The table's id: a guest who rejoins the same table keeps what it was shown.
    pub table: String,
    pub sdp: String,
}

/// What the guest sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    pub v: u32,
    pub seat: Seat,
    pub table: String,
    pub sdp: String,
}

/// Why a pasted code cannot be used, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadCode {
    /// Not a code at all (cut short, mistyped, another app's).
    Unreadable,
    /// Made by another version of Turf.
    Version(u32),
}

pub fn encode<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_vec(value).expect("codes always serialize");
    URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&json, 10))
}

fn decode<T: DeserializeOwned>(code: &str, version: impl Fn(&T) -> u32) -> Result<T, BadCode> {
    let code = code.trim();
    // The whole link may be pasted where the code alone is expected.
    let code = code.rsplit_once(JOIN_FRAGMENT).map_or(code, |(_, c)| c);
    if code.len() > MAX_CODE {
        return Err(BadCode::Unreadable);
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(code)
        .map_err(|_| BadCode::Unreadable)?;
    let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, 64 * 1024)
        .map_err(|_| BadCode::Unreadable)?;
    #[derive(Deserialize)]
    struct Versioned {
        v: u32,
    }
    let v = serde_json::from_slice::<Versioned>(&json)
        .map_err(|_| BadCode::Unreadable)?
        .v;
    if v != PROTOCOL {
        return Err(BadCode::Version(v));
    }
    let value: T = serde_json::from_slice(&json).map_err(|_| BadCode::Unreadable)?;
    debug_assert_eq!(version(&value), v);
    Ok(value)
}

pub fn read_invitation(code: &str) -> Result<Invitation, BadCode> {
    decode(code, |i: &Invitation| i.v)
}

pub fn read_reply(code: &str) -> Result<Reply, BadCode> {
    decode(code, |r: &Reply| r.v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session description as Chromium writes it for one data channel (a real one, from the
    /// WebRTC probe): about 650 characters.
    const SDP: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\nm=application 49203 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 192.0.2.10\r\na=candidate:1467250027 1 udp 2122260223 192.0.2.10 49203 typ host generation 0 network-id 1\r\na=ice-ufrag:EsAw\r\na=ice-pwd:P2uYro0UCOQ4zxjKO4lyfBW5\r\na=ice-options:trickle\r\na=fingerprint:sha-256 2D:26:E7:6E:0F:D4:4C:A2:75:6A:24:C6:64:80:A4:10:4E:50:5F:B4:2B:84:3B:E2:0C:6B:FC:8C:43:A4:D8:76\r\na=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    fn invitation() -> Invitation {
        Invitation {
            v: PROTOCOL,
            game: "toy-battle".into(),
            host: "Anna".into(),
            seat: 1,
            name: "Bence".into(),
            colour: "blue".into(),
            table: "k3j9x2".into(),
            sdp: SDP.into(),
        }
    }

    #[test]
    fn codes_round_trip_and_are_shorter_than_their_json() {
        let i = invitation();
        let code = encode(&i);
        assert_eq!(read_invitation(&code), Ok(i.clone()));
        assert!(code.len() < serde_json::to_string(&i).unwrap().len());
        assert!(code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        // The whole link works where the code is asked for.
        let link = format!("https://example.org/turf/{JOIN_FRAGMENT}{code}");
        assert_eq!(read_invitation(&link), Ok(i));
        let r = Reply {
            v: PROTOCOL,
            seat: 1,
            table: "k3j9x2".into(),
            sdp: SDP.into(),
        };
        assert_eq!(read_reply(&encode(&r)), Ok(r));
    }

    /// A whole invitation link (a real offer, a GitHub Pages address) fits one QR code of a size a
    /// phone camera reads at arm's length from a screen: version 20 or less at level L.
    #[test]
    fn an_invitation_link_fits_one_qr_code() {
        let link = format!(
            "https://turf-games.github.io/turf/{JOIN_FRAGMENT}{}",
            encode(&invitation())
        );
        let code = qrcode::QrCode::with_error_correction_level(link.as_bytes(), qrcode::EcLevel::L)
            .expect("the link fits a QR code");
        let qrcode::Version::Normal(version) = code.version() else {
            panic!("a micro QR code for {} characters", link.len());
        };
        println!(
            "invitation link {} characters: QR version {version}",
            link.len()
        );
        assert!(
            version <= 20,
            "QR version {version} for {} characters",
            link.len()
        );
    }

    #[test]
    fn a_damaged_or_foreign_code_is_refused() {
        let code = encode(&invitation());
        assert_eq!(
            read_invitation(&code[..code.len() / 2]),
            Err(BadCode::Unreadable)
        );
        assert_eq!(read_invitation("hello there"), Err(BadCode::Unreadable));
        assert_eq!(
            read_invitation(&"A".repeat(MAX_CODE + 1)),
            Err(BadCode::Unreadable)
        );
        // A reply pasted where an invitation is expected, and the other way round.
        let reply = encode(&Reply {
            v: PROTOCOL,
            seat: 1,
            table: "t".into(),
            sdp: SDP.into(),
        });
        assert_eq!(read_invitation(&reply), Err(BadCode::Unreadable));
        assert_eq!(read_reply(&code).map(|_| ()), Err(BadCode::Unreadable));
        let newer = Invitation {
            v: PROTOCOL + 1,
            ..invitation()
        };
        assert_eq!(
            read_invitation(&encode(&newer)),
            Err(BadCode::Version(PROTOCOL + 1))
        );
    }
}
