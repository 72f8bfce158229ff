//! Moves you can follow (issue #21): every change a move makes on the table is shown as a short,
//! calm motion, for every game through one mechanism.
//!
//! The boards re-render from the view at every action, so the DOM has no lasting identity of a
//! piece. Instead a board names its pieces, and this module compares the table as it stood after
//! the last action with the table after this one, and animates the difference with the Web
//! Animations API (the DOM itself is never changed, except for ghosts of pieces that left, which
//! live in an overlay and are removed when they end):
//! - `data-piece="KEY"` on an SVG piece (a stone, a card, a Troop) that keeps its key while it
//!   stays the same piece. A piece whose key is in both tables and whose place changed travels
//!   from its old place. A key must never carry a secret: a face-down card is keyed by its slot,
//!   never by what it is.
//! - `data-from="NAME"` on a new piece: it travels from the element `data-anchor="NAME"` (a
//!   hand, a rack, the supply), or from the old place of the piece keyed `NAME`; without it, a new
//!   piece grows in place.
//! - A piece whose key is gone leaves: a ghost of it fades where it stood. When the new table has
//!   `data-vanished="KEY"` with `data-how="captured"`, the ghost is captured instead: it flashes
//!   and shrinks away (`data-to="NAME"`: towards that anchor).
//! - `data-count="KEY"` on a score, a medal count, a counter: when its text changes, it pulses.
//! - `data-flash="KEY:STATE"` on what changes in place (a county that changes hands, a castle
//!   that loses a tower): when the STATE of a KEY changes, it flashes.
//!
//! A piece must not carry an SVG `transform` attribute itself (the animation's CSS transform would
//! replace it): wrap it in a `<g>` when it needs one.
//!
//! Motion runs only for the live table's actions (not the replay's steps, not a change of viewer
//! behind the hand-off), never with `prefers-reduced-motion`, and never delays the game: the
//! state is already the new one when its motion starts.
//!
//! The table is read once a frame, in the frame after an action ([`follow`]); what nothing has
//! changed since the last reading is taken from it ([`Watch`]), and places are kept on the page,
//! not on the screen, so scrolling or turning the phone between two moves moves no piece. The
//! ghost copies of the pieces read anew are made in the tasks after that frame ([`Copying`]).

use super::Decimal;
use leptos::html::{Div, Section};
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, SvgGraphicsElement, SvgMatrix};

/// How long a piece travels, grows, leaves, in milliseconds: short enough not to wait for, long
/// enough to follow (150–400 ms).
const TRAVEL_MS: f64 = 320.0;
const GROW_MS: f64 = 240.0;
const LEAVE_MS: f64 = 360.0;
const PULSE_MS: f64 = 420.0;

#[wasm_bindgen]
extern "C" {
    /// An element as the Web Animations API sees it (web-sys has `animate` only behind an
    /// unstable cfg).
    #[wasm_bindgen(extends = Element)]
    type Animatable;
    #[wasm_bindgen(method)]
    fn animate(this: &Animatable, keyframes: &JsValue, options: &JsValue) -> JsValue;
    /// A running animation.
    type Running;
    #[wasm_bindgen(method, catch)]
    fn finish(this: &Running) -> Result<(), JsValue>;
}

/// The `id` of the motions this module starts, which tells them apart from a board's own CSS
/// animations in the browser's tools.
const MOTION_ID: &str = "turf-motion";

