//! The table's sounds (issue #21), off until a player turns them on: a die roll, a card, tile or
//! stone laid, a capture, the end of the game. Each is synthesised with the Web Audio API, a few
//! oscillators and a noise burst, so nothing is downloaded and the app grows by code only.
//!
//! What a change of the table sounds like is the game's to say ([`GameUi::cues`], beside each
//! game's board), read from the views a seat was shown, before and after; [`watch`] is the one
//! place that follows the table and plays them, and the end of the game is its own cue.

use super::game_ui::GameUi;
use leptos::prelude::*;
use std::cell::RefCell;

/// A sound of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// Dice rolled.
    Roll,
    /// A card, a tile or a stone laid on the table.
    Lay,
    /// A capture: a piece taken, a county conquered, a region's medals won.
    Capture,
    /// The game is over.
    End,
}

impl Cue {
    pub fn name(self) -> &'static str {
        match self {
            Cue::Roll => "roll",
            Cue::Lay => "lay",
            Cue::Capture => "capture",
            Cue::End => "end",
        }
    }
}

/// The changes a view shows that an earlier view did not, for a game that keeps the changes of
/// the turn in progress and of the turn before (`this_turn`, `last_turn`) with a turn count:
/// the rest of the earlier view's turn, then the new turn's. When several turns passed, the
/// turns between are gone from the view: only the last two are told.
pub fn fresh_changes<'a, T>(
    (before_turn, before_len): (u32, usize),
    after_turn: u32,
    after_last: &'a [T],
    after_this: &'a [T],
) -> Vec<&'a T> {
    let rest = |changes: &'a [T], from: usize| changes.get(from..).unwrap_or_default();
    match after_turn.checked_sub(before_turn) {
        Some(0) => rest(after_this, before_len).iter().collect(),
        Some(1) => rest(after_last, before_len)
            .iter()
            .chain(after_this)
            .collect(),
        Some(_) => after_last.iter().chain(after_this).collect(),
        None => Vec::new(),
    }
}

/// Cues in the order they happened, each kind once (a turn of three placements is one tap).
pub fn each_once(cues: impl IntoIterator<Item = Cue>) -> Vec<Cue> {
    let mut out = Vec::new();
    for cue in cues {
        if !out.contains(&cue) {
            out.push(cue);
        }
    }
    out
}

/// Where the sound switch's state is kept.
const SOUNDS_KEY: &str = "turf.sounds";

fn store() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Whether the player turned the sounds on (off unless they did).
pub fn sounds_on() -> bool {
    store()
        .and_then(|s| s.get_item(SOUNDS_KEY).ok().flatten())
        .is_some_and(|v| v == "on")
}

pub fn set_sounds_on(on: bool) {
    if let Some(s) = store() {
        let _ = s.set_item(SOUNDS_KEY, if on { "on" } else { "off" });
    }
}

/// What the table tells [`watch`]: how far the match has come, whether it is over, whether the
/// view is a replay's, and whether the sounds are on.
#[derive(Clone, Copy)]
pub struct Follow {
    pub moves: Memo<usize>,
    pub over: Signal<bool>,
    pub replaying: Signal<bool>,
    pub on: Signal<bool>,
    /// The cues played, for the switch to show (`data-cue`) and tests to read.
    pub played: RwSignal<Option<Cue>>,
}

/// Play the cues of each move the table shows: when the match has come further since the view
/// shown before (not at an undo, a replay step or a change of whose eyes are shown). Before
/// and after are the views the screen showed, so no cue can tell what the screen does not.
pub fn watch<G: GameUi>(view: Memo<G::View>, follow: Follow) {
    let last = StoredValue::new(None::<(G::View, usize, bool)>);
    Effect::new(move |_| {
        let now = view.get();
        let (moves, over) = (follow.moves.get(), follow.over.get());
        let before = last.try_update_value(|l| l.replace((now.clone(), moves, over)));
        let Some(Some((was, was_moves, was_over))) = before else {
            return; // the view the table opened on
        };
        if moves <= was_moves || follow.replaying.get_untracked() {
            return;
        }
        let mut cues = G::cues(&was, &now);
        if over && !was_over {
            cues.push(Cue::End);
        }
        if let Some(&cue) = cues.last() {
            follow.played.set(Some(cue));
        }
        if follow.on.get_untracked() {
            play(&cues);
        }
    });
}

thread_local! {
    static AUDIO: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Play `cues` one after another. The audio context is made at the first sound (the browser
/// lets it play once the player has touched the page, as turning the switch on does).
pub fn play(cues: &[Cue]) {
    let ctx = AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if a.is_none() {
            *a = web_sys::AudioContext::new().ok();
        }
        a.clone()
    });
    let Some(ctx) = ctx else {
        return;
    };
    if ctx.state() == web_sys::AudioContextState::Suspended {
        let _ = ctx.resume();
    }
    let mut at = ctx.current_time() + 0.02;
    for &cue in cues {
        at += synth::cue(&ctx, cue, at).unwrap_or(0.0) + 0.04;
    }
}

/// The sounds themselves: each schedules its notes from `at` and returns how long it lasts.
mod synth {
    use super::Cue;
    use wasm_bindgen::JsValue;
    use web_sys::{AudioContext, AudioNode, BiquadFilterType, OscillatorType};

