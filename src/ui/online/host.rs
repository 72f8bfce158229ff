//! The host's device at an online table: the lobby where friends are invited and the seed is
//! dealt by commit and reveal, and the host's part of the table: every guest is shown its seat's
//! view after each action, its messages are checked before anything changes, and at the end it
//! gets the secret and the record to verify. The match is the table's, as in pass-and-play.

use super::peer::{Peer, PeerEvents};
use super::{invitation_link, link_words, random32, CodeBox, StunSetting};
use crate::ai::Level;
use crate::engine::{Game, Match, Seat, ToMove};
use crate::i18n::Lang;
use crate::online::code::{self, Invitation, Reply};
use crate::online::fairness::{Commitment, Share};
use crate::online::host::{self as rules, Dealing, Gate, Refusal};
use crate::online::protocol::{encode, SeatInfo, SeatKind, ToGuest, ToHost, PROTOCOL};
use crate::t;
use crate::ui::catalogue::{with_ui_game, UiVisitor};
use crate::ui::game_ui::{GameUi, LOOKS};
use crate::ui::{saves, use_lang, Screen, SeatSpec, TableSpec};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use std::sync::Arc;

/// How long a pasted reply may take to become a connection before the host is told to try
/// another way.
const CONNECT_MS: u64 = 20_000;

/// What an online table adds to its save: the table's id and the deal's commit and reveal (the
/// secret stays on the host's device until the end).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OnlineSpec {
    pub table: String,
    pub dealing: Dealing,
}

/// A table about to be dealt: the seats and options chosen at setup (or of the last game, for a
/// rematch) and the deal's number. A game's own build carries it to the whole app as JSON
/// ([`crate::ui::builds`]: online tables are the whole app's).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LobbySpec {
    pub game: String,
    pub seats: Vec<SeatSpec>,
    /// The game's options as JSON (the lobby is not typed by the game).
    pub options: String,
    pub table: String,
    pub deal: u32,
}

/// A remote seat's connection, as the host's screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// Making the invitation (gathering the network candidates).
    Preparing,
    /// The invitation is ready to pass along; the reply is awaited.
    Invited {
        link: String,
    },
    /// The reply is in; the channel is opening.
    Connecting {
        link: String,
    },
    Connected,
    Away,
    Failed {
        link: Option<String>,
        reason: String,
    },
}

/// The game-typed part of hosting, behind a trait so that the session is written once.
trait Hosted {
    fn welcome(&self, options: &str, seats: Vec<SeatInfo>, seat: Seat) -> Option<String>;
    fn commit(&self, deal: u32, commitment: &Commitment) -> String;
    fn away(&self, seats: Vec<Seat>) -> String;
    fn refused(&self, reason: String) -> String;
    /// Read a guest's message and, for an action, play it on the table's match.
    fn read(&self, seat: Seat, text: &str, gate: &mut Gate, now: f64) -> Result<Taken, Refusal>;
    /// Track the match, so an effect re-runs after every action.
    fn track(&self) -> Option<(usize, bool)>;
    fn show(&self, seat: Seat, log_from: usize) -> Option<String>;
    fn reveal(&self, dealing: &Dealing) -> Option<String>;
    fn new_record(&self, options: &str, seed: u64) -> Result<String, String>;
    fn attach(&self, game: &dyn std::any::Any);
}

enum Taken {
    Share { deal: u32, share: Share },
    Played,
}

struct Hosting<G: Game> {
    game: RefCell<Option<RwSignal<Match<G>>>>,
}

