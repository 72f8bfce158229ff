//! What one seat may know (long-campaign.md §6), the AI's determinization of it, the game log,
//! and plain-Rust helpers for the board and the question screens.
//!
//! While a question is open a view holds its text and options in the one shuffled order, who
//! must answer and who has locked an answer, and the viewer's own locked answer. It never holds
//! the correct answer, another seat's answer or time, the tie lots, the deck order or any RNG.
//! After the reveal everything about that question is public ([`Campaign::last_reveal`]).

use super::answer::AnswerLevel;
use super::bank::{self, Bank, Category, Language, Question, QuestionKind};
use super::map::{self, CountyId, CountyShape};
use super::rules::*;
use crate::engine::{Game, Rng, Seat};
use crate::i18n::Lang;
use crate::t;
use crate::ui::Decimal;
use rand::seq::SliceRandom;
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// A question as every seat sees it on screen: no solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionCard {
    pub id: String,
    pub kind: QuestionKind,
    pub category: Category,
    pub difficulty: u8,
    pub text: String,
    /// Choice: the four options in display order. Numeric: empty.
    pub options: Vec<String>,
    /// Numeric: the unit as shown ("" if none, and for years: [`Question::shown_unit`]).
    pub unit: String,
}

impl QuestionCard {
    fn of(q: &Question, order: [u8; 4]) -> Self {
        let options = match q.kind() {
            QuestionKind::Choice => order
                .iter()
                .map(|&o| q.options()[o as usize % 4].clone())
                .collect(),
            QuestionKind::Numeric => Vec::new(),
        };
        QuestionCard {
            id: q.id.clone(),
            kind: q.kind(),
            category: q.category,
            difficulty: q.difficulty,
            text: q.text.clone(),
            options,
            unit: q.shown_unit().to_string(),
        }
    }
}

/// The open question as the viewer may see it (§6 table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskView {
    pub purpose: Purpose,
    pub kind: QuestionKind,
    pub answerers: SeatList,
    /// `None` until drawn.
    pub question: Option<QuestionCard>,
    /// Which seats have locked an answer (not what they chose).
    pub locked: [bool; 3],
    /// The viewer's own locked answer, with no right/wrong feedback.
    pub mine: Option<Given>,
}

/// One seat's view: the public table, the open question without its secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignView {
    pub seat: Seat,
    pub campaign: Campaign,
    pub ask: Option<AskView>,
}

pub(crate) fn view_of(s: &CampaignState, seat: Seat) -> CampaignView {
    let ask = s.ask.as_ref().map(|a| AskView {
        purpose: a.purpose,
        kind: a.kind,
        answerers: a.answerers,
        question: a.question.and_then(|d| {
            s.campaign
                .question(a.kind, d.index)
                .map(|q| QuestionCard::of(q, d.order))
        }),
        locked: [0, 1, 2].map(|i| a.answers[i].is_some()),
        mine: a.answers.get(seat).copied().flatten(),
    });
    CampaignView {
        seat,
        campaign: s.campaign.clone(),
        ask,
    }
}

/// A full state consistent with the view: the open question is found in the bank by its id and
/// its option order by the displayed texts; tie lots are dealt at random; answers the viewer has
/// not seen come from the §7 model at each seat's level. The state is a search state: every
/// answer still to come is the model's (questions are chance, DECISION LC-2).
pub(crate) fn determinize(v: &CampaignView, rng: &mut Rng) -> CampaignState {
    let levels = v.campaign.options.answer_levels;
    let mut state = CampaignState {
        campaign: v.campaign.clone(),
        ask: None,
        sim: Some(Sim {
            levels,
            seed: rng.random(),
            answers: 0,
        }),
    };
    let Some(a) = &v.ask else { return state };
    let bank = state.campaign.bank();
    let question = a.question.as_ref().and_then(|card| {
        let (kind, index) = bank.find(&card.id)?;
        let q = bank.get(kind, index)?;
        let mut order = [0u8, 1, 2, 3];
        if kind == QuestionKind::Choice {
            for (i, text) in card.options.iter().enumerate().take(4) {
                order[i] = q.options().iter().position(|o| o == text)? as u8;
            }
        }
        let mut lots = [0u8, 1, 2];
        lots.shuffle(rng);
        Some(Drawn { index, order, lots })
    });
    state.ask = Some(Ask {
        purpose: a.purpose,
        kind: a.kind,
        answerers: a.answerers,
        question,
        answers: [None; 3],
    });
    for &s in a.answerers.as_slice() {
        let i = s as usize;
        let given = if i == v.seat {
            a.mine
        } else if a.locked[i] {
            match state.model_answer(levels[i], rng) {
                Some(CampaignAction::Answer { option, ms }) => Some(Given::Choice { option, ms }),
                Some(CampaignAction::Guess { value, ms }) => Some(Given::Guess { value, ms }),
                _ => None,
            }
        } else {
            None
        };
        if let Some(ask) = state.ask.as_mut() {
            ask.answers[i] = given;
        }
    }
    state
}

