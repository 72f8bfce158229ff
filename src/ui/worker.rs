//! The main thread's side of the AI worker: one worker for the app, one request at a time.
//! Requests made before the worker reports "ready" wait in a queue (a message posted earlier
//! would be lost).

use crate::ai::protocol::{AiReply, AiRequest};
use std::cell::RefCell;
use std::collections::HashMap;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};

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
    let worker = Worker::new("./turf-ai-worker_loader.js")
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