impl<G: Game> Hosted for Hosting<G> {
    fn welcome(&self, options: &str, seats: Vec<SeatInfo>, seat: Seat) -> Option<String> {
        let options: G::Options = serde_json::from_str(options).ok()?;
        Some(encode(&ToGuest::<G>::Welcome {
            game: G::ID.into(),
            options,
            seats,
            seat,
        }))
    }
    fn commit(&self, deal: u32, commitment: &Commitment) -> String {
        encode(&ToGuest::<G>::Commit {
            deal,
            commitment: commitment.clone(),
        })
    }
    fn away(&self, seats: Vec<Seat>) -> String {
        encode(&ToGuest::<G>::Away { seats })
    }
    fn refused(&self, reason: String) -> String {
        encode(&ToGuest::<G>::Refused { reason })
    }
    fn read(&self, seat: Seat, text: &str, gate: &mut Gate, now: f64) -> Result<Taken, Refusal> {
        match rules::receive::<G>(text, gate, now)? {
            ToHost::Share { deal, share } => Ok(Taken::Share { deal, share }),
            ToHost::Act { moves, action } => {
                let game = (*self.game.borrow()).ok_or(Refusal::NotYourTurn)?;
                let mut result = Err(Refusal::NotYourTurn);
                game.try_update(|m| result = rules::act(m, seat, moves, &action));
                result.map(|_| Taken::Played)
            }
        }
    }
    fn track(&self) -> Option<(usize, bool)> {
        let game = (*self.game.borrow())?;
        game.try_with(|m| (m.record().actions.len(), m.to_move() == ToMove::Over))
    }
    fn show(&self, seat: Seat, log_from: usize) -> Option<String> {
        let game = (*self.game.borrow())?;
        game.try_with_untracked(|m| encode(&ToGuest::Show(rules::snapshot(m, seat, log_from))))
    }
    fn reveal(&self, dealing: &Dealing) -> Option<String> {
        let game = (*self.game.borrow())?;
        game.try_with_untracked(|m| {
            (m.to_move() == ToMove::Over).then(|| {
                encode(&ToGuest::<G>::Reveal {
                    deal: dealing.deal,
                    secret: dealing.secret.clone(),
                    shares: dealing.shares.clone(),
                    record: m.record().clone(),
                })
            })
        })
        .flatten()
    }
    fn new_record(&self, options: &str, seed: u64) -> Result<String, String> {
        let options: G::Options = serde_json::from_str(options).map_err(|e| e.to_string())?;
        Match::<G>::new(options, seed)
            .map(|m| m.to_json())
            .map_err(|e| e.to_string())
    }
    fn attach(&self, game: &dyn std::any::Any) {
        if let Some(game) = game.downcast_ref::<RwSignal<Match<G>>>() {
            *self.game.borrow_mut() = Some(*game);
        }
    }
}

fn hosting(game: &str) -> Option<Rc<dyn Hosted>> {
    struct Make;
    impl UiVisitor for Make {
        type Output = Rc<dyn Hosted>;
        fn visit<G: GameUi>(self) -> Rc<dyn Hosted> {
            Rc::new(Hosting::<G> {
                game: RefCell::new(None),
            })
        }
    }
    with_ui_game(game, Make)
}

/// One online table on the host's device, for as long as the page lives: the connections
/// outlast the lobby, the table and its rematches.
pub struct Session {
    pub table: String,
    game: String,
    seats: Vec<SeatSpec>,
    options: RefCell<String>,
    hosted: Rc<dyn Hosted>,
    dealing: RefCell<Dealing>,
    pub links: RwSignal<BTreeMap<Seat, Link>>,
    peers: RefCell<BTreeMap<Seat, Rc<Peer>>>,
    gates: RefCell<BTreeMap<Seat, Gate>>,
    /// Per seat, the first action whose log line it has not been sent yet.
    sent: RefCell<BTreeMap<Seat, usize>>,
    revealed: RefCell<BTreeSet<Seat>>,
    /// Every refused guest message, in words.
    pub refusals: RwSignal<Vec<String>>,
    /// Remote seats the computer plays while their player is away.
    pub stand_in: RwSignal<BTreeSet<Seat>>,
    /// Bumped when the last share of a deal arrives: the lobby then deals.
    dealt: RwSignal<u32>,
    /// Owns the signals above: the session outlives the lobby and the tables it opens, whose
    /// own signals go with them.
    _owner: Owner,
}

thread_local! {
    static SESSION: RefCell<Option<Rc<Session>>> = const { RefCell::new(None) };
}

pub fn session() -> Option<Rc<Session>> {
    SESSION.with(|s| s.borrow().clone())
}

fn remote_seats(seats: &[SeatSpec]) -> Vec<Seat> {
    (0..seats.len()).filter(|&s| seats[s].remote).collect()
}

/// The seats as guests are told of them.
fn seat_infos(seats: &[SeatSpec]) -> Vec<SeatInfo> {
    seats
        .iter()
        .map(|s| SeatInfo {
            name: s.name.clone(),
            kind: if s.remote {
                SeatKind::Remote
            } else if s.ai.is_some() {
                SeatKind::Computer
            } else {
                SeatKind::Host
            },
        })
        .collect()
}

