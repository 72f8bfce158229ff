//! The web app's entry point (built by Trunk): the app on the page, the AI in its worker.

fn main() {
    turf::ui::start();
}
