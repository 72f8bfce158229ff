//! Messages between the table and the AI worker, as JSON strings. Plain Rust so the worker
//! protocol is tested natively; the worker binary only moves strings across `postMessage`.
//!
//! The table sends the match record, the same one a save holds, not the seat's view: the
//! worker replays it and hands the bot only [`Game::view`] of the seat, so the bot still cannot
//! cheat ([`Bot::choose`] takes a view). Records are serialized anyway (saves, export), while
//! views and states would need serde code of their own in the app's wasm, which is the larger
//! part of each game's serde code (measured: about 190 KB of the unoptimised wasm).

use super::Bot;
use crate::engine::{Game, Match, Rng, Seat, ToMove};
use crate::games::{with_game, GameVisitor};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// A request to choose an action for `seat` in the match that `record` replays to.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AiRequest {
    /// Echoed back so the table can ignore answers to requests it no longer needs.
    pub ticket: u64,
    pub game: String,
    /// The match so far (`Match::to_json`).
    pub record: String,
    /// The seat to move, whose view alone the bot sees.
    pub seat: Seat,
    pub bot: Bot,
    pub seed: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AiReply {
    pub ticket: u64,
    /// The chosen action as JSON (`G::Action`), or why none was chosen.
    pub action: Result<String, String>,
}

/// A benchmark run inside the worker, so WASM speed compares with `turf bench` natively.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchRequest {
    pub game: String,
    pub seconds: f64,
    pub decisions: usize,
    /// The game's options as JSON (as in a record, e.g. `{"players":5}`); the defaults if absent.
    #[serde(default)]
    pub options: Option<String>,
}

/// A request to read position `at` (the state after `at` actions) of the review of the game
/// that `record` holds ([`super::review`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReviewRequest {
    pub ticket: u64,
    pub game: String,
    pub record: String,
    pub at: usize,
    pub seed: u64,
}

/// A position of a review as the table keeps it: the preferred action as JSON (`G::Action`).
pub type Reading = super::review::Position<String>;

/// A finished review as a saved or exported game keeps it: the seed it was read with and one
/// reading per position (the actions plus one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredReview {
    pub seed: u64,
    pub readings: Vec<Reading>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReviewReply {
    pub ticket: u64,
    pub at: usize,
    pub reading: Result<Reading, String>,
}

/// Read one position of a review (in the worker, or natively in tests).
pub fn review_step(request: &ReviewRequest) -> ReviewReply {
    struct Read<'a>(&'a ReviewRequest);
    impl GameVisitor for Read<'_> {
        type Output = Result<Reading, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let request = self.0;
            let game =
                Match::<G>::from_json(&request.record).map_err(|e| format!("bad record: {e}"))?;
            // The states as the record holds them: a match resolves a pending chance event at
            // once, so its prefix of `at` actions may stand after a roll the record holds next.
            let history = game.history();
            let state = history
                .get(request.at)
                .ok_or_else(|| format!("the game has no position {}", request.at))?;
            let played = game.record().actions.get(request.at);
            let position =
                super::review::review_position::<G>(state, played, request.at, request.seed);
            let preferred = match position.preferred {
                Some(a) => Some(serde_json::to_string(&a).map_err(|e| e.to_string())?),
                None => None,
            };
            Ok(Reading {
                chances: position.chances,
                preferred,
                played: position.played,
            })
        }
    }
    let reading = with_game(&request.game, Read(request))
        .unwrap_or_else(|| Err(format!("unknown game {}", request.game)));
    ReviewReply {
        ticket: request.ticket,
        at: request.at,
        reading,
    }
}

/// Run a benchmark request (every level).
pub fn run_bench(request: &BenchRequest) -> Result<super::bench::BenchReport, String> {
    struct Run<'a>(&'a BenchRequest);
    impl GameVisitor for Run<'_> {
        type Output = Result<super::bench::BenchReport, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let options = match &self.0.options {
                Some(json) => {
                    serde_json::from_str(json).map_err(|e| format!("bad options: {e}"))?
                }
                None => G::Options::default(),
            };
            super::bench::bench::<G>(
                &options,
                self.0.seconds,
                self.0.decisions,
                &super::Level::ALL,
            )
        }
    }
    with_game(&request.game, Run(request))
        .unwrap_or_else(|| Err(format!("unknown game {}", request.game)))
}

