//! The guest's device at an online table: the join screen (the host's invitation in, the reply
//! out), then the table through this seat's eyes only. Everything the page shows comes from
//! what the host sent ([`Ledger`]); at the end the host's reveal is checked and the verdict
//! shown.

use super::peer::{Peer, PeerEvents};
use super::{random32, CodeBox, StunSetting};
use crate::engine::{Game, Match, Seat};
use crate::online::code::{self, BadCode, Invitation, Reply};
use crate::online::guest::{verify, Ledger, Mismatch};
use crate::online::protocol::{
    decode, encode, BadMessage, SeatKind, ToGuest, ToHost, MAX_TO_GUEST, PROTOCOL,
};
use crate::t;
use crate::ui::catalogue::{entry, with_ui_game, UiVisitor};
use crate::ui::game_ui::{GameUi, LOOKS};
use crate::ui::table::problem;
use crate::ui::{use_lang, Screen, SeatSpec, TableSpec};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// What the guest's table reads: the ledger of what was shown, the record once revealed and
/// verified, and how to send this seat's action. Signals only, so the table can hold it.
pub struct Feed<G: Game> {
    pub ledger: RwSignal<Option<Ledger<G>>>,
    /// The whole match, once the host revealed it and it verified.
    pub revealed: RwSignal<Option<Arc<Match<G>>>>,
    /// This seat's action, for the table after the given number of actions.
    pub send: Callback<(usize, G::Action)>,
    /// Set when an action was sent and the host has not shown the table since.
    pub pending: RwSignal<bool>,
}

impl<G: Game> Clone for Feed<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for Feed<G> {}

/// The guest's connection and verdict, read by the guest's side panel.
#[derive(Clone, Copy)]
pub struct GuestStatus {
    pub connected: RwSignal<bool>,
    /// Remote seats the host reports away.
    pub away: RwSignal<Vec<Seat>>,
    pub verdict: RwSignal<Option<Result<(), Mismatch>>>,
    pub refused: RwSignal<Option<String>>,
    /// The host runs another protocol version.
    pub outdated: RwSignal<bool>,
    pub host: RwSignal<String>,
    /// Who plays each seat, as the host told (the players panel says "Computer" for its AIs).
    pub kinds: RwSignal<Vec<SeatKind>>,
}

thread_local! {
    static PEER: RefCell<Option<Rc<Peer>>> = const { RefCell::new(None) };
}

fn send_to_host(text: &str) -> bool {
    PEER.with(|p| p.borrow().as_ref().is_some_and(|p| p.send(text)))
}

/// Where a guest keeps what it was shown, so a reload can still verify the game.
fn ledger_key(table: &str, seat: Seat) -> String {
    format!("turf.guest.{table}.{seat}")
}

fn stored_ledger<G: Game>(table: &str, seat: Seat) -> Option<Ledger<G>> {
    let store = web_sys::window()?.local_storage().ok()??;
    let text = store.get_item(&ledger_key(table, seat)).ok()??;
    serde_json::from_str(&text).ok()
}

fn store_ledger<G: Game>(table: &str, ledger: &Ledger<G>) {
    let Some(store) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return;
    };
    let key = ledger_key(table, ledger.seat);
    // A full storage only costs the check after a reload; the game goes on.
    if let Ok(text) = serde_json::to_string(ledger) {
        let _ = store.set_item(&key, &text);
    }
}