    type Played = Result<f64, JsValue>;

    pub fn cue(ctx: &AudioContext, cue: Cue, at: f64) -> Played {
        match cue {
            // Dice rattling on the table, then settling: short knocks of filtered noise.
            Cue::Roll => {
                for (i, (dt, hz)) in [(0.0, 2400.0), (0.05, 1800.0), (0.11, 2900.0), (0.19, 2100.0)]
                    .into_iter()
                    .enumerate()
                {
                    knock(ctx, at + dt, 0.045, hz, 0.5 - 0.08 * i as f32)?;
                }
                Ok(0.25)
            }
            // A card or a stone put down: a soft low tap.
            Cue::Lay => {
                knock(ctx, at, 0.06, 900.0, 0.35)?;
                tone(ctx, OscillatorType::Sine, (220.0, 140.0), at, 0.09, 0.3)?;
                Ok(0.1)
            }
            // A piece taken: a bright pluck that rises.
            Cue::Capture => {
                tone(ctx, OscillatorType::Triangle, (523.0, 784.0), at, 0.16, 0.3)?;
                tone(ctx, OscillatorType::Sine, (1046.0, 1568.0), at + 0.03, 0.14, 0.1)?;
                Ok(0.18)
            }
            // The end: a rising arpeggio.
            Cue::End => {
                for (i, hz) in [523.0, 659.0, 784.0, 1046.0].into_iter().enumerate() {
                    let len = if i == 3 { 0.5 } else { 0.16 };
                    tone(ctx, OscillatorType::Triangle, (hz, hz), at + 0.12 * i as f64, len, 0.25)?;
                }
                Ok(0.86)
            }
        }
    }

    /// A note gliding from `hz.0` to `hz.1`, fading out over `len` seconds.
    fn tone(ctx: &AudioContext, kind: OscillatorType, hz: (f32, f32), at: f64, len: f64, vol: f32) -> Played {
        let osc = ctx.create_oscillator()?;
        osc.set_type(kind);
        osc.frequency().set_value_at_time(hz.0, at)?;
        osc.frequency().exponential_ramp_to_value_at_time(hz.1, at + len * 0.6)?;
        let out = envelope(ctx, at, len, vol)?;
        osc.connect_with_audio_node(&out)?;
        osc.start_with_when(at)?;
        osc.stop_with_when(at + len + 0.02)?;
        Ok(len)
    }

    /// A burst of noise through a band-pass filter at `hz`: a knock, a tap, a rattle.
    fn knock(ctx: &AudioContext, at: f64, len: f64, hz: f32, vol: f32) -> Played {
        let rate = ctx.sample_rate();
        let frames = (f64::from(rate) * len) as u32;
        let buffer = ctx.create_buffer(1, frames.max(1), rate)?;
        // Any noise will do, and a fixed one sounds the same each time: a small LCG.
        let mut x = 0x2545_f491_u32;
        let mut samples: Vec<f32> = (0..frames)
            .map(|_| {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (x >> 8) as f32 / (1u32 << 23) as f32 - 1.0
            })
            .collect();
        buffer.copy_to_channel(&mut samples, 0)?;
        let source = ctx.create_buffer_source()?;
        source.set_buffer(Some(&buffer));
        let filter = ctx.create_biquad_filter()?;
        filter.set_type(BiquadFilterType::Bandpass);
        filter.frequency().set_value(hz);
        filter.q().set_value(1.2);
        let out = envelope(ctx, at, len, vol)?;
        source.connect_with_audio_node(&filter)?;
        filter.connect_with_audio_node(&out)?;
        source.start_with_when(at)?;
        Ok(len)
    }

    /// A gain that starts at `vol` and fades to silence over `len`, into the speakers.
    fn envelope(ctx: &AudioContext, at: f64, len: f64, vol: f32) -> Result<AudioNode, JsValue> {
        let gain = ctx.create_gain()?;
        let g = gain.gain();
        g.set_value_at_time(0.0001, at)?;
        g.exponential_ramp_to_value_at_time(vol, at + 0.005)?;
        g.exponential_ramp_to_value_at_time(0.0001, at + len)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        Ok(gain.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_changes_are_the_rest_of_the_old_turn_then_the_new_one() {
        let (last, this) = ([1, 2, 3], [4, 5]);
        // The same turn: what came after the two changes seen.
        assert_eq!(fresh_changes((7, 1), 7, &last, &[9, 8, 6]), [&8, &6]);
        // The turn ended: the end of the old turn, then the new one.
        assert_eq!(fresh_changes((6, 2), 7, &last, &this), [&3, &4, &5]);
        // Turns passed unseen: the two the view keeps.
        assert_eq!(fresh_changes((3, 0), 7, &last, &this).len(), 5);
        // An undo or another game: nothing new.
        assert!(fresh_changes((8, 0), 7, &last, &this).is_empty());
        assert!(fresh_changes((7, 9), 7, &last, &this).is_empty());
    }

    #[test]
    fn each_cue_sounds_once_in_the_order_it_came() {
        use Cue::*;
        assert_eq!(each_once([Lay, Lay, Capture, Lay, Roll]), [Lay, Capture, Roll]);
    }
}
