//! Long Campaign (Hosszú Hadjárat), the three-player quiz conquest of Hungary's counties
//! (`shared/rules/long-campaign.md`). Rules in `rules.rs`, the map in `map.rs`, the question bank
//! in `bank.rs`, the §7 answer model in `answer.rs`, views and UI helpers in `view.rs`, computer
//! players in `ai.rs`.
//!
//! Decisions where the spec is silent or leaves a choice (the spec's own H1–H14 are followed as
//! written):
//! - LC-1 Timers: the option defaults to `classic`; the UI picks `relaxed` for two or more humans
//!   at one device (§3.4). A choice timeout is the seat's action `time_up`, followed by a chance
//!   event that makes the random legal choice, so it replays from the seed. A late answer (time
//!   over the limit) is accepted and counts as no answer.
//! - LC-2 Answers are actions of the answering seats (display index or guess, plus ms), in the
//!   §6 order (attacker before defender; colour order in Phase 3 and the tie-break). AI seats
//!   answer by the §7 model at `answer_levels[seat]` via [`ai_answer`]; they are hidden in the
//!   state like any locked answer until the reveal, which matches "fixed when drawn, shown at the
//!   reveal" (§6, H14). For a human seat `answer_levels` is the AI's assumption about them.
//!   Inside a search (a determinized state) every answer still to come, the searcher's own too,
//!   is the model's — the search plans choices, never answers.
//! - LC-3 `legal_actions` lists representative answers for a real state (the four options or
//!   guesses around the answer, and no answer); any option, any guess of at most 10 digits and any
//!   time is accepted.
//! - LC-4 The decks: each draw picks uniformly among the questions not yet asked in the current
//!   pass (same distribution as a seeded shuffle, §3.3, and no hidden deck order in the state);
//!   once a deck is used up, a new pass starts. The draw is a chance action holding the question's
//!   index and its shuffled option order (choice) or the H5 tie lots (numeric), so a record
//!   depends on the bank: test records use the fixed `sample` set.
//! - LC-5 The baseline's base choice (the spec gives none): the legal county with the most
//!   neighbours. Its war step rebuilds before it attacks a weakened base.
//! - LC-6 The H7 variant `expansionQuestion: "shared"` is not built (not the default).
//! - LC-7 The seeded draw of H5 for numeric questions is made with the question draw (`lots`) and
//!   is hidden until the reveal.
//! - LC-8 The view carries the open question's id, text and options in display order, never its
//!   option permutation or solution; the determinization finds the question by id and its order
//!   by the option texts (distinct by validation).
//! - LC-9 The defence bonus follows the original Hungarian rules text, not H10: "Ha a védő úgy
//!   nyer, hogy eltalálta a helyes választ, a védő 100 pont védekezési bónuszt kap. Ezt a
//!   védekezési bónuszt a játékos legyőzésével nem lehet megszerezni." and "Egy bázismegye
//!   ledöntése 1000 pontot ér". So the +100 goes to the defending player's score, never onto the
//!   county; a later capture gives the attacker 400 and leaves the bonus with the defender; a
//!   fallen base gives the attacker its counties at their values, the base county at 1000
//!   however often it was defended, and the eliminated player's bonus goes nowhere (an
//!   eliminated player scores 0, §4.4). H10's county mode and its `defence_bonus_to` option are
//!   gone: a record that still names the option replays under this rule (the field is ignored).
//! - LC-10 Questions that ask the same fact, or give each other's answer away, carry one
//!   `sameFact` group in the bank (the review's 57 pairs and a few more, see
//!   `data/questions/README.md`). A draw never picks a question whose group was already asked in
//!   the game (in either deck), unless nothing else is left in the pass (small test banks only).
//!   The draw is part of the match record, so the option `one_question_per_fact` is on in new
//!   games and off for records made before it (they lack the field), which replay their draws
//!   as made.

mod ai;
mod answer;
pub mod bank;
mod board;
pub mod map;
mod rules;
mod view;

pub use ai::{ai_action, ai_answer, baseline_choice, duel, evaluate, DuelReport};
pub use answer::{answer_time, choice_answer, numeric_guess, p_correct, AnswerLevel};
pub use rules::{
    rank_numeric, Ask, Campaign, CampaignAction, CampaignOptions, CampaignState, Colour, County,
    Drawn, Effect, Given, LongCampaign, Phase, Player, Purpose, Reveal, SeatList, Sim, Snapshot,
    Stage, Step, Timer, BASE_VALUE, CAPTURE_VALUE, DEFENCE_BONUS, DIVISION_VALUE, EXPANSION_VALUE,
    ROUNDS, ROUND_ORDER, TOWERS,
};
pub use view::{
    AskView, CampaignView, Castle, CountyTile, QuestionCard, RevealDetails, RevealedAnswer,
};

#[cfg(test)]
mod tests;
