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
                for (i, (dt, hz)) in [
                    (0.0, 2400.0),
                    (0.05, 1800.0),
                    (0.11, 2900.0),
                    (0.19, 2100.0),
                ]
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
                tone(
                    ctx,
                    OscillatorType::Sine,
                    (1046.0, 1568.0),
                    at + 0.03,
                    0.14,
                    0.1,
                )?;
                Ok(0.18)
            }
            // The end: a rising arpeggio.
            Cue::End => {
                for (i, hz) in [523.0, 659.0, 784.0, 1046.0].into_iter().enumerate() {
                    let len = if i == 3 { 0.5 } else { 0.16 };
                    tone(
                        ctx,
                        OscillatorType::Triangle,
                        (hz, hz),
                        at + 0.12 * i as f64,
                        len,
                        0.25,
                    )?;
                }
                Ok(0.86)
            }
        }
    }

    /// A note gliding from `hz.0` to `hz.1`, fading out over `len` seconds.
    fn tone(
        ctx: &AudioContext,
        kind: OscillatorType,
        hz: (f32, f32),
        at: f64,
        len: f64,
        vol: f32,
    ) -> Played {
        let osc = ctx.create_oscillator()?;
        osc.set_type(kind);
        osc.frequency().set_value_at_time(hz.0, at)?;
        osc.frequency()
            .exponential_ramp_to_value_at_time(hz.1, at + len * 0.6)?;
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
        let samples: Vec<f32> = (0..frames)
            .map(|_| {
                x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                (x >> 8) as f32 / (1u32 << 23) as f32 - 1.0
            })
            .collect();
        buffer.copy_to_channel(&samples, 0)?;
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

    use crate::engine::{Match, Rng, ToMove};
    use crate::ui::GameUi;
    use rand::SeedableRng;

    /// Seeded playouts of `G` (the game's own playout moves), each seat action with the states
    /// before and after it (chance resolved, as at the table) and what every seat hears: the
    /// cues of the change seen through each seat's eyes, which must be the same for all, since
    /// a sound that differed would tell a seat what only another seat sees.
    fn heard<G: GameUi>(
        options: G::Options,
        games: u64,
        mut check: impl FnMut(&G::State, &G::Action, &G::State, &[Cue]),
    ) {
        for seed in 0..games {
            let mut game = Match::<G>::new(options.clone(), seed).unwrap();
            let mut rng = Rng::seed_from_u64(seed);
            while let ToMove::Seat(_) = game.to_move() {
                let legal = G::legal(game.state());
                let action = G::rollout_action(game.state(), &legal, &mut rng);
                let before = game.state().clone();
                game.play(&action).unwrap();
                let seats = 0..G::seat_count(&before);
                let cues: Vec<Vec<Cue>> = seats
                    .map(|s| G::cues(&G::view(&before, s), &G::view(game.state(), s)))
                    .collect();
                assert!(
                    cues.windows(2).all(|w| w[0] == w[1]),
                    "{}: every seat hears the same at {action:?}: {cues:?}",
                    G::ID
                );
                check(&before, &action, game.state(), &cues[0]);
            }
        }
    }

    #[test]
    fn herd_sounds_its_placements_captures_and_rolls() {
        use crate::games::herd::{Herd, HerdAction};
        let mut captures = 0;
        heard::<Herd>(Default::default(), 20, |before, action, after, cues| {
            let enemy = 1 - before.mover;
            let captured = matches!(action, HerdAction::Place { .. })
                && after.stones(enemy) < before.stones(enemy);
            captures += usize::from(captured);
            let next_roll = after.turns > before.turns && after.dice.is_some();
            let mut want = Vec::new();
            if matches!(action, HerdAction::Place { .. }) {
                want.push(Cue::Lay);
            }
            if captured {
                want.push(Cue::Capture);
            }
            if next_roll {
                want.push(Cue::Roll);
            }
            assert_eq!(cues, want, "{action:?}");
        });
        assert!(captures > 0, "the playouts captured");
    }

    #[test]
    fn toy_battle_sounds_a_troop_laid_and_a_cover_of_the_enemy_as_a_capture() {
        use crate::games::toy_battle::{ToyBattle, ToyBattleAction as A};
        let (mut laid, mut covers) = (0, 0);
        heard::<ToyBattle>(
            Default::default(),
            10,
            |before, action, _, cues| match *action {
                A::Place { node, .. } => {
                    let t = &before.table;
                    let enemy_below = t
                        .terrain()
                        .index_of(node)
                        .and_then(|i| t.top(i))
                        .is_some_and(|tile| usize::from(tile.owner) != before.mover);
                    let cue = if enemy_below { Cue::Capture } else { Cue::Lay };
                    covers += usize::from(enemy_below);
                    laid += 1;
                    assert_eq!(cues.first(), Some(&cue), "{action:?}");
                }
                // A draw is the drawer's: silent.
                A::Draw | A::SkullyDraw | A::StarDraw | A::CloudsDraw => {
                    assert!(!cues.contains(&Cue::Lay), "{action:?}: {cues:?}")
                }
                _ => {}
            },
        );
        assert!(laid > 0 && covers > 0);
    }

    #[test]
    fn turncoats_sounds_stones_laid_and_battles_never_a_draw() {
        use crate::games::turncoats::{Turncoats, TurncoatsAction as A};
        let on_map = |s: &crate::games::turncoats::TurncoatsState| -> u32 {
            s.board.areas.iter().map(|a| u32::from(a.total())).sum()
        };
        let mut kills = 0;
        heard::<Turncoats>(Default::default(), 10, |before, action, after, cues| {
            let killed = on_map(after) < on_map(before);
            kills += usize::from(killed);
            let want: &[Cue] = match *action {
                A::Recruit { .. } | A::March { .. } => &[Cue::Lay],
                // The stone goes to the AXE, and the kills may follow at once.
                A::Battle { .. } if killed => &[Cue::Lay, Cue::Capture],
                A::Battle { .. } => &[Cue::Lay],
                A::Kill { .. } if killed => &[Cue::Capture],
                // A hand and the bag are secrets: silent.
                A::Negotiate | A::NegotiateReturn { .. } => &[],
                _ => return,
            };
            assert_eq!(cues, want, "{action:?}");
        });
        assert!(kills > 0);
    }

    #[test]
    fn moonlight_sounds_a_card_laid_and_a_cover_as_a_capture() {
        use crate::games::moonlight::{Moonlight, MoonlightAction as A};
        let (mut ground, mut covers) = (0, 0);
        heard::<Moonlight>(Default::default(), 10, |before, action, after, cues| {
            if let A::Place { at, .. } = *action {
                if after.table.round != before.table.round {
                    return; // the round ended with this card: the panorama is new
                }
                let cover = before.table.panorama.is_occupied(at);
                let cue = if cover { Cue::Capture } else { Cue::Lay };
                covers += usize::from(cover);
                ground += usize::from(!cover);
                assert!(cues.contains(&cue), "{action:?}: {cues:?}");
            }
        });
        assert!(ground > 0 && covers > 0);
    }

    #[test]
    fn long_campaign_sounds_a_question_laid_and_a_county_taken() {
        use crate::games::long_campaign::{CampaignOptions, LongCampaign};
        let options = CampaignOptions {
            questions: crate::games::long_campaign::bank::QuestionSet::Sample,
            ..CampaignOptions::default()
        };
        let (mut questions, mut taken) = (0, 0);
        heard::<LongCampaign>(options, 3, |before, _, after, cues| {
            let owners = |s: &crate::games::long_campaign::CampaignState| {
                s.campaign.counties.map(|c| c.owner)
            };
            let new_owner = owners(before)
                .iter()
                .zip(owners(after))
                .any(|(b, a)| a.is_some() && *b != a);
            if new_owner {
                taken += 1;
                assert!(cues.contains(&Cue::Capture), "{cues:?}");
            }
            questions += usize::from(cues.contains(&Cue::Lay));
        });
        assert!(questions > 0 && taken > 0);
    }

    #[test]
    fn each_cue_sounds_once_in_the_order_it_came() {
        use Cue::*;
        assert_eq!(
            each_once([Lay, Lay, Capture, Lay, Roll]),
            [Lay, Capture, Roll]
        );
    }
}
