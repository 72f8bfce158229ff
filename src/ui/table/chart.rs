//! The end-of-game chart: each seat's measure over the game, one line per seat in its colour.
//! The sampling and the geometry are plain ([`chart_series`], [`Frame`]); [`ScoreChart`] only
//! draws them.

use crate::engine::Seat;
use crate::i18n::Lang;
use crate::t;
use crate::ui::game_ui::{GameUi, SeatLook};
use crate::ui::Decimal;
use leptos::prelude::*;

/// At most this many points per line: one per action is too fine for long games.
const MAX_SAMPLES: usize = 120;

/// Each seat's measure over the game, sampled for the chart, the last state always included.
pub(super) struct ChartSeries {
    /// (action index, each seat's measure after it).
    samples: Vec<(usize, Vec<f64>)>,
    /// States in the game (actions + 1).
    states: usize,
    /// Each seat's look at the end.
    looks: Vec<SeatLook>,
}

/// The series of a game of `G` from its states, or `None` when the game has no measure.
pub(super) fn chart_series<G: GameUi>(
    history: &[G::State],
    viewer: Seat,
    seats: usize,
) -> Option<ChartSeries> {
    let samples: Vec<(usize, Vec<f64>)> = sampled(history.len())
        .map(|i| {
            let v = G::view(&history[i], viewer);
            let m = (0..seats)
                .map(|seat| G::measure(&v, seat))
                .collect::<Option<Vec<f64>>>();
            m.map(|m| (i, m))
        })
        .collect::<Option<Vec<_>>>()?;
    let last_view = G::view(history.last()?, viewer);
    Some(ChartSeries {
        samples,
        states: history.len(),
        looks: (0..seats).map(|s| G::look(&last_view, s)).collect(),
    })
}

/// The indices of the states the chart samples out of `states`.
fn sampled(states: usize) -> impl Iterator<Item = usize> {
    let step = (states / MAX_SAMPLES).max(1);
    (0..states).filter(move |i| i % step == 0 || i + 1 == states)
}

/// Where a chart's points go: the viewBox, the axes and the scale of both.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Frame {
    pub w: f64,
    pub h: f64,
    pub pad: f64,
    /// The vertical axis's x, with room for the top tick's digits.
    pub left: f64,
    /// The value at the top of the chart.
    pub top: f64,
    /// The top tick as drawn.
    pub top_label: String,
    /// States on the horizontal axis.
    states: usize,
}

impl Frame {
    pub fn new(top: f64, states: usize) -> Self {
        let (w, h, pad) = (320.0, 140.0, 24.0);
        let top_label = Decimal(top).to_string();
        // Long Campaign's points run to thousands.
        let left = f64::max(pad, 10.0 + 6.5 * top_label.len() as f64);
        Frame {
            w,
            h,
            pad,
            left,
            top,
            top_label,
            states,
        }
    }

    /// The x of the state after action `i`.
    pub fn x(&self, i: usize) -> f64 {
        self.left + (self.w - self.left - self.pad) * i as f64 / (self.states - 1).max(1) as f64
    }

    /// The y of the value `v`.
    pub fn y(&self, v: f64) -> f64 {
        self.h - self.pad - (self.h - 2.0 * self.pad) * v / self.top
    }

    /// A line through `(i, v)` points, as an SVG `points` attribute.
    pub fn points(&self, points: impl Iterator<Item = (usize, f64)>) -> String {
        points
            .map(|(i, v)| format!("{:.1},{:.1}", Decimal(self.x(i)), Decimal(self.y(v))))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Each seat's measure over the game, drawn as lines.
#[component]
pub(super) fn ScoreChart(series: ChartSeries, lang: Lang) -> impl IntoView {
    let ChartSeries {
        samples,
        states,
        looks,
    } = series;
    let top = samples
        .iter()
        .flat_map(|(_, m)| m.iter().copied())
        .fold(1.0f64, f64::max);
    let frame = Frame::new(top, states);
    let lines = looks
        .iter()
        .enumerate()
        .map(|(seat, look)| {
            let points = frame.points(samples.iter().map(|(i, m)| (*i, m[seat])));
            let (lx, ly) = samples
                .last()
                .map(|(i, m)| (frame.x(*i), frame.y(m[seat])))
                .unwrap_or_default();
            view! {
                <g class=format!("chart-line seat-{}", look.colour)>
                    <polyline points=points></polyline>
                    <text x=Decimal(lx + 4.0) y=Decimal(ly + 4.0)>{look.mark}</text>
                </g>
            }
        })
        .collect_view();
    let label = t!(
        lang,
        "Each player's count over the game",
        "A játékosok állása a játék során"
    );
    let Frame {
        w,
        h,
        pad,
        left,
        top_label,
        ..
    } = frame;
    view! {
        <figure class="score-chart">
            <svg viewBox=format!("0 0 {} {}", Decimal(w), Decimal(h)) role="img" aria-label=label.clone()>
                <line class="axis" x1=Decimal(left) y1=Decimal(h - pad) x2=Decimal(w - pad) y2=Decimal(h - pad)></line>
                <line class="axis" x1=Decimal(left) y1=Decimal(pad) x2=Decimal(left) y2=Decimal(h - pad)></line>
                <text class="tick" x=Decimal(left - 4.0) y=Decimal(pad + 4.0) text-anchor="end">{top_label}</text>
                <text class="tick" x=Decimal(left - 4.0) y=Decimal(h - pad) text-anchor="end">"0"</text>
                {lines}
            </svg>
            <figcaption>{label}</figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game_samples_every_state() {
        assert_eq!(sampled(5).collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn a_long_game_samples_every_eighth_state_and_the_last() {
        let s: Vec<usize> = sampled(1000).collect();
        assert_eq!(s[..3], [0, 8, 16]);
        assert_eq!(*s.last().unwrap(), 999);
        assert_eq!(s.len(), 126);
    }

    #[test]
    fn the_frame_spans_the_axes() {
        let f = Frame::new(10.0, 11);
        assert_eq!((f.left, f.top_label.as_str()), (24.0, "10"));
        assert_eq!(f.x(0), f.left);
        assert_eq!(f.x(10), f.w - f.pad);
        assert_eq!(f.y(0.0), f.h - f.pad);
        assert_eq!(f.y(10.0), f.pad);
        assert_eq!(
            f.points([(0, 0.0), (10, 5.0)].into_iter()),
            "24.0,116.0 296.0,70.0"
        );
    }

    #[test]
    fn a_wide_top_tick_moves_the_axis_right() {
        assert_eq!(Frame::new(12345.0, 2).left, 10.0 + 6.5 * 5.0);
    }

    #[test]
    fn a_game_of_one_state_does_not_divide_by_zero() {
        assert_eq!(Frame::new(1.0, 1).x(0), 24.0);
    }
}