impl Session {
    fn open(
        table: String,
        game: String,
        seats: Vec<SeatSpec>,
        options: String,
        dealing: Dealing,
    ) -> Option<Rc<Session>> {
        if let Some(s) = session().filter(|s| s.table == table) {
            *s.options.borrow_mut() = options;
            if s.dealing.borrow().deal != dealing.deal {
                *s.dealing.borrow_mut() = dealing;
                s.revealed.borrow_mut().clear();
                s.sent.borrow_mut().clear();
            }
            return Some(s);
        }
        if let Some(old) = session() {
            old.close();
        }
        let links = remote_seats(&seats)
            .into_iter()
            .map(|s| (s, Link::Away))
            .collect();
        // A root owner sets itself as the current one: the lobby's own owner comes back after.
        let outer = Owner::current();
        let owner = Owner::new_root(None);
        if let Some(outer) = &outer {
            outer.set();
        }
        let (links, refusals, stand_in, dealt) = owner.with(|| {
            (
                RwSignal::new(links),
                RwSignal::new(Vec::new()),
                RwSignal::new(BTreeSet::new()),
                RwSignal::new(0),
            )
        });
        let session = Rc::new(Session {
            table,
            hosted: hosting(&game)?,
            game,
            seats,
            options: RefCell::new(options),
            dealing: RefCell::new(dealing),
            links,
            peers: RefCell::new(BTreeMap::new()),
            gates: RefCell::new(BTreeMap::new()),
            sent: RefCell::new(BTreeMap::new()),
            revealed: RefCell::new(BTreeSet::new()),
            refusals,
            stand_in,
            dealt,
            _owner: owner,
        });
        SESSION.with(|s| *s.borrow_mut() = Some(session.clone()));
        Some(session)
    }

    fn close(&self) {
        for peer in std::mem::take(&mut *self.peers.borrow_mut()).into_values() {
            peer.close();
        }
    }

    fn set_link(&self, seat: Seat, link: Link) {
        self.links.update(|l| {
            l.insert(seat, link);
        });
    }

    fn send(&self, seat: Seat, text: &str) -> bool {
        let peer = self.peers.borrow().get(&seat).cloned();
        peer.is_some_and(|p| p.send(text))
    }

    /// Make a fresh invitation for `seat` (its first, or after it went away).
    fn invite(self: &Rc<Self>, seat: Seat) {
        if let Some(old) = self.peers.borrow_mut().remove(&seat) {
            old.close();
        }
        self.set_link(seat, Link::Preparing);
        let me = Rc::downgrade(self);
        let events = PeerEvents {
            open: Box::new({
                let me = me.clone();
                move || {
                    if let Some(s) = me.upgrade() {
                        s.joined(seat);
                    }
                }
            }),
            message: Box::new({
                let me = me.clone();
                move |text| {
                    if let Some(s) = me.upgrade() {
                        s.receive(seat, &text);
                    }
                }
            }),
            lost: Box::new(move || {
                if let Some(s) = me.upgrade() {
                    s.lost(seat);
                }
            }),
        };
        let session = self.clone();
        leptos::task::spawn_local(async move {
            match Peer::offer(super::Stun::get(), events).await {
                Ok((peer, sdp)) => {
                    let host = session
                        .seats
                        .iter()
                        .find(|s| s.ai.is_none() && !s.remote)
                        .map_or_else(String::new, |s| s.name.clone());
                    let invitation = Invitation {
                        v: PROTOCOL,
                        game: session.game.clone(),
                        host,
                        seat,
                        name: session.seats[seat].name.clone(),
                        colour: LOOKS[seat % LOOKS.len()].colour.to_string(),
                        table: session.table.clone(),
                        sdp,
                    };
                    session.peers.borrow_mut().insert(seat, peer);
                    let link = invitation_link(&code::encode(&invitation));
                    session.set_link(seat, Link::Invited { link });
                }
                Err(reason) => session.set_link(seat, Link::Failed { link: None, reason }),
            }
        });
    }

