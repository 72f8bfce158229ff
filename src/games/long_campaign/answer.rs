//! The AI answer model of long-campaign.md §7: how often a computer player of a given level is
//! right, how far its numeric guesses land and how fast it answers. The same model drives AI
//! seats in play and every seat's answers inside the AI's search (questions are chance there).

use super::bank::{Question, MAX_NUMBER};
use crate::engine::random_bool;
use serde::{Deserialize, Serialize};

/// §7 `aiLevel`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerLevel {
    Novice,
    #[default]
    Average,
    Expert,
}

impl AnswerLevel {
    pub const ALL: [AnswerLevel; 3] = [
        AnswerLevel::Novice,
        AnswerLevel::Average,
        AnswerLevel::Expert,
    ];

    fn row(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            AnswerLevel::Novice => "novice",
            AnswerLevel::Average => "average",
            AnswerLevel::Expert => "expert",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// §7 multiple choice: P(correct) by level (rows) and difficulty 1–3 (columns).
const P_CORRECT: [[f64; 3]; 3] = [[0.70, 0.50, 0.35], [0.85, 0.70, 0.50], [0.95, 0.85, 0.70]];
/// §7 numeric: P(exact guess).
const P_EXACT: [[f64; 3]; 3] = [[0.08, 0.04, 0.02], [0.15, 0.08, 0.04], [0.35, 0.20, 0.10]];
/// §7 numeric: the error factor `k`.
const K: [[f64; 3]; 3] = [[1.6, 2.2, 3.0], [1.0, 1.4, 2.0], [0.4, 0.7, 1.0]];
/// §7 answer time: mean μ in ms.
const MU: [f64; 3] = [6000.0, 4500.0, 3000.0];

fn column(difficulty: u8) -> usize {
    difficulty.clamp(1, 3) as usize - 1
}

/// §7: the chance that a seat of `level` answers a choice question of `difficulty` correctly.
pub fn p_correct(level: AnswerLevel, difficulty: u8) -> f64 {
    P_CORRECT[level.row()][column(difficulty)]
}

/// The chance of a correct choice answer averaged over the three difficulties (the baseline's
/// estimate before the question is known).
pub fn p_correct_mean(level: AnswerLevel) -> f64 {
    P_CORRECT[level.row()].iter().sum::<f64>() / 3.0
}

/// A rough chance that `a` beats `b` on a numeric question: the one with the smaller typical
/// error usually wins (used only by the baseline heuristics, not by the rules).
pub fn p_closer(a: AnswerLevel, b: AnswerLevel) -> f64 {
    let ka: f64 = K[a.row()].iter().sum();
    let kb: f64 = K[b.row()].iter().sum();
    kb / (ka + kb)
}

/// A standard normal draw (Box–Muller), portable across targets.
fn standard_normal(rng: &mut impl rand::Rng) -> f64 {
    let u1: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let u2: f64 = rng.random();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// §7 answer time: `clamp(N(μ, 0.25μ), 1000, limit − 200)`; with timers off only the lower bound.
pub fn answer_time(level: AnswerLevel, limit_ms: Option<u32>, rng: &mut impl rand::Rng) -> u32 {
    let mu = MU[level.row()];
    let t = mu + 0.25 * mu * standard_normal(rng);
    let upper = limit_ms.map_or(f64::from(u32::MAX), |l| f64::from(l.saturating_sub(200)));
    t.max(1000.0).min(upper.max(1000.0)).round() as u32
}

/// §7 multiple choice: right with P(correct), else one of the three wrong options uniformly.
/// `correct` is the display index of the right option. AIs always answer.
pub fn choice_answer(
    level: AnswerLevel,
    difficulty: u8,
    correct: u8,
    limit_ms: Option<u32>,
    rng: &mut impl rand::Rng,
) -> (Option<u8>, u32) {
    let option = if random_bool(rng, p_correct(level, difficulty)) {
        correct
    } else {
        let wrong = rng.random_range(0..3u8);
        if wrong >= correct {
            wrong + 1
        } else {
            wrong
        }
    };
    (Some(option), answer_time(level, limit_ms, rng))
}

/// §7 numeric guess: exact with `pExact`, else `max(0, round(answer + z × spread × k))`, capped at
/// ten digits like any typed answer.
pub fn numeric_guess(
    level: AnswerLevel,
    question: &Question,
    limit_ms: Option<u32>,
    rng: &mut impl rand::Rng,
) -> (Option<u64>, u32) {
    let d = column(question.difficulty);
    let answer = question.answer();
    let guess = if random_bool(rng, P_EXACT[level.row()][d]) {
        answer
    } else {
        let z = standard_normal(rng);
        let g = (answer as f64 + z * question.spread() * K[level.row()][d]).round();
        g.clamp(0.0, MAX_NUMBER as f64) as u64
    };
    (Some(guess), answer_time(level, limit_ms, rng))
}
