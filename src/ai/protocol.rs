//! Messages between the table and the AI worker, as JSON strings. Plain Rust so the worker
//! protocol is tested natively; the worker binary only moves strings across `postMessage`.

use super::Bot;
use crate::engine::{Game, Rng};
use crate::games::{with_game, GameVisitor};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// A request to choose an action for the seat whose view is enclosed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AiRequest {
    /// Echoed back so the table can ignore answers to requests it no longer needs.
    pub ticket: u64,
    pub game: String,
    /// The seat's view, serialized (`G::View`): the worker never sees the state.
    pub view: serde_json::Value,
    pub bot: Bot,
    pub seed: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct AiReply {
    pub ticket: u64,
    /// The chosen action, serialized (`G::Action`), or why none was chosen.
    pub action: Result<serde_json::Value, String>,
}

/// A benchmark run inside the worker, so WASM speed compares with `turf bench` natively.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchRequest {
    pub game: String,
    pub seconds: f64,
    pub decisions: usize,
}

/// Run a benchmark request (default options of the game, every level).
pub fn run_bench(request: &BenchRequest) -> Result<super::bench::BenchReport, String> {
    struct Run<'a>(&'a BenchRequest);
    impl GameVisitor for Run<'_> {
        type Output = Result<super::bench::BenchReport, String>;
        fn visit<G: Game>(self) -> Self::Output {
            super::bench::bench::<G>(
                &G::Options::default(),
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
        type Output = Result<serde_json::Value, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let view: G::View = serde_json::from_value(self.0.view.clone())
                .map_err(|e| format!("bad view: {e}"))?;
            let mut rng = Rng::seed_from_u64(self.0.seed);
            let action = self
                .0
                .bot
                .choose::<G>(&view, &mut rng)
                .ok_or_else(|| "the seat has nothing to decide".to_string())?;
            serde_json::to_value(action).map_err(|e| e.to_string())
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
    use crate::engine::{Match, ToMove};
    use crate::games::herd::{Herd, HerdAction, HerdOptions};
    use crate::games::long_campaign::{
        ai_answer, baseline_choice, CampaignAction, CampaignOptions, CampaignView, LongCampaign,
    };

    #[test]
    fn the_worker_answers_with_a_legal_action_from_the_view() {
        let m = Match::<Herd>::new(HerdOptions::default(), 9).unwrap();
        let ToMove::Seat(seat) = m.to_move() else {
            panic!("a seat moves first")
        };
        let request = AiRequest {
            ticket: 4,
            game: "herd".into(),
            view: serde_json::to_value(Herd::view(m.state(), seat)).unwrap(),
            bot: Bot::level(Level::Easy).deterministic(),
            seed: 1,
        };
        let text = serde_json::to_string(&request).unwrap();
        let reply = answer(&serde_json::from_str(&text).unwrap());
        assert_eq!(reply.ticket, 4);
        let action: HerdAction = serde_json::from_value(reply.action.unwrap()).unwrap();
        assert!(Herd::legal(m.state()).contains(&action));
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

    fn ask(view: &CampaignView, level: Level, seed: u64) -> CampaignAction {
        let request = AiRequest {
            ticket: 1,
            game: LongCampaign::ID.into(),
            view: serde_json::to_value(view).unwrap(),
            bot: Bot::level(level),
            seed,
        };
        serde_json::from_value(answer(&request).action.unwrap()).unwrap()
    }

    #[test]
    fn the_worker_answers_long_campaign_questions_by_the_games_answer_model() {
        // Phase 2's first question: the seat to move must answer it.
        let (m, seat) = campaign_until(3, |v| v.must_answer());
        let view = LongCampaign::view(m.state(), seat);
        let mut differs = false;
        for seed in 0..12 {
            let got = ask(&view, Level::Hard, seed);
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
            assert_eq!(Some(ask(&view, Level::Easy, seed)), baseline);
        }
    }

    #[test]
    fn bad_requests_get_a_reason() {
        let request = AiRequest {
            ticket: 1,
            game: "herd".into(),
            view: serde_json::json!({"nonsense": true}),
            bot: Bot::Random,
            seed: 1,
        };
        assert!(answer(&request).action.unwrap_err().starts_with("bad view"));
        let request = AiRequest {
            game: "chess".into(),
            ..request
        };
        assert!(answer(&request).action.is_err());
    }
}