thread_local! {
    /// The pieces' motions started since the table was last read: only these can still be
    /// running when it is read again ([`settle`]). Kept here rather than asked of every piece
    /// (`getAnimations` on each was 4 % of play's main thread on a Herd board).
    static UNDER_WAY: std::cell::RefCell<Vec<Running>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Bring every piece to where it stands: a motion still running (actions that come faster than
/// a motion lasts: the Instant pace, quick taps) ends now. Read mid-way, a piece would seem to
/// have moved, travel again from there, and be read further off at the next action: the offsets
/// grew without end and every piece on the board moved at every action. A ghost's motion is not
/// ended here: it is not read, and it goes with its timer.
fn settle() {
    for running in UNDER_WAY.take() {
        let _ = running.finish();
    }
}

/// An SVG drawing and its place on the page (its screen matrix, scrolled).
type Drawing = Rc<(Element, [f64; 6])>;

/// A piece as it stood: where on the page, and a copy to draw its ghost if it leaves.
#[derive(Clone)]
struct Stood {
    /// The piece on the page, which a motion animates when it is still there at the next action.
    element: Element,
    /// Its box on the page: left, top, width, height.
    rect: [f64; 4],
    /// `data-kind`: a new piece of this kind may be this one, moved under another key.
    kind: Option<String>,
    /// The piece's parent's place on the page (`getScreenCTM`, scrolled), for the ghost.
    parent: Option<[f64; 6]>,
    /// The SVG drawing the piece is in, and its place on the page; `None` for an HTML piece.
    /// Shared by the pieces of one drawing: read once a reading, not once a piece.
    drawing: Option<Drawing>,
    /// Its ghost copy, made a task after the reading ([`Copying`]).
    copy: Ghost,
}

/// A piece's ghost copy, made in a task after the frame that read the piece ([`Copying`]):
/// only a piece that leaves at a later action uses it, and making the copies of every new
/// piece in the frame that starts a move's motion was about 100 ms of Toy Battle's first moves
/// at 4× (issue #20 target 2). `None` until it is made, and for good if the piece left the
/// page first (the Instant pace, two taps in one frame): its look can no longer be read, and it
/// leaves with no ghost.
type Ghost = Rc<RefCell<Option<Element>>>;

/// A piece read whose ghost copy is still to be made: the piece, its parent's [`context`], and
/// where its reading keeps the copy.
struct Uncopied {
    piece: Element,
    context: String,
    ghost: Ghost,
}

/// The table as it stood after the last action: its pieces by key and its counts' texts.
///
/// Everything [`show`] needs from the page's layout is read here, before any motion starts:
/// reading a box after an animation or a ghost was added makes the browser lay the page out
/// again, once per read (issue #20 target 2: on a Herd board that was a quarter of the main
/// thread's time).
#[derive(Default)]
pub struct Snapshot {
    pieces: Vec<(String, Stood)>,
    /// The keys of pieces on the table but not drawn now (in a closed panel): still there, so
    /// they do not leave.
    hidden: Vec<String>,
    /// The centres of the `data-anchor` elements (hands, racks, the supply).
    anchors: Vec<(String, (f64, f64))>,
    counts: Vec<(String, String)>,
    /// `data-flash` marks as they read: `KEY:STATE`.
    flashes: Vec<String>,
    /// How far the page was scrolled when it was read.
    scrolled: (f64, f64),
}

impl Stood {
    fn centre(&self) -> (f64, f64) {
        let [x, y, w, h] = self.rect;
        (x + w / 2.0, y + h / 2.0)
    }

    /// Where this piece stood, as a point on the page now that `now` is drawn: in the same SVG
    /// drawing as `now`, its place in the drawing, wherever the drawing stands on the page now;
    /// else where it stood on the page. So a board that the layout moved on the page (a
    /// scrollbar that came with a longer log, a line of text that wrapped above it) moves none
    /// of its pieces: Dec 6, every stone of a Herd board travelled at once when that happened.
    fn place_for(&self, now: &Stood) -> (f64, f64) {
        let (x, y) = self.centre();
        match (&self.drawing, &now.drawing) {
            (Some(was), Some(is)) if was.0 == is.0 => carried((x, y), &was.1, &is.1),
            _ => (x, y),
        }
    }

    /// This piece, which has left, as it stood in its SVG drawing carried to where the drawing
    /// stands in `now`, so that its ghost fades on its own cell however the layout moved the
    /// board since (as [`Stood::place_for`] does for a piece that travels). As it stood on the
    /// page when nothing of its drawing is drawn now, or it was an HTML piece.
    fn carried_to(&self, now: &Snapshot) -> Stood {
        let Some((was, is)) = self
            .drawing
            .as_ref()
            .and_then(|was| Some((was, now.drawing_place(was)?)))
        else {
            return self.clone();
        };
        let (x, y) = self.centre();
        let (to_x, to_y) = carried((x, y), &was.1, &is);
        let [left, top, w, h] = self.rect;
        Stood {
            rect: [left + to_x - x, top + to_y - y, w, h],
            parent: self.parent.map(|p| carried_matrix(&p, &was.1, &is)),
            ..self.clone()
        }
    }
}

/// The page point (`x`, `y`) of a drawing that stood at the page matrix `then`, carried with the
/// drawing to where it stands now (`now`): the same point of the drawing.
fn carried((x, y): (f64, f64), then: &[f64; 6], now: &[f64; 6]) -> (f64, f64) {
    let [a, b, c, d, e, f] = carried_matrix(&[1.0, 0.0, 0.0, 1.0, 0.0, 0.0], then, now);
    (a * x + c * y + e, b * x + d * y + f)
}

/// The page matrix `m` of something in a drawing that stood at `then`, carried with the drawing
/// to where it stands now (`now`): `now · then⁻¹ · m`. A drawing with no area carries nothing.
fn carried_matrix(m: &[f64; 6], then: &[f64; 6], now: &[f64; 6]) -> [f64; 6] {
    let [a, b, c, d, e, f] = *then;
    let det = a * d - b * c;
    if det.abs() < 1e-9 {
        return *m;
    }
    let inverse = [
        d / det,
        -b / det,
        -c / det,
        a / det,
        (c * f - d * e) / det,
        (b * e - a * f) / det,
    ];
    times(now, &times(&inverse, m))
}

/// The matrix that applies `second` after `first` (SVG's `a b c d e f` order).
fn times(second: &[f64; 6], first: &[f64; 6]) -> [f64; 6] {
    let [a1, b1, c1, d1, e1, f1] = *second;
    let [a2, b2, c2, d2, e2, f2] = *first;
    [
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    ]
}

impl Snapshot {
    /// Where `drawing` stands on the page in this reading, if a piece of it is drawn.
    fn drawing_place(&self, drawing: &Drawing) -> Option<[f64; 6]> {
        self.pieces
            .iter()
            .filter_map(|(_, s)| s.drawing.as_ref())
            .find(|d| d.0 == drawing.0)
            .map(|d| d.1)
    }

    fn piece(&self, key: &str) -> Option<&Stood> {
        self.pieces.iter().find(|(k, _)| k == key).map(|(_, s)| s)
    }

    fn anchor(&self, name: &str) -> Option<(f64, f64)> {
        self.anchors
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| *c)
    }
}

/// Whether the player asked for less motion.
pub fn reduced() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .collect()
}

/// How far the page is scrolled. Every place a reading keeps is on the page, not on the screen
/// (the screen's place plus this): a player who scrolls between two moves (to the log, on a
/// phone) has moved no piece.
fn scrolled() -> (f64, f64) {
    web_sys::window().map_or((0.0, 0.0), |w| {
        (w.scroll_x().unwrap_or(0.0), w.scroll_y().unwrap_or(0.0))
    })
}

