//! Both sides of the AI worker. The page keeps one worker, one request at a time; requests
//! made before the worker reports "ready" wait in a queue (a message posted earlier would be
//! lost). The worker (assets/ai-worker.js) runs this same wasm and answers in [`serve`].

use crate::ai::protocol::{answer, run_bench, AiReply, AiRequest, BenchRequest};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker, WorkerOptions, WorkerType};

type Done = Box<dyn FnOnce(AiReply)>;

struct Client {
    worker: Worker,
    ready: bool,
    queue: Vec<String>,
    waiting: HashMap<u64, Done>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
}

fn start() -> Result<Client, String> {
    // A module worker: it imports the app's wasm-bindgen module (see assets/ai-worker.js).
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("./ai-worker.js", &options)
        .map_err(|e| format!("the AI could not start: {e:?}"))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        if text == "ready" {
            CLIENT.with(|c| {
                if let Some(client) = c.borrow_mut().as_mut() {
                    client.ready = true;
                    for message in client.queue.drain(..) {
                        let _ = client.worker.post_message(&JsValue::from_str(&message));
                    }
                }
            });
            return;
        }
        let Ok(reply) = serde_json::from_str::<AiReply>(&text) else {
            return;
        };
        let done = CLIENT.with(|c| {
            c.borrow_mut()
                .as_mut()
                .and_then(|client| client.waiting.remove(&reply.ticket))
        });
        if let Some(done) = done {
            done(reply);
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Ok(Client {
        worker,
        ready: false,
        queue: Vec::new(),
        waiting: HashMap::new(),
    })
}

/// Send `request` to the worker; `done` runs with its reply on the main thread.
pub fn ask(request: &AiRequest, done: impl FnOnce(AiReply) + 'static) -> Result<(), String> {
    let message = serde_json::to_string(request).map_err(|e| e.to_string())?;
    CLIENT.with(|c| {
        let mut slot = c.borrow_mut();
        if slot.is_none() {
            *slot = Some(start()?);
        }
        let client = slot.as_mut().expect("started above");
        client.waiting.insert(request.ticket, Box::new(done));
        if client.ready {
            client
                .worker
                .post_message(&JsValue::from_str(&message))
                .map_err(|e| format!("{e:?}"))?;
        } else {
            client.queue.push(message);
        }
        Ok(())
    })
}

/// Start the worker early so its wasm is loaded by the time the first AI seat moves.
pub fn warm_up() {
    CLIENT.with(|c| {
        let mut slot = c.borrow_mut();
        if slot.is_none() {
            *slot = start().ok();
        }
    });
}

/// The worker's side: answer each `AiRequest` (a JSON string) with an `AiReply`, and
/// `bench:{json}` with the speed benchmark (tests/e2e/bench.js). Posts "ready" first.
pub fn serve() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let out = if let Some(json) = text.strip_prefix("bench:") {
            let report = serde_json::from_str::<BenchRequest>(json)
                .map_err(|e| e.to_string())
                .and_then(|r| run_bench(&r));
            format!(
                "bench:{}",
                serde_json::to_string(&report).unwrap_or_default()
            )
        } else {
            let reply = match serde_json::from_str::<AiRequest>(&text) {
                Ok(request) => answer(&request),
                Err(err) => AiReply {
                    ticket: 0,
                    action: Err(format!("bad request: {err}")),
                },
            };
            serde_json::to_string(&reply).unwrap_or_default()
        };
        let _ = reply_to.post_message(&JsValue::from_str(&out));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}
