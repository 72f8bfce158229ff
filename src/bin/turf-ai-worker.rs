//! The AI Web Worker: receives an `AiRequest` as a JSON string, answers an `AiReply`. It posts
//! "ready" once its wasm has started, because messages sent before that are lost.

#[cfg(target_arch = "wasm32")]
fn main() {
    use turf::ai::protocol::{answer, run_bench, AiReply, AiRequest, BenchRequest};
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        // `bench:{json}` runs the speed benchmark (used by tests/e2e/bench.js).
        if let Some(json) = text.strip_prefix("bench:") {
            let report = serde_json::from_str::<BenchRequest>(json)
                .map_err(|e| e.to_string())
                .and_then(|r| run_bench(&r));
            let out = serde_json::to_string(&report).unwrap_or_default();
            let _ = reply_to.post_message(&JsValue::from_str(&format!("bench:{out}")));
            return;
        }
        let reply = match serde_json::from_str::<AiRequest>(&text) {
            Ok(request) => answer(&request),
            Err(err) => AiReply {
                ticket: 0,
                action: Err(format!("bad request: {err}")),
            },
        };
        let json = serde_json::to_string(&reply).unwrap_or_default();
        let _ = reply_to.post_message(&JsValue::from_str(&json));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("turf-ai-worker runs in the browser; natively use `turf arena`.");
}