/// A county's drawing plus its state, for the board.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountyTile {
    pub id: CountyId,
    pub shape: Option<&'static CountyShape>,
    pub owner: Option<u8>,
    pub colour: Option<Colour>,
    pub value: u32,
    /// Some when a castle is drawn: standing towers (0 once ruined).
    pub castle: Option<Castle>,
}

/// A base's castle (§2.3): 0–3 standing towers, or ruined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Castle {
    pub towers: u8,
    pub ruined: bool,
}

/// One answer on the reveal screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevealedAnswer {
    pub seat: u8,
    pub given: Option<Given>,
    /// What the seat answered, as text ("Danube", "1500 year", or "no answer").
    pub text: String,
    /// Choice questions: whether it was right.
    pub right: Option<bool>,
    /// Numeric questions: |guess − answer|.
    pub distance: Option<u64>,
    /// Numeric questions: place in the §4.0 ranking, 0 first.
    pub place: Option<usize>,
}

/// Everything the reveal screen shows (§6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RevealDetails {
    pub card: QuestionCard,
    /// The correct option's display index (choice questions).
    pub correct_option: Option<u8>,
    /// The correct answer as text.
    pub correct_text: String,
    pub answers: Vec<RevealedAnswer>,
    pub effect: Effect,
}

impl Campaign {
    /// The board: every county's shape, owner, value and castle, in map order.
    pub fn tiles(&self) -> Vec<CountyTile> {
        let shapes = map::shapes();
        CountyId::all()
            .map(|id| {
                let c = self.county(id);
                CountyTile {
                    id,
                    shape: shapes.shape(id),
                    owner: c.owner,
                    colour: c.owner.map(|o| self.colour_of(o)),
                    value: c.value,
                    castle: c.base.then_some(Castle {
                        towers: c.towers,
                        ruined: c.ruined,
                    }),
                }
            })
            .collect()
    }

    /// The seats in the current round's order (§4.2 table; H8 in the war), with the index of
    /// the turn being played. `None` outside the expansion and the war.
    pub fn turn_order(&self) -> Option<([u8; 3], u8)> {
        let colours = self.round_order()?;
        let turn = match self.phase {
            Phase::Expansion { turn, .. } | Phase::War { turn, .. } => turn,
            _ => 0,
        };
        Some((colours.map(|c| self.seat_of(c)), turn))
    }

    /// Seats from first to last: the final ranking once over, else the live standings (living
    /// players by score, then the eliminated, the later elimination first; ties in colour order).
    pub fn standings(&self) -> [u8; 3] {
        if let Some(r) = self.ranking {
            return r;
        }
        let mut order = self.seats_in_colour_order();
        order.sort_by_key(|&s| {
            let p = self.players[s as usize];
            (
                !p.alive,
                std::cmp::Reverse(self.score(s)),
                std::cmp::Reverse(p.eliminated),
            )
        });
        order
    }

