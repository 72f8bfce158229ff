//! Online tables in the app (issue #17): the host's lobby and its part of the table, the guest's
//! join screen and table, and what both share here: the invitation and reply boxes (text, Copy,
//! Share, QR code) and the STUN setting. The protocol itself is [`crate::online`]; the transport
//! is [`peer`].

pub mod guest;
pub mod host;
mod peer;

use crate::i18n::Lang;
use crate::online::fairness::Bytes32;
use crate::t;
use leptos::prelude::*;

pub use crate::online::code::JOIN_FRAGMENT;

/// 32 bytes from the browser's cryptographic generator: the host's secret, a guest's share.
pub fn random32() -> Bytes32 {
    let mut bytes = [0u8; 32];
    if let Some(crypto) = web_sys::window().and_then(|w| w.crypto().ok()) {
        let _ = crypto.get_random_values_with_u8_array(&mut bytes);
    }
    Bytes32(bytes)
}

/// Whether the player turned the STUN server on (for friends on other networks). Off until
/// they do: it is the only request Turf sends outside its own origin.
pub struct Stun;

impl Stun {
    const KEY: &'static str = "turf.stun";

    pub fn get() -> bool {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .and_then(|s| s.get_item(Self::KEY).ok().flatten())
            .is_some_and(|v| v == "on")
    }

    pub fn set(on: bool) {
        if let Some(store) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            let _ = store.set_item(Self::KEY, if on { "on" } else { "off" });
        }
    }
}

/// The STUN switch, with what it does in plain words.
#[component]
pub fn StunSetting() -> impl IntoView {
    let lang = super::use_lang();
    let on = RwSignal::new(Stun::get());
    view! {
        <label class="stun-setting">
            <input type="checkbox" prop:checked=move || on.get() on:change=move |e| {
                let checked = event_target_checked(&e);
                Stun::set(checked);
                on.set(checked);
            } />
            {move || t!(lang.get(),
                " Friends on another network: ask a public STUN server (Google's) for the way to reach them. Only needed across the internet; it learns your network address and nothing of the game.",
                " Más hálózaton lévő barátok: egy nyilvános STUN-szerver (a Google-é) segít megtalálni az utat hozzájuk. Csak az interneten át kell; a hálózati címedet látja, a játékból semmit.")}
        </label>
    }
}

/// The link a guest opens: this page's own address with the invitation in the fragment (never
/// sent to any server, not even Turf's).
pub fn invitation_link(code: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location
        .map(|l| {
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default();
    format!("{base}{JOIN_FRAGMENT}{code}")
}

/// The invitation in the address bar, if the page was opened from one; then the fragment is
/// cleared, so a reload does not join again with a spent invitation.
pub fn take_invitation_from_url() -> Option<String> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok()?;
    let code = hash.strip_prefix(JOIN_FRAGMENT)?.to_string();
    if let Ok(history) = window.history() {
        let path = window.location().pathname().unwrap_or_default();
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    Some(code)
}

/// A QR code of `text`, drawn as SVG by the `qrcode` crate. Dark on light whatever the theme,
/// as cameras expect.
fn qr_svg(text: &str) -> Option<String> {
    use qrcode::{render::svg, EcLevel, QrCode};
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let svg = code
        .render::<svg::Color<'_>>()
        .min_dimensions(220, 220)
        .quiet_zone(true)
        .build();
    // Inline in HTML: the XML declaration has no place there.
    Some(match svg.find("<svg") {
        Some(at) => svg[at..].to_string(),
        None => svg,
    })
}

fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let clipboard = window.navigator().clipboard();
    let _ = clipboard.write_text(text);
    true
}

fn can_share() -> bool {
    web_sys::window()
        .is_some_and(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false))
}

fn share(title: &str, text: &str) {
    if let Some(window) = web_sys::window() {
        let data = web_sys::ShareData::new();
        data.set_title(title);
        data.set_text(text);
        let _ = window.navigator().share_with_data(&data);
    }
}

/// A code to pass along: its text (selectable, for any chat or mail), Copy, Share where the
/// browser has it, and a QR code of it for a phone beside the screen.
#[component]
pub fn CodeBox(
    /// The text to pass (a link or a reply code).
    text: String,
    /// `invite-link` or `reply-code` (the UI test contract).
    testid: &'static str,
    #[prop(optional)] seat: Option<usize>,
    /// What the text is, for Share's title and the QR code's name.
    title: Signal<String>,
) -> impl IntoView {
    let lang = super::use_lang();
    let copied = RwSignal::new(false);
    let qr = qr_svg(&text);
    let qr_shown = RwSignal::new(false);
    let copy = {
        let text = text.clone();
        move |_| copied.set(copy_to_clipboard(&text))
    };
    let share_button = can_share().then(|| {
        let text = text.clone();
        view! {
            <button on:click=move |_| share(&title.get_untracked(), &text)>
                {move || t!(lang.get(), "Share", "Megosztás")}
            </button>
        }
    });
    let length = text.chars().count();
    view! {
        <div class="code-box">
            <p class="code-text" data-testid=testid data-seat=seat.map(|s| s.to_string()) data-length=length.to_string()>{text}</p>
            <div class="actions">
                <button on:click=copy>
                    {move || if copied.get() { t!(lang.get(), "Copied", "Kimásolva") } else { t!(lang.get(), "Copy", "Másolás") }}
                </button>
                {share_button}
                {qr.is_some().then(|| view! {
                    <button aria-expanded=move || qr_shown.get().to_string() on:click=move |_| qr_shown.update(|s| *s = !*s)>
                        {move || t!(lang.get(), "QR code", "QR-kód")}
                    </button>
                })}
            </div>
            {move || qr_shown.get().then(|| {
                let svg = qr.clone().unwrap_or_default();
                view! { <div class="qr" role="img" aria-label=move || t!(lang.get(), "QR code: {}", "QR-kód: {}", title.get())> <div inner_html=svg></div> </div> }
            })}
        </div>
    }
}

/// Words for a remote player's connection, beside the mark `data-remote` carries.
pub fn link_words(connected: bool, lang: Lang) -> String {
    if connected {
        t!(lang, "connected", "kapcsolódva")
    } else {
        t!(lang, "away: the game waits", "nincs itt: a játék vár")
    }
}
