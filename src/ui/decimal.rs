//! Numbers written for the page: the boards' SVG coordinates, styles, percentages and seconds.
//!
//! Rust's own float formatting (`{:.1}` on an `f64`, or an `f64` given to a view as an attribute)
//! brings the exact shortest-digits algorithms and their power-of-ten tables into every build.
//! Taking it out (with `engine::random_bool` and the hunch's bounds, the other two sources) made
//! each game's download 7.5–8.7 KB smaller gzipped (issue #20: a phone's first visit waits for
//! every byte of it); `scripts/post-build.js` fails a release that carries it again.
//! Everything the page shows is a small number at a fixed number of places, which integer
//! arithmetic writes exactly as well, so every number the page shows goes through [`Decimal`].

use leptos::prelude::IntoAttributeValue;
use std::fmt;

/// A number written as `format!` would write it at the given precision (`{:.1}`), or, without
/// one, with up to three decimals and no trailing zeros (`45` for 45.0, `15.2` for
/// 15.200000000000001, where `{}` writes every digit).
///
/// Rounding is to the nearest, ties to even, on the number scaled by ten to the places; std
/// rounds the float's exact binary value, so a decimal tie that the float only approximates
/// (0.35 to one place) may round the other way: a difference of one in the last place, which
/// neither a drawing nor a rounded percentage shows. A width (`{:5.1}`) is not applied.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decimal(pub f64);

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if !x.is_finite() {
            return f.write_str(match x {
                x if x.is_nan() => "NaN",
                x if x > 0.0 => "inf",
                _ => "-inf",
            });
        }
        // Six places are finer than any drawing needs, and keep the scaled number well inside
        // the integers an f64 holds exactly for the page's sizes.
        let (mut places, trim) = f.precision().map_or((3, true), |p| (p.min(6), false));
        let scale = 10u64.pow(places as u32);
        // Saturating: the page never writes a number near 1.8e13.
        let scaled = (x.abs() * scale as f64).round_ties_even() as u64;
        let (whole, mut fraction) = (scaled / scale, scaled % scale);
        if trim {
            while places > 0 && fraction % 10 == 0 {
                fraction /= 10;
                places -= 1;
            }
        }
        if x < 0.0 && scaled > 0 {
            f.write_str("-")?;
        }
        write!(f, "{whole}")?;
        if places > 0 {
            write!(f, ".{fraction:0places$}")?;
        }
        Ok(())
    }
}

/// A view's attribute given a number: `cx=Decimal(x)`.
impl IntoAttributeValue for Decimal {
    type Output = String;

    fn into_attribute_value(self) -> String {
        self.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::Decimal;

    /// Values whose scaled value is not within a hair of a tie, where std and `Decimal` agree.
    fn samples() -> Vec<f64> {
        let mut v = vec![
            0.0, 1.0, -1.0, 0.04, -0.04, 7.5e-4, 12.0, 45.0, 99.96, 1234.5678, -87.25,
        ];
        for k in 0..2000 {
            v.push((k as f64 - 1000.0) * 0.7311 + (k % 7) as f64 * 0.01337);
        }
        v
    }

    fn near_a_tie(x: f64, places: usize) -> bool {
        let scaled = x.abs() * 10f64.powi(places as i32);
        (scaled - scaled.floor() - 0.5).abs() < 1e-6
    }

    #[test]
    fn it_writes_what_format_writes_at_a_precision() {
        for x in samples() {
            for places in 0..=4 {
                if near_a_tie(x, places) {
                    continue;
                }
                let std = format!("{x:.places$}");
                // std keeps the sign of a negative number rounded to zero ("-0.0").
                let std = std
                    .strip_prefix('-')
                    .filter(|s| s.bytes().all(|b| b == b'0' || b == b'.'))
                    .map_or(std.clone(), str::to_string);
                assert_eq!(
                    format!("{:.places$}", Decimal(x)),
                    std,
                    "{x} to {places} places"
                );
            }
        }
    }

    #[test]
    fn without_a_precision_it_keeps_three_places_and_no_trailing_zeros() {
        assert_eq!(Decimal(45.0).to_string(), "45");
        assert_eq!(Decimal(15.200000000000001).to_string(), "15.2");
        assert_eq!(Decimal(-0.125).to_string(), "-0.125");
        assert_eq!(Decimal(2.0 / 3.0).to_string(), "0.667");
        assert_eq!(Decimal(-0.0001).to_string(), "0");
        assert_eq!(Decimal(1234.5).to_string(), "1234.5");
    }

    #[test]
    fn ties_go_to_even_and_the_odd_cases_are_written() {
        assert_eq!(format!("{:.0}", Decimal(12.5)), "12");
        assert_eq!(format!("{:.0}", Decimal(13.5)), "14");
        assert_eq!(format!("{:.1}", Decimal(0.25)), "0.2");
        assert_eq!(format!("{:.1}", Decimal(f64::NAN)), "NaN");
        assert_eq!(format!("{:.1}", Decimal(f64::NEG_INFINITY)), "-inf");
        assert_eq!(format!("{:.2}", Decimal(-3.0)), "-3.00");
    }
}