    /// What the seat to move must do now, in words, for the table's prompt line.
    pub fn prompt(&self, lang: Lang) -> String {
        let who = |s: u8| format!("@{s}");
        match (self.phase, self.step) {
            (_, Step::Over) | (Phase::Over, _) => {
                t!(lang, "The campaign is over", "A hadjárat véget ért")
            }
            (_, Step::Draw) => t!(lang, "A question is drawn", "Kérdéshúzás"),
            (_, Step::TimeUp { seat }) => t!(
                lang,
                "Time is up for {}: a random choice",
                "{}: lejárt az idő, véletlen választás",
                who(seat)
            ),
            (_, Step::Answer { seat }) => t!(
                lang,
                "{} answers the question",
                "{} válaszol a kérdésre",
                who(seat)
            ),
            (Phase::Bases { .. }, Step::Choose { seat }) => t!(
                lang,
                "{}: pick a county for your base (not next to another base)",
                "{}: válassz vármegyét a váradnak (más vár mellé nem lehet)",
                who(seat)
            ),
            (Phase::Expansion { round, .. }, Step::Choose { seat }) => t!(
                lang,
                "Expansion round {round}/{ROUNDS}: {}, pick a free county next to your land",
                "Terjeszkedés, {round}/{ROUNDS}. kör: {}, válassz egy szabad vármegyét a területed mellett",
                who(seat)
            ),
            (Phase::Division, Step::Choose { seat }) => t!(
                lang,
                "{}: you won the guess, pick a free county",
                "{}: a tiéd a legjobb tipp, válassz egy szabad vármegyét",
                who(seat)
            ),
            (Phase::War { round, .. }, Step::Choose { seat }) => {
                if self.can_rebuild(seat) {
                    t!(
                        lang,
                        "War round {round}/{ROUNDS}: {}, attack a county next to your land, or rebuild your base",
                        "Háború, {round}/{ROUNDS}. kör: {}, támadj meg egy szomszédos vármegyét, vagy építsd újjá a várad",
                        who(seat)
                    )
                } else {
                    t!(
                        lang,
                        "War round {round}/{ROUNDS}: {}, attack a county next to your land",
                        "Háború, {round}/{ROUNDS}. kör: {}, támadj meg egy szomszédos vármegyét",
                        who(seat)
                    )
                }
            }
            (_, Step::Choose { seat }) => t!(lang, "{} chooses", "{} választ", who(seat)),
        }
    }

    /// Whose turn it is to choose or answer, if a seat's.
    pub fn seat_to_move(&self) -> Option<u8> {
        match self.step {
            Step::Choose { seat } | Step::Answer { seat } => Some(seat),
            _ => None,
        }
    }

    /// The counties a click may pick or attack for `seat` now (the board's highlighted targets).
    pub fn target_counties(&self, seat: u8) -> Vec<CountyId> {
        self.legal_choices(seat)
            .into_iter()
            .filter_map(|a| match a {
                CampaignAction::Pick { county } | CampaignAction::Attack { county } => Some(county),
                _ => None,
            })
            .collect()
    }

    /// The reveal of the last resolved question, ready to show.
    pub fn reveal_details(&self) -> Option<RevealDetails> {
        self.reveal_details_in(self.options.language)
    }

    /// The same reveal with the question, options and unit in `language`: a question has the
    /// same id, option order and answer in both (checked by the bank), so the drawn order holds.
    pub fn reveal_details_in(&self, language: Language) -> Option<RevealDetails> {
        let r = self.last_reveal?;
        let q = self.question(r.kind, r.question.index)?;
        let q = match bank::bank(self.options.questions, language) {
            Ok(b) => b.find(&q.id).and_then(|(k, i)| b.get(k, i)).unwrap_or(q),
            Err(_) => q,
        };
        let card = QuestionCard::of(q, r.question.order);
        let (correct_option, correct_text) = match r.kind {
            QuestionKind::Choice => {
                let i = r.correct as usize;
                (
                    Some(r.correct as u8),
                    card.options.get(i).cloned().unwrap_or_default(),
                )
            }
            QuestionKind::Numeric => (None, with_unit(r.correct, &card.unit)),
        };
        let answers = r
            .answerers
            .as_slice()
            .iter()
            .map(|&seat| {
                let given = r.answers[seat as usize];
                let text = match given {
                    Some(Given::Choice {
                        option: Some(o), ..
                    }) => card.options.get(o as usize).cloned().unwrap_or_default(),
                    Some(Given::Guess { value: Some(v), .. }) => with_unit(v, &card.unit),
                    _ => "no answer".to_string(),
                };
                let (right, distance, place) = match r.kind {
                    QuestionKind::Choice => (Some(r.ranking.contains(seat)), None, None),
                    QuestionKind::Numeric => (
                        None,
                        match given {
                            Some(Given::Guess { value: Some(v), .. }) => {
                                Some(v.abs_diff(r.correct))
                            }
                            _ => None,
                        },
                        r.ranking.as_slice().iter().position(|&s| s == seat),
                    ),
                };
                RevealedAnswer {
                    seat,
                    given,
                    text,
                    right,
                    distance,
                    place,
                }
            })
            .collect();
        Some(RevealDetails {
            card,
            correct_option,
            correct_text,
            answers,
            effect: r.effect,
        })
    }
}

