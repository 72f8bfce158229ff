//! Turf: five territory board games in the browser.

pub mod ai;
pub mod engine;
pub mod games;
pub mod i18n;
pub mod online;
pub mod ui;