/// A screen matrix as a matrix on the page, scrolled by `by` (or back, with its opposite).
fn on_page(m: Option<[f64; 6]>, by: (f64, f64)) -> Option<[f64; 6]> {
    m.map(|[a, b, c, d, e, f]| [a, b, c, d, e + by.0, f + by.1])
}

/// The centre of `e` on the page, the page scrolled by `by`.
fn centre(e: &Element, by: (f64, f64)) -> (f64, f64) {
    let r = e.get_bounding_client_rect();
    (
        r.x() + r.width() / 2.0 + by.0,
        r.y() + r.height() / 2.0 + by.1,
    )
}

/// The properties a piece's look is drawn with, copied onto its ghost: the ghost is drawn in the
/// overlay, outside the board whose style sheet rules coloured it.
const LOOK: [&str; 11] = [
    "fill",
    "stroke",
    "stroke-width",
    "stroke-dasharray",
    "opacity",
    "fill-opacity",
    "font-size",
    "font-weight",
    "font-family",
    "text-anchor",
    "dominant-baseline",
];

/// The inline style that draws an element as the page draws it now: its [`LOOK`] properties.
fn look_of(window: &web_sys::Window, e: &Element) -> String {
    let Ok(Some(style)) = window.get_computed_style(e) else {
        return String::new();
    };
    LOOK.iter()
        .filter_map(|p| {
            let v = style.get_property_value(p).ok()?;
            (!v.is_empty()).then(|| format!("{p}:{v};"))
        })
        .collect()
}

/// What an element's look can depend on, as far as the boards draw: where it sits (the classes
/// of its ancestors, `context`), its tag and class, and the presentation attributes the boards
/// set. Two elements alike in all of these are drawn alike, so a look is computed once per
/// reading of the table and not once per element: on a full Herd board that is a handful of
/// computed styles instead of some three hundred at every action (issue #20 target 2).
fn look_key(context: &str, e: &Element) -> String {
    let mut key = format!("{context}|{}", e.tag_name());
    for name in ["class", "fill", "stroke", "style", "opacity", "data-legal"] {
        key.push('|');
        if let Some(v) = e.get_attribute(name) {
            key.push_str(&v);
        }
    }
    key
}

/// The classes of `from` and its ancestors up to `root`: where a piece whose parent is `from`
/// sits, as far as its look goes.
fn context(root: &Element, from: &Element) -> String {
    let mut context = String::new();
    let mut at = Some(from.clone());
    while let Some(p) = at {
        if &p == root {
            break;
        }
        context.push_str(&p.get_attribute("class").unwrap_or_default());
        context.push('/');
        at = p.parent_element();
    }
    context
}

/// `copy` (a deep clone of `original`, whose parent sits in `context`) with the look `original`
/// has on the page written inline; `looks` keeps the looks computed during this reading.
fn keep_look(
    context: &str,
    original: &Element,
    copy: &Element,
    looks: &mut HashMap<String, String>,
) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let originals = std::iter::once(original.clone()).chain(all(original, "*"));
    let copies = std::iter::once(copy.clone()).chain(all(copy, "*"));
    for (o, c) in originals.zip(copies) {
        let key = look_key(context, &o);
        let inline = looks.entry(key).or_insert_with(|| look_of(&window, &o));
        let _ = c.set_attribute("style", inline);
    }
}

/// Make `copy` a picture only, as a ghost must be: nothing in it may be clicked, named,
/// counted as a piece or matched by a board's style or a test (its look is inline, from
/// [`keep_look`]). Done once per copy, not at every ghost drawn from it.
fn bare(copy: &Element) {
    for e in std::iter::once(copy.clone()).chain(all(copy, "*")) {
        let names = e.get_attribute_names();
        for name in names.iter().filter_map(|n| n.as_string()) {
            let names_it = ["id", "class", "role", "tabindex", "title"].contains(&name.as_str());
            if names_it || name.starts_with("data-") || name.starts_with("aria-") {
                let _ = e.remove_attribute(&name);
            }
        }
    }
}

fn matrix(m: &SvgMatrix) -> [f64; 6] {
    [
        m.a() as f64,
        m.b() as f64,
        m.c() as f64,
        m.d() as f64,
        m.e() as f64,
        m.f() as f64,
    ]
}

fn screen_ctm(e: &Element) -> Option<[f64; 6]> {
    e.dyn_ref::<SvgGraphicsElement>()?
        .get_screen_ctm()
        .map(|m| matrix(&m))
}

/// Ghost copies of the pieces read, by what they copy: the piece's place (its parent's context)
/// and its outer HTML.
type Copies = HashMap<String, Element>;

/// The most ghost copies kept between readings.
const MAX_COPIES: usize = 1000;

/// A piece's parent, read once for all the pieces it holds.
struct Parent {
    element: Element,
    /// Its [`context`], read when a piece it holds is copied (an unchanged piece is not).
    context: Option<String>,
    screen: Option<[f64; 6]>,
}

/// A copy of the piece `e` drawn as it looks now, for its ghost. A piece drawn as one copied
/// before (the same outer HTML in the same place) takes that copy from `copies`: copying every
/// element's look was half of a reading's time.
fn copy_of(
    e: &Element,
    context: &str,
    copies: &mut Copies,
    looks: &mut HashMap<String, String>,
) -> Option<Element> {
    let what = format!("{context}\n{}", e.outer_html());
    if let Some(copy) = copies.get(&what) {
        return Some(copy.clone());
    }
    let copy = e
        .clone_node_with_deep(true)
        .ok()?
        .dyn_into::<Element>()
        .ok()?;
    keep_look(context, e, &copy, looks);
    bare(&copy);
    // A game draws a few hundred kinds of piece at most; past that they are all dropped and
    // made again.
    if copies.len() >= MAX_COPIES {
        copies.clear();
    }
    copies.insert(what, copy.clone());
    Some(copy)
}

