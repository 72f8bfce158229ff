//! The web app's entry point (built by Trunk).

fn main() {
    turf::ui::mount();
}