    /// The guest's reply for `seat`, pasted by the host.
    fn connect(self: &Rc<Self>, seat: Seat, pasted: &str, lang: Lang) {
        let link = match self.links.with_untracked(|l| l.get(&seat).cloned()) {
            Some(Link::Invited { link })
            | Some(Link::Failed {
                link: Some(link), ..
            }) => link,
            _ => return,
        };
        let fail = |reason: String| Link::Failed {
            link: Some(link.clone()),
            reason,
        };
        let reply: Reply = match code::read_reply(pasted) {
            Ok(r) => r,
            Err(code::BadCode::Version(_)) => {
                return self.set_link(seat, fail(t!(lang, "This reply comes from another version of Turf: update the page on both devices.", "Ez a válasz a Turf egy másik változatából jött: frissítsétek az oldalt mindkét eszközön.")));
            }
            Err(code::BadCode::Unreadable) => {
                return self.set_link(
                    seat,
                    fail(t!(
                        lang,
                        "This is not a reply code: paste the whole text your friend sent.",
                        "Ez nem válaszkód: másold be a barátod által küldött teljes szöveget."
                    )),
                );
            }
        };
        if reply.seat != seat || reply.table != self.table {
            return self.set_link(
                seat,
                fail(t!(
                    lang,
                    "This reply is for another seat or table.",
                    "Ez a válasz egy másik helyre vagy asztalhoz szól."
                )),
            );
        }
        let Some(peer) = self.peers.borrow().get(&seat).cloned() else {
            return;
        };
        self.set_link(seat, Link::Connecting { link: link.clone() });
        let session = self.clone();
        leptos::task::spawn_local(async move {
            if let Err(e) = peer.accept(&reply.sdp).await {
                session.set_link(
                    seat,
                    Link::Failed {
                        link: Some(link),
                        reason: e,
                    },
                );
                return;
            }
            let later = Rc::downgrade(&session);
            set_timeout(
                move || {
                    let Some(s) = later.upgrade() else { return };
                    if matches!(
                        s.links.with_untracked(|l| l.get(&seat).cloned()),
                        Some(Link::Connecting { .. })
                    ) {
                        s.set_link(seat, Link::Failed {
                            link: Some(link),
                            reason: t!(lang,
                                "No connection could be made. On one network: check both devices are on the same Wi-Fi and try again. Across the internet: turn on the STUN server below on both devices, then send a new invitation.",
                                "Nem jött létre kapcsolat. Egy hálózaton: nézd meg, hogy mindkét eszköz ugyanazon a wifin van-e, és próbáld újra. Az interneten át: kapcsold be lent a STUN-szervert mindkét eszközön, majd küldj új meghívót."),
                        });
                    }
                },
                std::time::Duration::from_millis(CONNECT_MS),
            );
        });
    }

    /// A guest's channel opened: welcome it, and ask for its share or show it the table.
    fn joined(self: &Rc<Self>, seat: Seat) {
        self.set_link(seat, Link::Connected);
        self.gates.borrow_mut().insert(seat, Gate::default());
        self.sent.borrow_mut().insert(seat, 0);
        self.revealed.borrow_mut().remove(&seat);
        let options = self.options.borrow().clone();
        if let Some(welcome) = self.hosted.welcome(&options, seat_infos(&self.seats), seat) {
            self.send(seat, &welcome);
        }
        let dealing = self.dealing.borrow().clone();
        self.send(seat, &self.hosted.commit(dealing.deal, &dealing.commitment));
        self.away_changed();
        self.update(seat);
    }

    fn lost(&self, seat: Seat) {
        if self
            .links
            .with_untracked(|l| l.get(&seat) == Some(&Link::Connected))
        {
            self.set_link(seat, Link::Away);
            self.away_changed();
        }
    }

    /// Tell every guest who is away, so their table shows why the game waits.
    fn away_changed(&self) {
        let away: Vec<Seat> = self.links.with_untracked(|l| {
            l.iter()
                .filter(|(_, link)| **link != Link::Connected)
                .map(|(s, _)| *s)
                .collect()
        });
        let message = self.hosted.away(away);
        for seat in self.connected() {
            self.send(seat, &message);
        }
    }

    fn connected(&self) -> Vec<Seat> {
        self.links.with_untracked(|l| {
            l.iter()
                .filter(|(_, link)| **link == Link::Connected)
                .map(|(s, _)| *s)
                .collect()
        })
    }

