//! The eight Troops as toys (toy-battle.md §2.1), drawn for Turf: each has its own outline, so
//! a Troop is told apart by its shape before its colour, at any size the table shows it.
//!
//! Every toy stands in a box from -50 to 50 with its feet near y = 42. The ink (outline) comes
//! from the `.tb-toy` group's style, so a part only names its paint; `.tb-halo` draws the same
//! toy a second time, underneath, as a pale die-cut border that keeps the shape readable on both
//! armies' tiles (a thick stroke standing for a limb says so, `tb-limb` or `tb-arm`, so its
//! border is wider still).

use super::Troop;
use leptos::prelude::*;

/// A Troop's toy, with its pale border underneath.
pub(super) fn toy_with_halo(t: Troop) -> impl IntoView {
    view! {
        <g class="tb-halo">{toy(t)}</g>
        <g class="tb-toy">{toy(t)}</g>
    }
}

fn toy(t: Troop) -> AnyView {
    match t {
        // A rubber duck in a horned helmet.
        Troop::Kwak => view! {
            <path fill="#ffd84d" d="M-44,-12 C-36,-2 -28,2 -16,2 C-4,2 8,4 20,2 C36,0 45,14 39,28 C33,40 14,44 -6,43 C-26,42 -40,34 -43,18 C-45,8 -46,-4 -44,-12 Z"></path>
            <path fill="#f2b51f" d="M-24,14 C-14,5 4,9 9,20 C-1,29 -17,27 -24,14 Z"></path>
            <path class="tb-shine" d="M-33,16 C-32,8 -26,6 -20,7"></path>
            <path fill="#f4ead0" d="M-2,-27 C-13,-27 -20,-35 -19,-48 C-13,-40 -7,-38 3,-36 Z"></path>
            <path fill="#f4ead0" d="M26,-36 C35,-35 40,-41 39,-51 C45,-44 45,-32 33,-27 Z"></path>
            <circle fill="#ffd84d" cx="12" cy="-15" r="17"></circle>
            <path fill="#f08a1c" d="M25,-13 C34,-19 47,-15 46,-8 C44,-2 32,-3 25,-6 Z"></path>
            <path d="M-5,-21 C-5,-41 29,-41 29,-21 Z" fill="#aab4be"></path>
            <rect fill="#7d8893" x="-7" y="-24" width="38" height="6" rx="3"></rect>
            <circle fill="#2b2118" stroke="none" cx="16" cy="-11" r="3.4"></circle>
            <circle fill="#fff" stroke="none" cx="17.2" cy="-12.2" r="1.2"></circle>
            <path class="tb-shine" d="M4,-28 C8,-31 13,-32 18,-31"></path>
        }
        .into_any(),
        // A skull over crossed bones.
        Troop::Skully => view! {
            <g fill="#f5f1e6">
                <path transform="translate(0,17) rotate(32)" d="M-27.8,-4 H27.8 A6.5,6.5 0 1 1 36.5,0 A6.5,6.5 0 1 1 27.8,4 H-27.8 A6.5,6.5 0 1 1 -36.5,0 A6.5,6.5 0 1 1 -27.8,-4 Z"></path>
                <path transform="translate(0,17) rotate(-32)" d="M-27.8,-4 H27.8 A6.5,6.5 0 1 1 36.5,0 A6.5,6.5 0 1 1 27.8,4 H-27.8 A6.5,6.5 0 1 1 -36.5,0 A6.5,6.5 0 1 1 -27.8,-4 Z"></path>
                <path d="M-25,-8 C-27,-44 27,-44 25,-8 C24,0 18,3 15,4 L15,13 C15,17 -15,17 -15,13 L-15,4 C-18,3 -24,0 -25,-8 Z"></path>
            </g>
            <g fill="#2b2118" stroke="none">
                <ellipse cx="-10" cy="-11" rx="7.5" ry="8.5"></ellipse>
                <ellipse cx="10" cy="-11" rx="7.5" ry="8.5"></ellipse>
                <path d="M0,-2 L-3.5,4 H3.5 Z"></path>
            </g>
            <circle fill="#fff" stroke="none" cx="-8" cy="-13" r="2"></circle>
            <circle fill="#fff" stroke="none" cx="12" cy="-13" r="2"></circle>
            <path fill="none" stroke-width="2.2" d="M-8,8 V15 M0,8 V16 M8,8 V15"></path>
            <path class="tb-shine" d="M-15,-24 C-11,-29 -5,-31 0,-31"></path>
        }
        .into_any(),
        // A pirate captain: bicorne hat, eyepatch and a ginger beard.
        Troop::Capn => view! {
            <circle fill="#f2c29b" cx="0" cy="10" r="22"></circle>
            <path fill="#c0601f" d="M-22,10 C-25,44 25,44 22,10 C15,24 7,19 0,21 C-7,19 -15,24 -22,10 Z"></path>
            <path fill="#7a3412" stroke-width="2" d="M0,19 C-7,13 -16,15 -19,23 C-12,21 -6,22 0,22 C6,22 12,21 19,23 C16,15 7,13 0,19 Z"></path>
            <circle fill="#e0a57e" stroke="none" cx="0" cy="13" r="3.6"></circle>
            <path fill="none" stroke-width="2.2" d="M-21,-1 L21,13"></path>
            <ellipse fill="#2b2118" stroke="none" cx="8" cy="6" rx="7" ry="6"></ellipse>
            <circle fill="#2b2118" stroke="none" cx="-8" cy="5" r="3.2"></circle>
            <path fill="#1e1e1e" d="M-44,-4 C-38,-48 38,-48 44,-4 C24,-17 -24,-17 -44,-4 Z"></path>
            <path fill="none" stroke="#e0b43a" stroke-width="3.5" d="M-39,-8 C-21,-17 21,-17 39,-8"></path>
            <circle fill="#e0b43a" cx="0" cy="-27" r="6"></circle>
            <path class="tb-shine" d="M-22,-23 C-17,-28 -10,-30 -5,-30"></path>
        }
        .into_any(),
        // An elephant trumpeting, trunk up.
        Troop::Jumbo => view! {
            <path fill="none" stroke-width="2.5" d="M36,-6 C42,-2 44,4 41,10"></path>
            <g fill="#838c96">
                <rect x="-3" y="6" width="10" height="22" rx="3"></rect>
                <rect x="25" y="6" width="10" height="22" rx="3"></rect>
            </g>
            <path fill="#9aa3ad" d="M-16,-14 C-2,-28 30,-26 36,-8 C40,6 34,18 22,18 C8,20 -6,20 -14,12 C-18,4 -19,-6 -16,-14 Z"></path>
            <g fill="#9aa3ad">
                <rect x="-12" y="8" width="11" height="23" rx="3"></rect>
                <rect x="16" y="8" width="11" height="23" rx="3"></rect>
            </g>
            <path class="tb-limb" fill="none" stroke="#2b2118" stroke-width="14" d="M-33,-2 C-42,-2 -46,-9 -46,-18 C-46,-27 -43,-33 -37,-36"></path>
            <path class="tb-limb" fill="none" stroke="#9aa3ad" stroke-width="7.5" d="M-33,-2 C-42,-2 -46,-9 -46,-18 C-46,-27 -43,-33 -37,-36"></path>
            <circle fill="#9aa3ad" cx="-22" cy="-12" r="17"></circle>
            <path fill="#f4ead0" d="M-32,2 C-36,8 -42,9 -47,6 C-42,4 -39,1 -37,-3 Z"></path>
            <path fill="#b5bec8" d="M-16,-28 C0,-33 8,-18 4,-4 C1,6 -9,8 -14,1 C-18,-5 -20,-20 -16,-28 Z"></path>
            <path fill="#e9a9b8" stroke="none" d="M-13,-22 C-2,-25 4,-15 1,-5 C-1,2 -8,3 -11,-2 C-13,-7 -15,-16 -13,-22 Z"></path>
            <circle fill="#2b2118" stroke="none" cx="-27" cy="-17" r="2.8"></circle>
            <path class="tb-shine" d="M10,-18 C17,-20 24,-19 29,-15"></path>
        }
        .into_any(),
        // A pirate's hook hand in a lace cuff.
        Troop::Hook => view! {
            <path class="tb-limb" fill="none" stroke="#2b2118" stroke-width="15" d="M0,-12 V10 C0,28 -12,38 -23,37 C-34,36 -40,26 -35,16"></path>
            <path class="tb-limb" fill="none" stroke="#dfe5ec" stroke-width="8.5" d="M0,-12 V10 C0,28 -12,38 -23,37 C-34,36 -40,26 -35,16"></path>
            <path fill="#dfe5ec" stroke-width="2.5" d="M-43,19 L-33,0 L-27,19 Z"></path>
            <path fill="none" stroke="#fff" stroke-width="3" d="M2.5,-6 V12"></path>
            <path fill="#a4602f" d="M-17,-32 H17 C17,-17 10,-10 0,-10 C-10,-10 -17,-17 -17,-32 Z"></path>
            <rect fill="#b8c0c8" x="-7" y="-16" width="14" height="7" rx="2"></rect>
            <path fill="#fffaf0" d="M-24,-38 H24 L21,-27 L15.5,-31 L10.5,-26 L5,-31 L0,-26 L-5,-31 L-10.5,-26 L-15.5,-31 L-21,-27 Z"></path>
            <rect fill="#7a2f1a" x="-23" y="-47" width="46" height="11" rx="2"></rect>
            <circle fill="#e0b43a" cx="13" cy="-41.5" r="2.6"></circle>
        }
        .into_any(),
        // A robot on caterpillar tracks.
        Troop::Xb42 => view! {
            <path fill="none" d="M0,-37 V-44"></path>
            <circle fill="#ff5c5c" cx="0" cy="-46" r="4.5"></circle>
            <path class="tb-arm" fill="none" stroke="#2b2118" stroke-width="9" d="M-19,-4 L-31,8 L-30,18 M19,-4 L31,8 L30,18"></path>
            <path class="tb-arm" fill="none" stroke="#aeb7c1" stroke-width="4" d="M-19,-4 L-31,8 L-30,18 M19,-4 L31,8 L30,18"></path>
            <path fill="none" stroke-width="3.5" d="M-36,18 A6,6 0 0 0 -24,18 M24,18 A6,6 0 0 0 36,18"></path>
            <rect fill="#aeb7c1" x="-20" y="-10" width="40" height="30" rx="4"></rect>
            <rect fill="#4b525a" stroke="none" x="-12" y="-5" width="24" height="12" rx="2"></rect>
            <circle fill="#ff5c5c" stroke="none" cx="-6" cy="1" r="2.4"></circle>
            <circle fill="#ffd23f" stroke="none" cx="0" cy="1" r="2.4"></circle>
            <circle fill="#6be36b" stroke="none" cx="6" cy="1" r="2.4"></circle>
            <rect fill="#8d97a2" x="-23" y="-31" width="46" height="10" rx="2"></rect>
            <rect fill="#c7ced6" x="-17" y="-38" width="34" height="25" rx="5"></rect>
            <circle fill="#2fd4ff" stroke-width="2" cx="-7" cy="-27" r="5"></circle>
            <circle fill="#2fd4ff" stroke-width="2" cx="7" cy="-27" r="5"></circle>
            <rect fill="#2b2118" stroke="none" x="-7" y="-19.5" width="14" height="3" rx="1"></rect>
            <rect fill="#4b525a" x="-25" y="21" width="50" height="17" rx="8.5"></rect>
            <g fill="#8d97a2" stroke-width="2">
                <circle cx="-15" cy="29.5" r="4.5"></circle>
                <circle cx="0" cy="29.5" r="4.5"></circle>
                <circle cx="15" cy="29.5" r="4.5"></circle>
            </g>
        }
        .into_any(),
        // A smiling plush star.
        Troop::Star => view! {
            <polygon fill="#ffc928" stroke-width="5"
                points="0,-46 12.3,-19 41.8,-15.6 20,4.5 25.9,33.6 0,19 -25.9,33.6 -20,4.5 -41.8,-15.6 -12.3,-19"></polygon>
            <path class="tb-shine" d="M-30,-13 L-15,-15 M-3,-34 L0,-40"></path>
            <g fill="#2b2118" stroke="none">
                <ellipse cx="-7" cy="-5" rx="2.8" ry="3.8"></ellipse>
                <ellipse cx="7" cy="-5" rx="2.8" ry="3.8"></ellipse>
            </g>
            <path fill="none" stroke-width="2.4" d="M-6,4 Q0,10 6,4"></path>
            <circle fill="#ff7f7f" stroke="none" opacity="0.75" cx="-13" cy="3" r="3.2"></circle>
            <circle fill="#ff7f7f" stroke="none" opacity="0.75" cx="13" cy="3" r="3.2"></circle>
        }
        .into_any(),
        // A roaring dinosaur.
        Troop::Roxy => view! {
            <g fill="#ff9b3d" stroke-width="2.5">
                <path d="M-19,1 L-15,-8 L-10,-1 Z"></path>
                <path d="M-7,-5 L-2,-14 L2,-8 Z"></path>
                <path d="M2,-16 L9,-24 L9,-15 Z"></path>
            </g>
            <path fill="#6cc644" d="M-48,26 C-34,14 -22,2 -8,-4 C-2,-8 4,-18 8,-28 C12,-38 20,-44 32,-44 C42,-44 48,-40 48,-32 L48,-26 L31,-24 L44,-18 C42,-12 34,-10 26,-10 C22,-2 22,6 24,12 C26,20 24,28 18,32 L22,42 L7,42 L5,34 C-2,32 -10,28 -14,22 C-24,24 -36,26 -48,26 Z"></path>
            <path fill="#d9f2a8" stroke="none" d="M25,-8 C19,4 21,20 17,29 C23,25 26,17 25,8 C24,2 24,-4 25,-8 Z"></path>
            <path fill="#58b035" d="M-6,14 C-2,0 17,3 15,20 C12,30 0,31 -5,24 Z"></path>
            <path fill="none" stroke-width="3" d="M21,0 C26,1 29,4 30,8"></path>
            <g fill="#fff" stroke-width="1.5">
                <path d="M34,-24.5 L35.5,-20.5 L37.5,-24.8 Z"></path>
                <path d="M40,-25.2 L41.5,-21.2 L43.5,-25.6 Z"></path>
            </g>
            <circle fill="#2b2118" stroke="none" cx="32" cy="-35" r="3.4"></circle>
            <circle fill="#fff" stroke="none" cx="33.2" cy="-36.2" r="1.2"></circle>
            <path class="tb-shine" d="M16,-33 C19,-36 24,-38 29,-38"></path>
        }
        .into_any(),
    }
}
