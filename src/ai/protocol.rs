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
    use crate::ai::Level;
    use crate::engine::{Match, ToMove};
    use crate::games::herd::{Herd, HerdAction, HerdOptions};

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
            bot: Bot::Search(Level::Easy.config().deterministic()),
            seed: 1,
        };
        let text = serde_json::to_string(&request).unwrap();
        let reply = answer(&serde_json::from_str(&text).unwrap());
        assert_eq!(reply.ticket, 4);
        let action: HerdAction = serde_json::from_value(reply.action.unwrap()).unwrap();
        assert!(Herd::legal(m.state()).contains(&action));
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