/// The join screen for the invitation in `code` (the part of the link after `#join=`).
pub fn join(code: String) -> AnyView {
    let lang = use_lang();
    let invitation = match code::read_invitation(&code) {
        Ok(i) => i,
        Err(e) => {
            let message = match e {
                BadCode::Version(_) => t!(lang.get_untracked(), "This invitation comes from another version of Turf: ask the host to update the page and send a new one.", "Ez a meghívó a Turf egy másik változatából jött: kérd meg a házigazdát, hogy frissítse az oldalt, és küldjön újat."),
                BadCode::Unreadable => t!(lang.get_untracked(), "This invitation link is damaged or cut short: ask the host to send it again.", "Ez a meghívó link sérült vagy csonka: kérd meg a házigazdát, hogy küldje el újra."),
            };
            return problem(message);
        }
    };
    struct Join(Invitation);
    impl UiVisitor for Join {
        type Output = AnyView;
        fn visit<G: GameUi>(self) -> AnyView {
            join_for::<G>(self.0)
        }
    }
    let game = invitation.game.clone();
    with_ui_game(&game, Join(invitation)).unwrap_or_else(|| {
        problem(t!(lang.get_untracked(), "This invitation is for a game this version of Turf does not know: update the page.", "Ez a meghívó olyan játékra szól, amelyet a Turf e változata nem ismer: frissítsd az oldalt."))
    })
}

/// Read one message from the host and keep what it shows. A message that cannot be read
/// changes nothing; another version asks for an update.
fn receive<G: GameUi>(text: &str, invitation: &Invitation, feed: Feed<G>, status: GuestStatus) {
    let message = match decode::<ToGuest<G>>(text, MAX_TO_GUEST) {
        Ok(m) => m,
        Err(BadMessage::Version { .. }) => return status.outdated.set(true),
        Err(e) => return status.refused.set(Some(e.to_string())),
    };
    let table = &invitation.table;
    match message {
        ToGuest::Welcome {
            game,
            options,
            seats,
            seat,
        } => {
            if game != G::ID || seat != invitation.seat {
                return status
                    .refused
                    .set(Some("a welcome for another game or seat".into()));
            }
            // A guest who rejoins the same table keeps what it was shown before.
            let kept = feed
                .ledger
                .get_untracked()
                .or_else(|| stored_ledger::<G>(table, seat))
                .filter(|l| l.game == game);
            status.kinds.set(seats.iter().map(|s| s.kind).collect());
            feed.ledger.set(Some(
                kept.unwrap_or_else(|| Ledger::new(game, options, seats, seat)),
            ));
        }
        ToGuest::Commit { deal, commitment } => {
            let mut share = None;
            feed.ledger.update(|l| {
                let Some(l) = l.as_mut() else { return };
                let same = l.deal == deal
                    && l.commitment.as_ref() == Some(&commitment)
                    && l.share.is_some();
                if !same {
                    let fresh = random32();
                    l.commit(deal, commitment, fresh.clone());
                    share = Some(fresh);
                }
            });
            if let Some(share) = share {
                status.verdict.set(None);
                feed.revealed.set(None);
                send_to_host(&encode(&ToHost::<G>::Share { deal, share }));
            }
        }
        ToGuest::Show(snapshot) => {
            feed.pending.set(false);
            feed.ledger.update(|l| {
                if let Some(l) = l.as_mut() {
                    l.show(snapshot);
                }
            });
            if let Some(l) = feed.ledger.get_untracked() {
                store_ledger(table, &l);
            }
        }
        ToGuest::Away { seats } => status.away.set(seats),
        ToGuest::Refused { reason } => {
            feed.pending.set(false);
            status.refused.set(Some(reason));
        }
        ToGuest::Reveal {
            deal,
            secret,
            shares,
            record,
        } => {
            let verdict = feed
                .ledger
                .with_untracked(|l| {
                    l.as_ref()
                        .map(|l| verify(l, deal, &secret, &shares, &record))
                })
                .unwrap_or(Err(Mismatch::NoCommitment));
            if verdict.is_ok() {
                feed.revealed
                    .set(Match::from_record(record).ok().map(Arc::new));
            }
            status.verdict.set(Some(verdict));
        }
    }
}