/// Answer one request (run inside the worker, or natively in tests).
pub fn answer(request: &AiRequest) -> AiReply {
    struct Choose<'a>(&'a AiRequest);
    impl GameVisitor for Choose<'_> {
        type Output = Result<String, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let request = self.0;
            let game =
                Match::<G>::from_json(&request.record).map_err(|e| format!("bad record: {e}"))?;
            if game.to_move() != ToMove::Seat(request.seat) {
                return Err(format!("it is not seat {}'s turn", request.seat));
            }
            let view = G::view(game.state(), request.seat);
            let mut rng = Rng::seed_from_u64(request.seed);
            let action = request
                .bot
                .choose::<G>(&view, &mut rng)
                .ok_or_else(|| "the seat has nothing to decide".to_string())?;
            serde_json::to_string(&action).map_err(|e| e.to_string())
        }
    }
    let action = with_game(&request.game, Choose(request))
        .unwrap_or_else(|| Err(format!("unknown game {}", request.game)));
    AiReply {
        ticket: request.ticket,
        action,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::{search, Level};
    use crate::games::herd::{Herd, HerdAction, HerdOptions};
    use crate::games::long_campaign::{
        ai_answer, baseline_choice, CampaignAction, CampaignOptions, CampaignView, LongCampaign,
    };

    #[test]
    fn the_worker_answers_with_the_bots_choice_from_the_seats_view() {
        let mut m = Match::<Herd>::new(HerdOptions::default(), 9).unwrap();
        let mut rng = Rng::seed_from_u64(2);
        for _ in 0..5 {
            let ToMove::Seat(seat) = m.to_move() else {
                panic!("Herd's first turns go on")
            };
            let a = Bot::Random
                .choose::<Herd>(&Herd::view(m.state(), seat), &mut rng)
                .unwrap();
            m.play(&a).unwrap();
        }
        let ToMove::Seat(seat) = m.to_move() else {
            panic!("a seat moves")
        };
        let bot = Bot::level(Level::Easy).deterministic();
        let request = AiRequest {
            ticket: 4,
            game: "herd".into(),
            record: m.to_json(),
            seat,
            bot: bot.clone(),
            seed: 1,
        };
        let text = serde_json::to_string(&request).unwrap();
        let reply = answer(&serde_json::from_str(&text).unwrap());
        assert_eq!(reply.ticket, 4);
        let action: HerdAction = serde_json::from_str(&reply.action.unwrap()).unwrap();
        assert!(Herd::legal(m.state()).contains(&action));
        let from_view = bot
            .choose::<Herd>(&Herd::view(m.state(), seat), &mut Rng::seed_from_u64(1))
            .unwrap();
        assert_eq!(
            action, from_view,
            "the bot saw the seat's view of this match"
        );
    }

    /// Play a Long Campaign with Easy bots until `stop` says so; the match and the seat to move.
    fn campaign_until(
        seed: u64,
        stop: impl Fn(&CampaignView) -> bool,
    ) -> (Match<LongCampaign>, usize) {
        let mut m = Match::<LongCampaign>::new(CampaignOptions::default(), seed).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        while let ToMove::Seat(seat) = m.to_move() {
            let view = LongCampaign::view(m.state(), seat);
            if stop(&view) {
                return (m, seat);
            }
            let a = Bot::level(Level::Easy)
                .choose::<LongCampaign>(&view, &mut rng)
                .unwrap();
            m.play(&a).unwrap();
        }
        panic!("the game ended first")
    }

    fn ask(m: &Match<LongCampaign>, seat: Seat, level: Level, seed: u64) -> CampaignAction {
        let request = AiRequest {
            ticket: 1,
            game: LongCampaign::ID.into(),
            record: m.to_json(),
            seat,
            bot: Bot::level(level),
            seed,
        };
        serde_json::from_str(&answer(&request).action.unwrap()).unwrap()
    }

    #[test]
    fn the_worker_answers_long_campaign_questions_by_the_games_answer_model() {
        // Phase 2's first question: the seat to move must answer it.
        let (m, seat) = campaign_until(3, |v| v.must_answer());
        let view = LongCampaign::view(m.state(), seat);
        let mut differs = false;
        for seed in 0..12 {
            let got = ask(&m, seat, Level::Hard, seed);
            let model = ai_answer(&view, &mut Rng::seed_from_u64(seed)).unwrap();
            assert_eq!(
                got, model,
                "seed {seed}: the §7 model's answer, not a search's"
            );
            let generic = search::<LongCampaign>(
                &view,
                &LongCampaign::search_config(Level::Hard).deterministic(),
                &mut Rng::seed_from_u64(seed),
            )
            .0
            .unwrap();
            differs |= generic != model;
            let mut state = m.state().clone();
            assert!(LongCampaign::apply(&mut state, &got).is_ok());
        }
        assert!(differs, "the test tells the generic path from the model");
    }

    #[test]
    fn the_worker_plays_the_baseline_for_easy_long_campaign_choices() {
        let (m, seat) = campaign_until(5, |v| !v.legal_choices().is_empty());
        let view = LongCampaign::view(m.state(), seat);
        for seed in 0..6 {
            let baseline =
                baseline_choice(&view.campaign, seat as u8, &mut Rng::seed_from_u64(seed));
            assert_eq!(Some(ask(&m, seat, Level::Easy, seed)), baseline);
        }
    }

    /// What the table's Hint button asks: Hard's choice for the seat to move, from its view.
    /// In every game and at several points of a game, the answer is legal and equals Hard's
    /// own choice from that seat's view and the same seed.
    #[test]
    fn a_hint_is_hards_legal_choice_from_the_seats_view() {
        struct Hints;
        impl GameVisitor for Hints {
            type Output = usize;
            fn visit<G: Game>(self) -> usize {
                let hard = Bot::level(Level::Hard).deterministic();
                let mut m = Match::<G>::new(Default::default(), 11).unwrap();
                let mut rng = Rng::seed_from_u64(3);
                let mut asked = 0;
                while let ToMove::Seat(seat) = m.to_move() {
                    let view = G::view(m.state(), seat);
                    if m.record().actions.len().is_multiple_of(7) && asked < 3 {
                        let request = AiRequest {
                            ticket: 1,
                            game: G::ID.into(),
                            record: m.to_json(),
                            seat,
                            bot: hard.clone(),
                            seed: 5,
                        };
                        let hint: G::Action =
                            serde_json::from_str(&answer(&request).action.unwrap()).unwrap();
                        // Legal: the rules take it (a Long Campaign answer carries its own
                        // time, so it need not be one of the listed actions).
                        let mut state = m.state().clone();
                        assert!(
                            G::apply(&mut state, &hint).is_ok(),
                            "{}: a legal hint",
                            G::ID
                        );
                        let own = hard.choose::<G>(&view, &mut Rng::seed_from_u64(5));
                        assert_eq!(Some(hint), own, "{}: Hard's own choice", G::ID);
                        asked += 1;
                    }
                    let a = Bot::Random.choose::<G>(&view, &mut rng).unwrap();
                    m.play(&a).unwrap();
                }
                asked
            }
        }
        for id in crate::games::GAME_IDS {
            assert!(with_game(id, Hints).unwrap() > 0, "{id} was asked");
        }
    }

    #[test]
    fn the_worker_reads_a_review_position_as_the_review_does() {
        let mut m = Match::<Herd>::new(HerdOptions::default(), 4).unwrap();
        let mut rng = Rng::seed_from_u64(1);
        for _ in 0..6 {
            let ToMove::Seat(seat) = m.to_move() else {
                panic!("Herd's first turns go on")
            };
            let a = Bot::Random
                .choose::<Herd>(&Herd::view(m.state(), seat), &mut rng)
                .unwrap();
            m.play(&a).unwrap();
        }
        let request = |at| ReviewRequest {
            ticket: 2,
            game: "herd".into(),
            record: m.to_json(),
            at,
            seed: 9,
        };
        let reply = review_step(&request(3));
        assert_eq!((reply.ticket, reply.at), (2, 3));
        let reading = reply.reading.unwrap();
        // Position 0 stands before the first roll, which the record holds as its first action.
        assert!(matches!(m.record().actions[0], HerdAction::Roll { .. }));
        let reading_zero = review_step(&request(0)).reading.unwrap();
        let history = m.history();
        let zero = crate::ai::review::review_position::<Herd>(
            &history[0],
            m.record().actions.first(),
            0,
            9,
        );
        assert_eq!(reading_zero.chances, zero.chances);
        let native = crate::ai::review::review_position::<Herd>(
            &history[3],
            m.record().actions.get(3),
            3,
            9,
        );
        assert_eq!(reading.chances, native.chances);
        assert_eq!(
            reading.preferred,
            native.preferred.map(|a| serde_json::to_string(&a).unwrap())
        );
        let reason = review_step(&request(99)).reading.unwrap_err();
        assert!(reason.contains("no position 99"), "{reason}");
    }

    #[test]
    fn bad_requests_get_a_reason() {
        let m = Match::<Herd>::new(HerdOptions::default(), 9).unwrap();
        let ToMove::Seat(seat) = m.to_move() else {
            panic!("a seat moves first")
        };
        let request = AiRequest {
            ticket: 1,
            game: "herd".into(),
            record: r#"{"nonsense": true}"#.into(),
            seat,
            bot: Bot::Random,
            seed: 1,
        };
        assert!(answer(&request)
            .action
            .unwrap_err()
            .starts_with("bad record"));
        let other_seat = AiRequest {
            record: m.to_json(),
            seat: 1 - seat,
            ..request.clone()
        };
        let reason = answer(&other_seat).action.unwrap_err();
        assert!(reason.contains("turn"), "{reason}");
        let unknown = AiRequest {
            game: "chess".into(),
            record: m.to_json(),
            ..request
        };
        assert!(answer(&unknown).action.is_err());
    }

    #[test]
    fn the_worker_benchmark_takes_the_games_options() {
        let request = |options: Option<&str>| BenchRequest {
            game: "turncoats".into(),
            seconds: 0.01,
            decisions: 1,
            options: options.map(str::to_string),
        };
        let report = run_bench(&request(Some(r#"{"players":5}"#))).unwrap();
        assert_eq!(report.game, "turncoats");
        // Every level decided once, by the search or by the game's own policy (Hard's council).
        assert!(report
            .levels
            .iter()
            .all(|l| l.decisions + l.policy_decisions == 1));
        let reason = run_bench(&request(Some(r#"{"players":"many"}"#))).unwrap_err();
        assert!(reason.starts_with("bad options"), "{reason}");
        assert!(run_bench(&request(None)).is_ok());
    }
}