    fn receive(self: &Rc<Self>, seat: Seat, text: &str) {
        let now = js_sys::Date::now();
        let mut gates = std::mem::take(&mut *self.gates.borrow_mut());
        let gate = gates.entry(seat).or_default();
        let read = self.hosted.read(seat, text, gate, now);
        *self.gates.borrow_mut() = gates;
        let result = match read {
            Ok(Taken::Played) => Ok(()),
            Ok(Taken::Share { deal, share }) => {
                let taken = self.dealing.borrow_mut().take(seat, deal, share);
                if taken.is_ok() && self.dealing.borrow().seed().is_some() {
                    self.dealt.update(|n| *n += 1);
                }
                taken
            }
            Err(refusal) => Err(refusal),
        };
        if let Err(refusal) = result {
            let lang = use_lang_untracked();
            let name = self.seats[seat].name.clone();
            self.refusals.update(|r| {
                r.push(t!(
                    lang,
                    "Refused from {name}'s device: {}",
                    "Elutasítva {name} eszközéről: {}",
                    refusal.describe(lang)
                ));
            });
            self.send(seat, &self.hosted.refused(refusal.describe(Lang::En)));
        }
    }

    /// Show `seat` the table as it is now, and at the end the reveal.
    fn update(&self, seat: Seat) {
        let from = self.sent.borrow().get(&seat).copied().unwrap_or(0);
        let Some(show) = self.hosted.show(seat, from) else {
            return;
        };
        if self.send(seat, &show) {
            let moves = self.hosted.track_untracked();
            self.sent.borrow_mut().insert(seat, moves);
            if !self.revealed.borrow().contains(&seat) {
                if let Some(reveal) = self.hosted.reveal(&self.dealing.borrow()) {
                    if self.send(seat, &reveal) {
                        self.revealed.borrow_mut().insert(seat);
                    }
                }
            }
        }
    }

    /// Whether the computer plays `seat` for now (a remote player who is away). Tracked.
    pub fn stands_in(&self, seat: Seat) -> bool {
        self.stand_in.with(|s| s.contains(&seat))
    }
}

impl dyn Hosted {
    fn track_untracked(&self) -> usize {
        untrack(|| self.track()).map_or(0, |(moves, _)| moves)
    }
}

fn use_lang_untracked() -> Lang {
    use_context::<RwSignal<Lang>>().map_or(Lang::En, |l| l.get_untracked())
}

/// Called by the table when it opens an online host's match: guests are now shown this match.
/// A host who reloaded gets the session back from the save, with every remote seat away.
pub fn attach<G: GameUi>(spec: &TableSpec, game: RwSignal<Match<G>>) {
    let Some(online) = spec.online.clone() else {
        return;
    };
    let options =
        game.with_untracked(|m| serde_json::to_string(&m.record().options).unwrap_or_default());
    let Some(session) = Session::open(
        online.table,
        spec.game.clone(),
        spec.seats.clone(),
        options,
        online.dealing,
    ) else {
        return;
    };
    session.hosted.attach(&game);
}

/// The computer's level for a remote seat it stands in for, if it does (tracked).
pub fn stand_in_level(seat: Seat) -> Option<Level> {
    session()
        .filter(|s| s.stands_in(seat))
        .map(|_| Level::Normal)
}