fn with_unit(v: u64, unit: &str) -> String {
    if unit.is_empty() {
        v.to_string()
    } else {
        format!("{v} {unit}")
    }
}

impl CampaignView {
    /// The viewer's legal choices now (board clicks and the Rebuild button); empty when the
    /// viewer is not choosing. Answers are free input: see [`CampaignView::must_answer`].
    pub fn legal_choices(&self) -> Vec<CampaignAction> {
        self.campaign.legal_choices(self.seat as u8)
    }

    /// True when the viewer must answer the open question now.
    pub fn must_answer(&self) -> bool {
        self.campaign.step
            == Step::Answer {
                seat: self.seat as u8,
            }
    }

    /// The open question's card, once drawn.
    pub fn question(&self) -> Option<&QuestionCard> {
        self.ask.as_ref().and_then(|a| a.question.as_ref())
    }

    /// The answer time limit in ms (`None` with timers off).
    pub fn limit_ms(&self) -> Option<u32> {
        self.campaign.options.timer.limit_ms()
    }

    /// The AI answer level the options give this seat.
    pub fn answer_level(&self) -> AnswerLevel {
        self.campaign.options.answer_levels[self.seat % 3]
    }

    /// The bank the view's questions come from.
    pub fn bank(&self) -> &'static Bank {
        self.campaign.bank()
    }
}

fn seat_list(seats: &[u8], lang: Lang) -> String {
    let names: Vec<String> = seats.iter().map(|s| format!("@{s}")).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => t!(
            lang,
            "{} and {}",
            "{} és {}",
            names[..n - 1].join(", "),
            names[n - 1]
        ),
    }
}

/// A question category in words.
pub fn category_name(c: Category, lang: Lang) -> &'static str {
    match c {
        Category::Hungary => lang.pick("Hungary", "Magyarország"),
        Category::Geography => lang.pick("geography", "földrajz"),
        Category::History => lang.pick("history", "történelem"),
        Category::Science => lang.pick("science", "tudomány"),
        Category::General => lang.pick("general knowledge", "általános műveltség"),
        Category::Arts => lang.pick("arts", "művészetek"),
        Category::Sport => lang.pick("sport", "sport"),
    }
}