fn join_for<G: GameUi>(invitation: Invitation) -> AnyView {
    let lang = use_lang();
    let screen = expect_context::<RwSignal<Screen>>();
    let reply = RwSignal::new(None::<Result<String, String>>);
    let status = GuestStatus {
        connected: RwSignal::new(false),
        away: RwSignal::new(Vec::new()),
        verdict: RwSignal::new(None),
        refused: RwSignal::new(None),
        outdated: RwSignal::new(false),
        kinds: RwSignal::new(Vec::new()),
        // A host who kept the setup's "You" is "the host" on this device.
        host: RwSignal::new(
            if crate::i18n::Person::of(&invitation.host) == crate::i18n::Person::Third {
                invitation.host.clone()
            } else {
                t!(lang.get_untracked(), "the host", "a házigazda")
            },
        ),
    };
    let feed = Feed::<G> {
        ledger: RwSignal::new(None),
        revealed: RwSignal::new(None),
        send: Callback::new(move |(moves, action): (usize, G::Action)| {
            send_to_host(&encode(&ToHost::<G>::Act { moves, action }));
        }),
        pending: RwSignal::new(false),
    };
    let answer = {
        let invitation = invitation.clone();
        move || {
            let invitation = invitation.clone();
            let events = PeerEvents {
                open: Box::new(move || status.connected.set(true)),
                message: Box::new({
                    let invitation = invitation.clone();
                    move |text| receive::<G>(&text, &invitation, feed, status)
                }),
                lost: Box::new(move || status.connected.set(false)),
            };
            reply.set(None);
            leptos::task::spawn_local(async move {
                match Peer::answer(&invitation.sdp, super::Stun::get(), events).await {
                    Ok((peer, sdp)) => {
                        PEER.with(|p| {
                            if let Some(old) = p.borrow_mut().replace(peer) {
                                old.close();
                            }
                        });
                        reply.set(Some(Ok(code::encode(&Reply {
                            v: PROTOCOL,
                            seat: invitation.seat,
                            table: invitation.table.clone(),
                            sdp,
                        }))));
                    }
                    Err(e) => reply.set(Some(Err(e))),
                }
            });
        }
    };
    answer();
    on_cleanup(|| {
        PEER.with(|p| {
            if let Some(peer) = p.borrow_mut().take() {
                peer.close();
            }
        })
    });
    let at_table = Memo::new(move |_| {
        feed.ledger
            .with(|l| l.as_ref().is_some_and(|l| l.latest().is_some()))
    });
    let game_name = move || entry(G::ID).map_or(G::NAME, |e| e.name(lang.get()));
    let look = LOOKS
        .iter()
        .find(|l| l.colour == invitation.colour)
        .copied()
        .unwrap_or(LOOKS[invitation.seat % LOOKS.len()]);
    let joining = {
        let invitation = invitation.clone();
        move || {
            let lang_now = lang.get();
            let host = status.host.get();
            let title = Signal::derive(move || t!(lang.get(), "Turf reply", "Turf-válasz"));
            let body = match reply.get() {
                None => view! { <p>{t!(lang_now, "Preparing your reply…", "A válaszod készül…")}</p> }.into_any(),
                Some(Ok(code)) if !status.connected.get() => view! {
                    <p>{t!(lang_now, "Send this reply back to {}: they paste it on their device.", "Küldd vissza ezt a választ neki: {}; ő bemásolja a saját eszközén.", host.clone())}</p>
                    <CodeBox text=code testid="reply-code" title />
                }.into_any(),
                Some(Ok(_)) => view! { <p>{t!(lang_now, "Connected. Waiting for the deal…", "Kapcsolódva. Várakozás az osztásra…")}</p> }.into_any(),
                Some(Err(e)) => view! { <p class="notice" role="alert">{t!(lang_now, "No reply could be made: {e}", "Nem sikerült választ készíteni: {e}")}</p> }.into_any(),
            };
            view! {
                <section class="lobby join" data-online="guest">
                    <h1>{game_name}</h1>
                    <p class=format!("seat-{}", look.colour)>
                        <span class="seat-mark" aria-hidden="true">{look.mark}</span> " "
                        {t!(lang_now, "{} invites you to play as {} ({}).", "{} meghív, hogy {} néven játssz ({}).", sentence_start(&host), invitation.name.clone(), look.colour_name(lang_now))}
                    </p>
                    {body}
                    {move || status.outdated.get().then(|| view! { <p class="notice" role="alert">{t!(lang.get(), "The host's Turf is another version: update the page on both devices.", "A házigazda Turfja más változat: frissítsétek az oldalt mindkét eszközön.")}</p> })}
                    <StunSetting />
                    <div class="actions">
                        <button on:click=move |_| screen.set(Screen::Home)>{t!(lang_now, "Back to the games", "Vissza a játékokhoz")}</button>
                    </div>
                </section>
            }
            .into_any()
        }
    };
    let table = move || {
        let lang_now = lang.get_untracked();
        let ledger = feed.ledger.get_untracked()?;
        let own = ledger.seat;
        // Seats as this device shows them: its own is "You", a host who kept the setup's
        // "You" is the host.
        let seats = ledger
            .seats
            .iter()
            .enumerate()
            .map(|(s, info)| SeatSpec {
                name: if s == own {
                    t!(lang_now, "You", "Te")
                } else if crate::i18n::Person::of(&info.name) != crate::i18n::Person::Third {
                    t!(lang_now, "Host", "Házigazda")
                } else {
                    info.name.clone()
                },
                ai: None,
                remote: s != own,
            })
            .collect();
        let spec = Arc::new(TableSpec {
            game: G::ID.into(),
            seats,
            record: String::new(),
            save_id: String::new(),
            started: js_sys::Date::now(),
            online: None,
            ..Default::default()
        });
        Some(crate::ui::table::guest_table::<G>(spec, feed, status))
    };
    view! {
        <Show when=move || at_table.get() fallback=joining>
            {table}
        </Show>
    }
    .into_any()
}