/// How long a task of [`Copying`] may copy, in milliseconds: a table's first reading copies
/// every piece, and in one task that was itself a long task at 4×.
const COPY_SLICE_MS: f64 = 8.0;

/// The ghost copies still to be made, oldest reading first, the looks computed for them since
/// the table was last read, and the copies made so far.
///
/// A copy is made after its reading's frame, so a piece that grows or travels is copied while
/// its motion runs: its opacity is read mid-way. That is never seen: a ghost's own motion sets
/// its opacity from its first frame and keeps its last ([`leave`]), and no piece holds another
/// piece or a flashing mark whose opacity would be copied with it.
#[derive(Default)]
struct Copying {
    queue: VecDeque<Uncopied>,
    looks: HashMap<String, String>,
    /// Kept across readings: a piece drawn anew as one copied before (a board redrawn whole)
    /// takes its copy.
    made: Copies,
    /// Whether a task to copy is already asked for.
    asked: bool,
}

impl Copying {
    /// The pieces of a new reading join the queue; the looks computed so far are forgotten (the
    /// page may have changed since).
    fn join(&mut self, read: Vec<Uncopied>) {
        self.looks.clear();
        self.queue.extend(read);
    }

    /// No copy is to be made: the table is no longer followed (not live, or less motion asked).
    fn give_up(&mut self) {
        self.looks.clear();
        self.queue.clear();
    }

    /// Copy pieces for up to [`COPY_SLICE_MS`]; whether some are left.
    ///
    /// A piece no longer on the page is not copied: its look cannot be read. Nor is one whose
    /// copy no reading keeps any more (read anew since, with a copy of its own to make, or its
    /// reading dropped): that would copy it twice. One that changed since it was read (a class
    /// it took when pointed at) is copied as it looks now, which is how it last stood.
    fn copy_some(&mut self) -> bool {
        let start = js_sys::Date::now();
        while let Some(u) = self.queue.pop_front() {
            if u.piece.is_connected() && Rc::strong_count(&u.ghost) > 1 {
                *u.ghost.borrow_mut() =
                    copy_of(&u.piece, &u.context, &mut self.made, &mut self.looks);
            }
            if js_sys::Date::now() - start >= COPY_SLICE_MS {
                break;
            }
        }
        !self.queue.is_empty()
    }
}

/// Make the ghost copies queued in `copying`, a slice a task, starting in a task after this one.
fn copy_later(copying: StoredValue<Copying, LocalStorage>) {
    if copying.try_update_value(|c| std::mem::replace(&mut c.asked, true)) != Some(false) {
        return; // asked already, or the table is gone
    }
    set_timeout(
        move || {
            let _ = copying.try_update_value(|c| c.asked = false);
            if copying.try_update_value(Copying::copy_some) == Some(true) {
                copy_later(copying);
            }
        },
        std::time::Duration::ZERO,
    );
}

/// What changed among the table's pieces since it was last read. A piece nothing has touched
/// since (not itself, not its inside, not what holds it, and not moved to another place in the
/// page's tree), in an SVG drawing that stands where it stood on the page, is where it was and
/// looks as it looked: its reading is taken from the last one instead of asking the page for its
/// box, its HTML and its look (most pieces of a board stay as they were at an action, and asking
/// for every one of them was most of a reading's time; issue #20 target 2).
pub struct Watch {
    /// The table watched.
    root: Element,
    /// The pieces of the last reading, each to its place in that reading; a piece leaves it as
    /// soon as the page changes anything that may move it or change its look.
    known: js_sys::WeakMap,
    observer: web_sys::MutationObserver,
    _told: Closure<dyn FnMut(js_sys::Array)>,
}

impl Watch {
    /// Watch every change under `root`.
    pub fn new(root: &Element) -> Option<Watch> {
        let known = js_sys::WeakMap::new();
        let forget = known.clone();
        let told = Closure::<dyn FnMut(js_sys::Array)>::new(move |records: js_sys::Array| {
            for record in records.iter() {
                forget_changed(&forget, &record.unchecked_into());
            }
        });
        let observer = web_sys::MutationObserver::new(told.as_ref().unchecked_ref()).ok()?;
        let what = web_sys::MutationObserverInit::new();
        what.set_subtree(true);
        what.set_child_list(true);
        what.set_attributes(true);
        what.set_character_data(true);
        observer.observe_with_options(root, &what).ok()?;
        Some(Watch {
            root: root.clone(),
            known,
            observer,
            _told: told,
        })
    }

    /// The place in the last reading of `piece`, if nothing has changed it since.
    fn unchanged(&self, piece: &Element) -> Option<usize> {
        let at = self.known.get(piece.unchecked_ref()).as_f64()?;
        Some(at as usize)
    }