/// What a resolved question did, in words (the log and the reveal screen).
pub fn effect_line(e: &Effect, lang: Lang) -> String {
    match *e {
        Effect::Claimed { seat, county } => t!(
            lang,
            "@{seat} takes {} (+{EXPANSION_VALUE})",
            "@{seat} elfoglalja: {} (+{EXPANSION_VALUE})",
            county.name()
        ),
        Effect::Missed { seat, county } => t!(
            lang,
            "{} stays free of @{seat}",
            "{} szabad marad, @{seat} nem foglalta el",
            county.name()
        ),
        Effect::DivisionWon { seat } => t!(
            lang,
            "@{seat} wins and picks a county",
            "@{seat} nyer, és vármegyét választ"
        ),
        Effect::Decider => t!(
            lang,
            "both right: a numeric question decides",
            "mindkettő jó: tippkérdés dönt"
        ),
        Effect::Captured {
            attacker,
            defender,
            county,
        } => t!(
            lang,
            "@{attacker} captures {} from @{defender} (now {CAPTURE_VALUE})",
            "@{attacker} elfoglalja: {}, @{defender} elveszíti (értéke most {CAPTURE_VALUE})",
            county.name()
        ),
        Effect::TowerDown {
            attacker,
            county,
            towers,
            ..
        } => t!(
            lang,
            "@{attacker} brings down a tower of {} ({towers} left); the siege goes on",
            "@{attacker} ledönt egy tornyot: {} ({towers} maradt); az ostrom folytatódik",
            county.name()
        ),
        Effect::BaseFell {
            attacker,
            defender,
            county,
        } => t!(
            lang,
            "the base at {} falls: @{defender} is out and @{attacker} takes all its land",
            "elesett a vár ({}): @{defender} kiesett, minden földje @{attacker} kezére jut",
            county.name()
        ),
        Effect::Held {
            defender,
            county,
            bonus,
            ..
        } => {
            if bonus {
                t!(
                    lang,
                    "@{defender} holds {} (+{DEFENCE_BONUS} defence bonus)",
                    "@{defender} megvédi: {} (+{DEFENCE_BONUS} védekezési bónusz)",
                    county.name()
                )
            } else {
                t!(
                    lang,
                    "@{defender} holds {}",
                    "@{defender} megvédi: {}",
                    county.name()
                )
            }
        }
        Effect::Rebuilt { seat, towers } => t!(
            lang,
            "@{seat} rebuilds a tower ({towers} standing)",
            "@{seat} újjáépít egy tornyot ({towers} áll)"
        ),
        Effect::RebuildFailed { seat } => t!(
            lang,
            "@{seat} fails to rebuild",
            "@{seat} nem tudja újjáépíteni a tornyot"
        ),
        Effect::TieBroken => t!(
            lang,
            "the tie-break question settles the ranking",
            "a döntetlent eldöntő kérdés adja a sorrendet"
        ),
    }
}

/// An answer time as the player's language writes it: "5.0 s", "5,0 mp" (decimal comma).
pub fn seconds(ms: u32, lang: Lang) -> String {
    let s = format!("{:.1}", Decimal(ms as f64 / 1000.0));
    match lang {
        Lang::En => format!("{s} s"),
        Lang::Hu => format!("{} mp", s.replace('.', ",")),
    }
}

/// The question language that goes with the app language.
pub fn language_of(lang: Lang) -> Language {
    match lang {
        Lang::En => Language::En,
        Lang::Hu => Language::Hu,
    }
}

/// The log line for the reveal that `after` shows.
fn reveal_line(after: &Campaign, lang: Lang) -> String {
    let Some(d) = after.reveal_details_in(language_of(lang)) else {
        return String::new();
    };
    let answers: Vec<String> = d
        .answers
        .iter()
        .map(|a| {
            let time = a
                .given
                .map_or(String::new(), |g| format!(", {}", seconds(g.ms(), lang)));
            let seat = a.seat;
            let text = if a.given.is_some_and(|g| g.answered()) {
                a.text.clone()
            } else {
                t!(lang, "no answer", "nincs válasz")
            };
            match (a.right, a.distance) {
                (Some(true), _) => t!(
                    lang,
                    "@{seat} right ({text}{time})",
                    "@{seat} jó ({text}{time})"
                ),
                (Some(false), _) => {
                    t!(
                        lang,
                        "@{seat} wrong ({text}{time})",
                        "@{seat} rossz ({text}{time})"
                    )
                }
                (None, Some(dist)) => t!(
                    lang,
                    "@{seat} {text} (off by {dist}{time})",
                    "@{seat} {text} (eltérés: {dist}{time})"
                ),
                (None, None) => t!(lang, "@{seat} no answer", "@{seat}: nincs válasz"),
            }
        })
        .collect();
    let mut line = t!(
        lang,
        "Answer: {}. {}; {}",
        "Válasz: {}. {}; {}",
        d.correct_text,
        answers.join(", "),
        effect_line(&d.effect, lang)
    );
    if after.phase == Phase::Over {
        if let Some(r) = after.ranking {
            line.push_str(&t!(
                lang,
                ". Final ranking: {}",
                ". Végső sorrend: {}",
                seat_list(&r, lang)
            ));
        }
    }
    line
}