/// The guest's part of the side panel: the connection, who is away, the trust line, and at
/// the end the verdict on the host's game.
#[component]
pub fn GuestPanel(
    status: GuestStatus,
    #[prop(optional)] over: Option<Signal<bool>>,
    /// The game's part of the trust line, if it has one.
    trust: Signal<Option<String>>,
) -> impl IntoView {
    let lang = use_lang();
    let verdict = move || {
        status.verdict.get().map(|v| {
            let lang = lang.get();
            let (ok, text) = match v {
                Ok(()) => (true, t!(lang, "Verified: dealt and played by the rules.", "Ellenőrizve: szabályosan osztva és játszva.")),
                Err(m) => (false, t!(lang, "Not verified: {}.", "Nem igazolható: {}.", m.describe(lang))),
            };
            view! { <p class="verdict" class:ok=ok data-testid="verified" data-ok=ok.to_string() role="status">{text}</p> }
        })
    };
    let waiting = move || {
        let over = over.is_some_and(|o| o.get());
        (over && status.verdict.get().is_none()).then(|| view! { <p>{t!(lang.get(), "Waiting for the host's record to check the game…", "Várakozás a házigazda naplójára az ellenőrzéshez…")}</p> })
    };
    view! {
        <div class="online-panel" data-testid="online-panel">
            <p class="trust">{move || t!(lang.get(), "The host's device runs this game; yours is shown only your own seat.", "A házigazda eszköze futtatja ezt a játékot; a tiéd csak a saját helyedet látja.")}</p>
            {move || trust.get().map(|t| view! { <p class="trust">{t}</p> })}
            <p class="link" data-remote=move || if status.connected.get() { "connected" } else { "away" }>
                {move || if status.connected.get() {
                    t!(lang.get(), "Connected to {}.", "Kapcsolódva: {}.", status.host.get())
                } else {
                    t!(lang.get(), "The connection to the host is lost: ask them for a new invitation (Reconnect) and open it.", "Megszakadt a kapcsolat a házigazdával: kérj tőle új meghívót (Újrakapcsolódás), és nyisd meg.")
                }}
            </p>
            {move || status.refused.get().map(|r| view! { <p class="notice" role="alert">{t!(lang.get(), "The host refused: {r}", "A házigazda elutasította: {r}")}</p> })}
            {waiting}
            {verdict}
        </div>
    }
}

/// A name or "the host" at the start of a sentence.
fn sentence_start(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