    /// Note the pieces of this reading, each at its place in it.
    fn note(&self, pieces: &[(String, Stood)]) {
        for (at, (_, stood)) in pieces.iter().enumerate() {
            self.known
                .set(stood.element.unchecked_ref(), &JsValue::from(at as f64));
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.observer.disconnect();
    }
}

/// Forget the pieces a change may have moved or redrawn: the piece it happened in, every piece
/// inside an element whose attribute changed (a class or a transform of what holds them), and
/// every piece put in place (new, or moved in the page's tree).
fn forget_changed(known: &js_sys::WeakMap, record: &web_sys::MutationRecord) {
    let forget = |piece: &Element| {
        known.delete(piece.unchecked_ref());
    };
    let Some(target) = record.target() else {
        return;
    };
    let element = match target.dyn_into::<Element>() {
        Ok(element) => element,
        // A text changed: its element did.
        Err(node) => match node.parent_element() {
            Some(parent) => parent,
            None => return,
        },
    };
    if let Ok(Some(piece)) = element.closest("[data-piece]") {
        forget(&piece);
    }
    if record.type_() == "attributes" {
        all(&element, "[data-piece]").iter().for_each(forget);
    }
    let added = record.added_nodes();
    for at in 0..added.length() {
        let Some(Ok(new)) = added.item(at).map(|n| n.dyn_into::<Element>()) else {
            continue;
        };
        if new.matches("[data-piece]").unwrap_or(false) {
            forget(&new);
        }
        all(&new, "[data-piece]").iter().for_each(forget);
    }
}

/// The pieces on the table `root` now, the keys of those not drawn (in a closed panel), and the
/// pieces read anew, whose ghost copies are still to be made. `last` is the last reading, whose
/// unchanged pieces `watch` knows. `by` is how far the page is scrolled.
fn pieces(
    root: &Element,
    watch: Option<&Watch>,
    last: Option<&Snapshot>,
    by: (f64, f64),
) -> (Vec<(String, Stood)>, Vec<String>, Vec<Uncopied>) {
    let mut uncopied = Vec::new();
    let mut hidden = Vec::new();
    let mut parent: Option<Parent> = None;
    // The SVG drawing the last piece read is in, and its place on the page.
    let mut drawing: Option<(Element, Option<Drawing>)> = None;
    let mut drawing_of = |e: &Element| {
        let svg = e.closest("svg").ok().flatten()?;
        if drawing.as_ref().is_none_or(|(known, _)| *known != svg) {
            let screen = on_page(screen_ctm(&svg), by).map(|m| Rc::new((svg.clone(), m)));
            drawing = Some((svg, screen));
        }
        drawing.as_ref()?.1.clone()
    };
    let pieces: Vec<(String, Stood)> = all(root, "[data-piece]")
        .into_iter()
        .filter_map(|e| {
            // A piece of an SVG drawing is placed by its own attributes and those of what holds
            // it, which the watch would have seen change, and by where the drawing stands on
            // the page; an HTML piece's box also depends on its neighbours, so it is always
            // read.
            let earlier = watch
                .zip(last)
                .and_then(|(watch, last)| last.pieces.get(watch.unchanged(&e)?))
                .filter(|(_, stood)| stood.drawing.is_some());
            let placed = drawing_of(&e);
            if let Some((key, stood)) = earlier.filter(|(_, stood)| stood.drawing == placed) {
                return Some((
                    key.clone(),
                    Stood {
                        element: e,
                        ..stood.clone()
                    },
                ));
            }
            let key = e.get_attribute("data-piece")?;
            // Its box read once: a piece not drawn now (a closed panel, an empty slot) is left.
            let r = e.get_bounding_client_rect();
            if r.width() <= 0.0 && r.height() <= 0.0 {
                hidden.push(key);
                return None;
            }
            let p = e.parent_element()?;
            if parent.as_ref().is_none_or(|known| known.element != p) {
                parent = Some(Parent {
                    context: None,
                    screen: on_page(screen_ctm(&p), by),
                    element: p,
                });
            }
            let parent = parent.as_mut()?;
            let context = parent
                .context
                .get_or_insert_with(|| context(root, &parent.element));
            let copy = Ghost::default();
            uncopied.push(Uncopied {
                piece: e.clone(),
                context: context.clone(),
                ghost: copy.clone(),
            });
            Some((
                key,
                Stood {
                    element: e.clone(),
                    rect: [r.x() + by.0, r.y() + by.1, r.width(), r.height()],
                    kind: e.get_attribute("data-kind"),
                    parent: parent.screen,
                    drawing: placed,
                    copy,
                },
            ))
        })
        .collect();
    if let Some(watch) = watch {
        watch.note(&pieces);
    }
    (pieces, hidden, uncopied)
}

/// Read the table `root` as it stands now, with the pieces whose ghost copies are still to be
/// made. `last` is the last reading, whose unchanged pieces `watch` knows.
fn snapshot(
    root: &Element,
    watch: Option<&Watch>,
    last: Option<&Snapshot>,
) -> (Snapshot, Vec<Uncopied>) {
    // All motions end before any box is read, so that reading lays the page out once.
    settle();
    let by = scrolled();
    let (pieces, hidden, uncopied) = pieces(root, watch, last, by);
    let counts = all(root, "[data-count]")
        .into_iter()
        .filter_map(|e| Some((e.get_attribute("data-count")?, e.text_content()?)))
        .collect();
    let flashes = all(root, "[data-flash]")
        .into_iter()
        .filter_map(|e| e.get_attribute("data-flash"))
        .collect();
    let anchors = all(root, "[data-anchor]")
        .into_iter()
        .filter_map(|e| Some((e.get_attribute("data-anchor")?, centre(&e, by))))
        .collect();
    let snapshot = Snapshot {
        pieces,
        hidden,
        anchors,
        counts,
        flashes,
        scrolled: by,
    };
    (snapshot, uncopied)
}

/// A screen offset as a translation in the user units of a piece whose parent has the screen
/// matrix `parent` (its inverse, without the translation part); an HTML piece has none.
fn local_offset(parent: Option<[f64; 6]>, dx: f64, dy: f64) -> (f64, f64) {
    let Some([a, b, c, d, ..]) = parent else {
        return (dx, dy);
    };
    let det = a * d - b * c;
    if det.abs() < 1e-9 {
        return (dx, dy);
    }
    ((d * dx - c * dy) / det, (-b * dx + a * dy) / det)
}

/// Start a motion of `e`; the running animation is returned, to be ended early if need be. A
/// motion that `keeps_last` holds its last frame once it ends (a ghost, until it is removed).
fn play(e: &Element, keyframes: &str, ms: f64, keeps_last: bool) -> Option<Running> {
    let ms = Decimal(ms);
    let fill = if keeps_last { "forwards" } else { "none" };
    let options = format!(
        r#"{{"id":"{MOTION_ID}","duration":{ms},"fill":"{fill}","easing":"cubic-bezier(.2,.7,.3,1)"}}"#
    );
    let (Ok(k), Ok(o)) = (
        js_sys::JSON::parse(keyframes),
        js_sys::JSON::parse(&options),
    ) else {
        return None;
    };
    Some(
        e.unchecked_ref::<Animatable>()
            .animate(&k, &o)
            .unchecked_into(),
    )
}

/// Start a motion of a piece, which the next reading of the table ends if it still runs.
fn move_piece(e: &Element, keyframes: &str, ms: f64) {
    if let Some(running) = play(e, keyframes, ms, false) {
        UNDER_WAY.with_borrow_mut(|under_way| under_way.push(running));
    }
}

/// A piece travels to where it stands now from `from` (a screen point).
fn travel(piece: &Stood, from: (f64, f64)) -> bool {
    let to = piece.centre();
    let (dx, dy) = (from.0 - to.0, from.1 - to.1);
    if dx.hypot(dy) < 1.0 {
        return false;
    }
    let (x, y) = local_offset(piece.parent, dx, dy);
    let (x, y) = (Decimal(x), Decimal(y));
    move_piece(
        &piece.element,
        &format!(
            r#"[{{"transform":"translate({x:.1}px,{y:.1}px)","opacity":0.85}},{{"transform":"none","opacity":1}}]"#
        ),
        TRAVEL_MS,
    );
    true
}

fn grow(e: &Element) {
    move_piece(
        e,
        r#"[{"transform":"scale(0.2)","opacity":0},{"transform":"scale(1.08)","opacity":1,"offset":0.7},{"transform":"none","opacity":1}]"#,
        GROW_MS,
    );
}

/// A piece that left: its ghost is drawn in the overlay `layer`, which covers the viewport (so
/// a screen matrix places it), fades or is captured, and is removed.
/// `by` is how far the page is scrolled now, read before any ghost was added (reading it after
/// one would lay the page out again, once per ghost).
fn leave(
    layer: &Element,
    stood: &Stood,
    captured: bool,
    towards: Option<(f64, f64)>,
    by: (f64, f64),
) {
    // Its own copy: the reading's copy may serve the next reading too. A piece that left before
    // its copy was made ([`Ghost`]) leaves no ghost.
    let copy = stood.copy.borrow().clone();
    let Some(ghost) = copy
        .and_then(|copy| copy.clone_node_with_deep(true).ok())
        .and_then(|n| n.dyn_into::<Element>().ok())
    else {
        return;
    };
    let Some(document) = layer.owner_document() else {
        return;
    };
    // An SVG piece is drawn in an SVG of its own over the page, placed as its parent was; an
    // HTML piece (a card in the hand) in a box where it stood.
    let holder = match on_page(stood.parent, (-by.0, -by.1)) {
        Some([a, b, c, d, e, f]) => {
            let svg = "http://www.w3.org/2000/svg";
            let (Ok(outer), Ok(g)) = (
                document.create_element_ns(Some(svg), "svg"),
                document.create_element_ns(Some(svg), "g"),
            ) else {
                return;
            };
            let _ = g.set_attribute(
                "transform",
                &format!(
                    "matrix({:.6},{:.6},{:.6},{:.6},{:.2},{:.2})",
                    Decimal(a),
                    Decimal(b),
                    Decimal(c),
                    Decimal(d),
                    Decimal(e),
                    Decimal(f)
                ),
            );
            let _ = outer.append_child(&g);
            (outer, g)
        }
        None => {
            let Ok(div) = document.create_element("div") else {
                return;
            };
            let [x, y, w, h] = stood.rect;
            let [x, y, w, h] = [x - by.0, y - by.1, w, h].map(Decimal);
            let _ = div.set_attribute(
                "style",
                &format!(
                    "position:absolute;left:{x:.2}px;top:{y:.2}px;width:{w:.2}px;height:{h:.2}px"
                ),
            );
            (div.clone(), div)
        }
    };
    let (outer, g) = holder;
    let _ = ghost.set_attribute("class", "motion-ghost");
    let _ = g.append_child(&ghost);
    let _ = layer.append_child(&outer);
    let keyframes = if captured {
        // The ghost's parent is placed by the matrix its original's parent had.
        let (x, y) = towards.map_or((0.0, 0.0), |to| {
            let (dx, dy) = (to.0 - stood.centre().0, to.1 - stood.centre().1);
            local_offset(stood.parent, dx, dy)
        });
        let (x, y) = (Decimal(x), Decimal(y));
        format!(
            r#"[{{"transform":"none","opacity":1,"filter":"none"}},{{"transform":"scale(1.25)","opacity":1,"filter":"drop-shadow(0 0 6px #e0322b)","offset":0.3}},{{"transform":"translate({x:.1}px,{y:.1}px) scale(0.1)","opacity":0,"filter":"drop-shadow(0 0 6px #e0322b)"}}]"#
        )
    } else {
        r#"[{"transform":"none","opacity":0.9},{"transform":"scale(0.6)","opacity":0}]"#.to_string()
    };
    // It keeps its last frame, faded away, until it is removed: without, it stood there whole
    // again for the two or three frames between the motion's end and its removal.
    play(&ghost, &keyframes, LEAVE_MS, true);
    // The ghost goes when its motion ends (a timer, not the animation's promise, so a ghost
    // never stays if the animation is cancelled).
    let done = outer;
    leptos::prelude::set_timeout(
        move || done.remove(),
        std::time::Duration::from_millis(LEAVE_MS as u64 + 40),
    );
}

/// Show as motion what changed in `root` between `before` and `now` (read just before); ghosts
/// go into `layer`. Only writes to the page: every box it needs was read into the snapshots.
pub fn show(root: &Element, layer: &Element, before: &Snapshot, now: &Snapshot) {
    let by = now.scrolled;
    let drawn = now.pieces.iter().map(|(k, _)| k);
    let here: HashSet<&str> = drawn.chain(&now.hidden).map(String::as_str).collect();
    let mut kept: HashSet<String> = HashSet::new();
    for (key, piece) in &now.pieces {
        let e = &piece.element;
        if e.has_attribute("transform") {
            continue;
        }
        if let Some(old) = before.piece(key) {
            travel(piece, old.place_for(piece));
            kept.insert(key.clone());
            continue;
        }
        // A piece of a kind that left somewhere else in this action (a stone marched from one
        // area to another) is that piece, moved.
        let moved = piece.kind.as_ref().and_then(|kind| {
            before.pieces.iter().find(|(k, s)| {
                s.kind.as_ref() == Some(kind) && !kept.contains(k) && !here.contains(k.as_str())
            })
        });
        if let Some((k, old)) = moved {
            kept.insert(k.clone());
            travel(piece, old.place_for(piece));
            continue;
        }
        let from = e.get_attribute("data-from").and_then(|name| {
            now.anchor(&name).or_else(|| {
                let old = before.piece(&name)?;
                // That piece became this one: it travels, no ghost of it stays behind.
                kept.insert(name);
                Some(old.place_for(piece))
            })
        });
        match from {
            Some(from) => {
                if !travel(piece, from) {
                    grow(e);
                }
            }
            None => grow(e),
        }
    }
    for (key, stood) in &before.pieces {
        if kept.contains(key) || here.contains(key.as_str()) {
            continue;
        }
        let marker = root
            .query_selector(&format!("[data-vanished=\"{key}\"]"))
            .ok()
            .flatten();
        let how = marker.as_ref().and_then(|m| m.get_attribute("data-how"));
        // A covered card is still there, under the one that covers it.
        if how.as_deref() == Some("covered") {
            continue;
        }
        let captured = how.as_deref() == Some("captured");
        let towards = marker
            .as_ref()
            .and_then(|m| m.get_attribute("data-to"))
            .and_then(|name| now.anchor(&name));
        leave(layer, &stood.carried_to(now), captured, towards, by);
    }
    for e in all(root, "[data-flash]") {
        let Some(mark) = e.get_attribute("data-flash") else {
            continue;
        };
        let key = mark.split(':').next().unwrap_or_default();
        let changed = before
            .flashes
            .iter()
            .any(|old| old.split(':').next() == Some(key) && *old != mark);
        if changed {
            play(
                &e,
                r#"[{"filter":"brightness(1.7) saturate(0.6)","opacity":0.55},{"filter":"none","opacity":1}]"#,
                TRAVEL_MS,
                false,
            );
        }
    }
    for e in all(root, "[data-count]") {
        let (Some(key), Some(text)) = (e.get_attribute("data-count"), e.text_content()) else {
            continue;
        };
        let changed = before.counts.iter().any(|(k, t)| *k == key && *t != text);
        if changed {
            play(
                &e,
                r#"[{"transform":"none"},{"transform":"scale(1.2)","offset":0.35},{"transform":"none"}]"#,
                PULSE_MS,
                false,
            );
        }
    }
}

/// Follow the live table's actions in `root` as motion, drawing ghosts in `layer` (an overlay
/// over the viewport). `moves` counts the actions; a change of `viewer` only reads the table
/// anew, and a table that is not `live` (the replay, the hand-off) is not read until it is live
/// again, when it is read anew.
pub fn follow(
    root: NodeRef<Section>,
    layer: NodeRef<Div>,
    moves: Memo<usize>,
    viewer: Signal<usize>,
    live: Signal<bool>,
) {
    let last = StoredValue::new_local(None::<(usize, usize, Snapshot)>);
    let copying = StoredValue::new_local(Copying::default());
    // What changed since the last reading; made at the first.
    let watch = StoredValue::new_local(None::<Watch>);
    // Counts the readings asked for, so that only the newest is made: a reading put off to after
    // the paint does not replace a newer one, and a frame reads the table once.
    let asked = StoredValue::new_local(0u64);
    // A window that changes size (a phone turned sideways) draws the board elsewhere and at
    // another size, and has moved no piece: the table is read anew, showing nothing.
    let resized = RwSignal::new(0u64);
    let listening = window_event_listener(leptos::ev::resize, move |_| {
        resized.update(|n| *n += 1);
    });
    on_cleanup(move || listening.remove());
    Effect::new(move |_| {
        let (moves, viewer, live) = (moves.get(), viewer.get(), live.get());
        resized.track();
        let (Some(root), Some(layer)) = (root.get(), layer.get()) else {
            return;
        };
        let (root, layer): (Element, Element) = (root.into(), layer.into());
        let Some(ask) = asked.try_update_value(|n| {
            *n += 1;
            *n
        }) else {
            return;
        };
        // In the next frame, before it is painted: every part of the table has been drawn anew
        // by then, whatever order the effects ran in.
        request_animation_frame(move || {
            // Several actions drawn before one frame (the Instant pace, a computer's turn of
            // several actions answered at once) asked for as many readings of the same page: the
            // last one asked reads it and shows all they changed. Each reading would end the
            // motions the one before started, and a busy frame read the table two or three times
            // (issue #20 target 2).
            if asked.try_get_value() != Some(ask) {
                return;
            }
            // With less motion asked for, nothing is read or shown (the reading and its copies of
            // every piece's look: work for no one).
            if reduced() {
                last.set_value(None);
                copying.update_value(Copying::give_up);
                return;
            }
            // A table that is not live (the replay, the hand-off) shows no motion, and is read
            // anew when it is live again: reading it at each of the replay's steps, and watching
            // every change a step made, was 13 % of Toy Battle's replay's script at 4× (issue #20
            // target 2). The watch is dropped with the reading it knew.
            if !live {
                last.set_value(None);
                watch.set_value(None);
                copying.update_value(Copying::give_up);
                return;
            }
            let read = move |root: &Element| {
                watch.try_update_value(|w| {
                    // A table drawn anew is a new element to watch.
                    if w.as_ref().is_none_or(|w| &w.root != root) {
                        *w = Watch::new(root);
                    }
                });
                let reading = last.try_with_value(|last| {
                    watch.try_with_value(|w| {
                        snapshot(root, w.as_ref(), last.as_ref().map(|(_, _, s)| s))
                    })
                });
                let (now, uncopied) = reading.flatten().unwrap_or_default();
                copying.update_value(|c| c.join(uncopied));
                copy_later(copying);
                now
            };
            let shows = last
                .try_with_value(|last| {
                    last.as_ref()
                        .is_some_and(|(m, v, _)| *m != moves && *v == viewer && live)
                })
                .unwrap_or(false);
            if !shows {
                // Nothing moves: this reading is only the next move's starting point. It waits
                // for the task after this frame's paint, where the layout is already done,
                // instead of adding its copies of every piece and a forced layout to the frame
                // (a table's first reading was most of a 70–80 ms task at 4×, issue #20
                // target 2).
                set_timeout(
                    move || {
                        if asked.try_get_value() == Some(ask) {
                            last.try_set_value(Some((moves, viewer, read(&root))));
                        }
                    },
                    std::time::Duration::ZERO,
                );
                return;
            }
            // Read before anything moves: an animation's first frame would shift what is read.
            let now = read(&root);
            last.update_value(|last| {
                if let Some((_, _, before)) = last.as_ref() {
                    show(&root, &layer, before, &now);
                }
                *last = Some((moves, viewer, now));
            });
        });
    });
}

#[cfg(test)]
mod tests {
    use super::{carried, carried_matrix};

