//! Both sides of the AI worker. The page keeps one worker, one request at a time; requests
//! made before the worker reports "ready" wait in a queue (a message posted earlier would be
//! lost). The worker (assets/ai-worker.js) runs this same wasm and answers in [`serve`].

use crate::ai::protocol::{
    answer, review_step, run_bench, AiReply, AiRequest, BenchRequest, ReviewReply, ReviewRequest,
};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker, WorkerOptions, WorkerType};

type Done = Box<dyn FnOnce(AiReply)>;
type Read = Box<dyn FnOnce(ReviewReply)>;

struct Client {
    worker: Worker,
    ready: bool,
    queue: Vec<String>,
    waiting: HashMap<u64, Done>,
    /// Review requests wait apart: their tickets are the review's own.
    reading: HashMap<u64, Read>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
}

fn start() -> Result<Client, String> {
    // A module worker: it imports this build's wasm-bindgen module (see assets/ai-worker.js).
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(&super::builds::worker_script(), &options)
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
        if let Some(json) = text.strip_prefix("review:") {
            let Ok(reply) = serde_json::from_str::<ReviewReply>(json) else {
                return;
            };
            let read = CLIENT.with(|c| {
                c.borrow_mut()
                    .as_mut()
                    .and_then(|client| client.reading.remove(&reply.ticket))
            });
            if let Some(read) = read {
                read(reply);
            }
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
        reading: HashMap::new(),
    })
}

/// Send `request` to the worker; `done` runs with its reply on the main thread.
pub fn ask(request: &AiRequest, done: impl FnOnce(AiReply) + 'static) -> Result<(), String> {
    let message = serde_json::to_string(request).map_err(|e| e.to_string())?;
    post(message, |client| {
        client.waiting.insert(request.ticket, Box::new(done));
    })
}

/// Ask the worker to read one position of a review; `read` runs with its reply.
pub fn read(
    request: &ReviewRequest,
    read: impl FnOnce(ReviewReply) + 'static,
) -> Result<(), String> {
    let message = format!(
        "review:{}",
        serde_json::to_string(request).map_err(|e| e.to_string())?
    );
    post(message, |client| {
        client.reading.insert(request.ticket, Box::new(read));
    })
}

/// Post `message` once the worker is ready, after `wait` has noted who waits for the reply.
fn post(message: String, wait: impl FnOnce(&mut Client)) -> Result<(), String> {
    CLIENT.with(|c| {
        let mut slot = c.borrow_mut();
        if slot.is_none() {
            *slot = Some(start()?);
        }
        let client = slot.as_mut().expect("started above");
        wait(client);
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
        let out = if let Some(json) = text.strip_prefix("review:") {
            let reply = match serde_json::from_str::<ReviewRequest>(json) {
                Ok(request) => review_step(&request),
                Err(err) => ReviewReply {
                    ticket: 0,
                    at: 0,
                    reading: Err(format!("bad request: {err}")),
                },
            };
            format!(
                "review:{}",
                serde_json::to_string(&reply).unwrap_or_default()
            )
        } else if let Some(json) = text.strip_prefix("bench:") {
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