pub(crate) fn describe(
    before: &CampaignState,
    action: &CampaignAction,
    viewer: u8,
    lang: Lang,
) -> Option<String> {
    let c = &before.campaign;
    let mut after = before.clone();
    LongCampaign::apply(&mut after, action).ok()?;
    let mover = c.seat_to_move().unwrap_or(0);
    let chooser = match c.step {
        Step::Choose { seat } | Step::TimeUp { seat } => seat,
        _ => mover,
    };
    let line = match *action {
        CampaignAction::Pick { county } => match c.phase {
            Phase::Bases { .. } => t!(
                lang,
                "@{chooser} founds a base in {}",
                "@{chooser} várat alapít: {}",
                county.name()
            ),
            Phase::Expansion { .. } => t!(
                lang,
                "@{chooser} marches on {}",
                "@{chooser} terjeszkedne: {}",
                county.name()
            ),
            _ => t!(
                lang,
                "@{chooser} takes {} (+{DIVISION_VALUE})",
                "@{chooser} elfoglalja: {} (+{DIVISION_VALUE})",
                county.name()
            ),
        },
        CampaignAction::Attack { county } => {
            let target = c.county(county);
            let owner = target
                .owner
                .map_or(t!(lang, "nobody", "senki"), |o| format!("@{o}"));
            let towers = target.towers;
            if target.is_living_base() {
                t!(
                    lang,
                    "@{chooser} lays siege to {owner}'s base at {} ({towers} towers)",
                    "@{chooser} ostrom alá veszi {owner} várát: {} ({towers} torony)",
                    county.name()
                )
            } else {
                t!(
                    lang,
                    "@{chooser} attacks {} of {owner}",
                    "@{chooser} megtámadja: {} ({owner} vármegyéje)",
                    county.name()
                )
            }
        }
        CampaignAction::Rebuild => t!(
            lang,
            "@{chooser} tries to rebuild a tower",
            "@{chooser} megpróbál újjáépíteni egy tornyot"
        ),
        CampaignAction::TimeUp => t!(
            lang,
            "@{chooser} ran out of time: a random choice is made",
            "@{chooser} ideje lejárt: véletlen választás"
        ),
        CampaignAction::DrawChoice { .. } | CampaignAction::DrawNumeric { .. } => {
            let ask = before.ask?;
            let category = match *action {
                CampaignAction::DrawChoice { question, .. }
                | CampaignAction::DrawNumeric { question, .. } => c
                    .question(ask.kind, question)
                    .map_or("", |q| category_name(q.category, lang)),
                _ => "",
            };
            let who = seat_list(ask.answerers.as_slice(), lang);
            match ask.kind {
                QuestionKind::Choice => t!(
                    lang,
                    "multiple-choice question ({category}) for {who}",
                    "feleletválasztós kérdés ({category}): {who}"
                ),
                QuestionKind::Numeric => t!(
                    lang,
                    "numeric question ({category}) for {who}",
                    "tippkérdés ({category}): {who}"
                ),
            }
        }
        CampaignAction::Answer { .. } | CampaignAction::Guess { .. } => {
            let open = |s: &CampaignState| s.ask.map(|a| (a.purpose, a.question));
            if open(&after) == open(before) {
                // Still open: only the answerer learns what was locked.
                if viewer == mover {
                    match *action {
                        CampaignAction::Answer {
                            option: Some(o),
                            ms,
                        } => t!(
                            lang,
                            "@{mover} answered option {} in {}",
                            "@{mover} válasza: {} ({})",
                            (b'A' + o) as char,
                            seconds(ms, lang)
                        ),
                        CampaignAction::Guess { value: Some(v), ms } => t!(
                            lang,
                            "@{mover} guessed {v} in {}",
                            "@{mover} tippje: {v} ({})",
                            seconds(ms, lang)
                        ),
                        _ => t!(lang, "@{mover} gave no answer", "@{mover} nem válaszolt"),
                    }
                } else {
                    t!(lang, "@{mover} locked an answer", "@{mover} válaszolt")
                }
            } else {
                reveal_line(&after.campaign, lang)
            }
        }
    };
    Some(line)
}