/// The lobby: an invitation per remote seat, the replies pasted back, and the deal once every
/// friend is connected and has sent its share of the seed.
pub fn lobby(spec: Arc<LobbySpec>) -> AnyView {
    let screen = expect_context::<RwSignal<Screen>>();
    let lang = use_lang();
    let remote = remote_seats(&spec.seats);
    let dealing = Dealing::new(spec.deal, random32(), remote.clone());
    let Some(session) = Session::open(
        spec.table.clone(),
        spec.game.clone(),
        spec.seats.clone(),
        spec.options.clone(),
        dealing,
    ) else {
        return view! { <p role="alert">{t!(lang.get_untracked(), "Unknown game", "Ismeretlen játék")}</p> }.into_any();
    };
    // A rematch: the friends still connected are asked for their share at once.
    let commit = {
        let d = session.dealing.borrow();
        session.hosted.commit(d.deal, &d.commitment)
    };
    for seat in &remote {
        match session.links.with_untracked(|l| l.get(seat).cloned()) {
            Some(Link::Connected) => {
                session.send(*seat, &commit);
            }
            _ => session.invite(*seat),
        }
    }
    // Deal once every share is in.
    {
        let session = session.clone();
        let spec = spec.clone();
        Effect::new(move |_| {
            if session.dealt.get() == 0 {
                return;
            }
            let dealing = session.dealing.borrow().clone();
            let Some(seed) = dealing.seed() else { return };
            match session.hosted.new_record(&spec.options, seed) {
                Ok(record) => screen.set(Screen::Table(Arc::new(TableSpec {
                    game: spec.game.clone(),
                    seats: spec.seats.clone(),
                    record,
                    save_id: saves::new_id(),
                    started: js_sys::Date::now(),
                    online: Some(OnlineSpec {
                        table: spec.table.clone(),
                        dealing,
                    }),
                    ..Default::default()
                }))),
                Err(e) => session.refusals.update(|r| r.push(e)),
            }
        });
    }
    let rows = remote
        .iter()
        .map(|&seat| view! { <RemoteSeat session=session.clone() seat=seat /> })
        .collect_view();
    let title = crate::ui::catalogue::entry(&spec.game)
        .map(|e| e.name(lang.get_untracked()))
        .unwrap_or_default();
    let leave = {
        let session = session.clone();
        move |_| {
            session.close();
            SESSION.with(|s| *s.borrow_mut() = None);
            screen.set(Screen::Home);
        }
    };
    view! {
        <section class="lobby" data-online="host">
            <h1>{title}</h1>
            <p>{move || t!(lang.get(),
                "Send each friend their invitation (a link: copy it into a chat or a mail, or let them scan the QR code). They open it, and send you back a reply: paste it here. The game is dealt when everyone is connected.",
                "Küldd el minden barátodnak a meghívóját (egy link: másold be egy csevegésbe vagy levélbe, vagy olvassák be a QR-kódot). Megnyitják, és küldenek egy választ: azt másold be ide. Amikor mindenki kapcsolódott, kezdődik az osztás.")}</p>
            <p class="trust">{move || t!(lang.get(), "Your device runs this game; the other devices see only their own seat.", "A te eszközöd futtatja a játékot; a többiek csak a saját helyüket látják.")}</p>
            <ul class="remote-seats">{rows}</ul>
            <StunSetting />
            <Refusals session=session.clone() />
            <div class="actions">
                <button on:click=leave>{move || t!(lang.get(), "Back to the games", "Vissza a játékokhoz")}</button>
            </div>
        </section>
    }
    .into_any()
}

/// One remote seat on the host's screen: its connection, and while it is not connected, its
/// invitation and the field for the reply.
#[component]
fn RemoteSeat(session: Rc<Session>, seat: Seat) -> impl IntoView {
    let lang = use_lang();
    let name = session.seats[seat].name.clone();
    let reply = RwSignal::new(String::new());
    let links = session.links;
    // The view's closures hold signals, not the session (which is not `Send`): they look it up.
    let link = move || links.with(|l| l.get(&seat).cloned());
    let invite = move || {
        if let Some(s) = self::session() {
            s.invite(seat);
        }
    };
    let body = {
        let name = name.clone();
        move || {
            let lang_now = lang.get();
            match link() {
                None | Some(Link::Connected) => None,
                Some(Link::Preparing) => Some(view! { <p>{t!(lang_now, "Preparing the invitation…", "A meghívó készül…")}</p> }.into_any()),
                Some(Link::Away) => Some(view! {
                    <div class="actions">
                        <button data-testid="reconnect" data-seat=seat.to_string() on:click=move |_| invite()>
                            {t!(lang_now, "Reconnect: a new invitation", "Újrakapcsolódás: új meghívó")}
                        </button>
                    </div>
                }.into_any()),
                Some(state @ (Link::Invited { .. } | Link::Connecting { .. } | Link::Failed { link: Some(_), .. })) => {
                    let (link, failed, connecting) = match state {
                        Link::Invited { link } => (link, None, false),
                        Link::Connecting { link } => (link, None, true),
                        Link::Failed { link, reason } => (link.unwrap_or_default(), Some(reason), false),
                        _ => unreachable!("matched above"),
                    };
                    let title = Signal::derive({
                        let name = name.clone();
                        move || t!(lang.get(), "Turf invitation for {}", "Turf-meghívó {} számára", name.clone())
                    });
                    let connect = move |_| {
                        if let Some(s) = self::session() {
                            s.connect(seat, &reply.get_untracked(), lang.get_untracked());
                        }
                    };
                    Some(view! {
                        <div class="invite">
                            <CodeBox text=link testid="invite-link" seat=seat title />
                            <label>
                                {t!(lang_now, "Their reply", "A válasza")}
                                <textarea data-testid="reply-input" data-seat=seat.to_string() rows="3"
                                    prop:value=move || reply.get()
                                    on:input=move |e| reply.set(event_target_value(&e))></textarea>
                            </label>
                            <button class="primary" data-testid="reply-connect" data-seat=seat.to_string()
                                disabled=connecting on:click=connect>
                                {if connecting { t!(lang_now, "Connecting…", "Kapcsolódás…") } else { t!(lang_now, "Connect", "Kapcsolódás") }}
                            </button>
                            {failed.map(|r| view! { <p class="notice" role="alert">{r}</p> })}
                        </div>
                    }.into_any())
                }
                Some(Link::Failed { link: None, reason }) => Some(view! {
                    <p class="notice" role="alert">{reason}</p>
                    <button on:click=move |_| invite()>{t!(lang_now, "Try again", "Újra")}</button>
                }.into_any()),
            }
        }
    };
    let connected = move || link() == Some(Link::Connected);
    view! {
        <li class="remote-seat" data-seat=seat.to_string()>
            <span class="player-name">{name}</span> " "
            <span class="link" data-remote=move || if connected() { "connected" } else { "away" }>
                {move || match link() {
                    Some(Link::Preparing | Link::Invited { .. }) => t!(lang.get(), "invited: waiting for the reply", "meghívva: a válaszra vár"),
                    Some(Link::Connecting { .. }) => t!(lang.get(), "connecting…", "kapcsolódás…"),
                    _ => link_words(connected(), lang.get()),
                }}
            </span>
            {body}
        </li>
    }
}