    #[test]
    fn a_ghost_is_carried_with_its_board_when_the_layout_moves_it() {
        // A stone's parent drawn at twice the size, in a board pushed 40 px down the page.
        let then = [1.0, 0.0, 0.0, 1.0, 0.0, 100.0];
        let now = [1.0, 0.0, 0.0, 1.0, 0.0, 140.0];
        let parent = [2.0, 0.0, 0.0, 2.0, 10.0, 110.0];
        assert_eq!(
            carried_matrix(&parent, &then, &now),
            [2.0, 0.0, 0.0, 2.0, 10.0, 150.0]
        );
        // Any point of the stone lands where the carried point of the board is: the board
        // drawn at half the size and turned a quarter (a phone turned).
        let now = [0.0, 0.5, -0.5, 0.0, 300.0, 20.0];
        let [a, b, c, d, e, f] = carried_matrix(&parent, &then, &now);
        for (u, v) in [(0.0, 0.0), (3.0, -4.0), (12.5, 7.0)] {
            let on_page = (2.0 * u + 10.0, 2.0 * v + 110.0);
            let (x, y) = carried(on_page, &then, &now);
            assert!((a * u + c * v + e - x).abs() < 1e-9 && (b * u + d * v + f - y).abs() < 1e-9);
        }
        // A board with no area carries nothing.
        let flat = [0.0; 6];
        assert_eq!(carried_matrix(&parent, &flat, &now), parent);
    }

    #[test]
    fn a_point_is_carried_with_its_drawing_when_the_layout_moves_it() {
        // A board pushed 20 px down the page by a line of text that wrapped above it.
        let then = [1.0, 0.0, 0.0, 1.0, 100.0, 300.0];
        let now = [1.0, 0.0, 0.0, 1.0, 100.0, 320.0];
        assert_eq!(carried((150.0, 340.0), &then, &now), (150.0, 360.0));
        // A board left where it was: the point stays where it was.
        assert_eq!(carried((150.0, 340.0), &then, &then), (150.0, 340.0));
    }

    #[test]
    fn a_point_keeps_its_place_in_a_drawing_drawn_at_another_scale() {
        // Half the size, and 40 px to the right: the drawing's point (50, 40) in both.
        let then = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        let now = [0.5, 0.0, 0.0, 0.5, 40.0, 0.0];
        assert_eq!(carried((50.0, 40.0), &then, &now), (65.0, 20.0));
    }

    #[test]
    fn a_drawing_with_no_area_leaves_the_point_where_it_was() {
        let flat = [0.0, 0.0, 0.0, 0.0, 5.0, 5.0];
        let now = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
        assert_eq!(carried((7.0, 9.0), &flat, &now), (7.0, 9.0));
    }
}