#[component]
fn Refusals(session: Rc<Session>) -> impl IntoView {
    let refusals = session.refusals;
    view! {
        <ul class="refusals">
            {move || refusals.get().into_iter().map(|r| view! { <li class="notice" data-testid="online-refusal">{r}</li> }).collect_view()}
        </ul>
    }
}

/// The host's part of the side panel at an online table: the trust line, each remote player's
/// connection (with Reconnect and the computer standing in while they are away), the refused
/// messages. Its effect shows every guest the table after each action.
#[component]
pub fn HostPanel(
    /// The game's part of the trust line, if it has one.
    trust: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    let session = session()?;
    {
        let session = session.clone();
        Effect::new(move |_| {
            session.hosted.track();
            for seat in session.connected() {
                session.update(seat);
            }
        });
    }
    let remote = remote_seats(&session.seats);
    let rows = remote
        .into_iter()
        .map(|seat| {
            let stand_in = session.stand_in;
            let computer = move || stand_in.with(|s| s.contains(&seat));
            let toggle = move |_| stand_in.update(|s| if !s.remove(&seat) { s.insert(seat); });
            let away = {
                let links = session.links;
                move || links.with(|l| l.get(&seat) != Some(&Link::Connected))
            };
            view! {
                <RemoteSeat session=session.clone() seat=seat />
                <Show when=move || away() || computer()>
                    <button class="stand-in" data-testid="stand-in" data-seat=seat.to_string() aria-pressed=move || computer().to_string() on:click=toggle>
                        {move || if computer() { t!(lang.get(), "Give the seat back", "A hely visszaadása") } else { t!(lang.get(), "Let the computer play meanwhile", "Addig játsszon a gép") }}
                    </button>
                </Show>
            }
        })
        .collect_view();
    Some(view! {
        <div class="online-panel" data-testid="online-panel">
            <p class="trust">{move || t!(lang.get(), "The host's device runs this game.", "A házigazda eszköze futtatja ezt a játékot.")}</p>
            {move || trust.get().map(|t| view! { <p class="trust">{t}</p> })}
            <ul class="remote-seats">{rows}</ul>
            <Refusals session=session.clone() />
        </div>
    })
}

/// The host's rematch at an online table: back to the lobby for a new commit and reveal, over
/// the connections that are still open.
pub fn rematch(spec: &TableSpec, options: String) -> Option<LobbySpec> {
    let online = spec.online.as_ref()?;
    Some(LobbySpec {
        game: spec.game.clone(),
        seats: spec.seats.clone(),
        options,
        table: online.table.clone(),
        deal: online.dealing.deal + 1,
    })
}

/// A new online table from the setup screen.
pub fn new_lobby(game: &str, seats: Vec<SeatSpec>, options: String) -> LobbySpec {
    LobbySpec {
        game: game.to_string(),
        seats,
        options,
        table: saves::new_id(),
        deal: 0,
    }
}

/// Whether a seat's row in the players panel shows a connection mark, and which.
pub fn remote_mark(seat: Seat) -> Option<bool> {
    let session = session()?;
    session
        .links
        .with(|l| l.get(&seat).map(|link| *link == Link::Connected))
}
