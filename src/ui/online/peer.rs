//! The transport of an online table: one WebRTC data channel between the host's page and one
//! guest's, set up from an offer and an answer that the players pass along themselves. No
//! signalling server: each side waits until its ICE candidates are gathered, so the whole
//! session description goes in one invitation or one reply (no trickle). Only this file of the
//! online code touches WebRTC.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceGatheringState, RtcIceServer, RtcPeerConnection,
    RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// The public STUN server a player may turn on (off by default, see [`super::Stun`]): the only
/// address Turf ever contacts outside its own origin.
pub const STUN_URL: &str = "stun:stun.l.google.com:19302";
/// Candidates on one network are there in milliseconds; a STUN answer may take a second or two.
const GATHER_MS: i32 = 4000;

/// What a channel tells the page, each on the main thread.
pub struct PeerEvents {
    pub open: Box<dyn Fn()>,
    pub message: Box<dyn Fn(String)>,
    /// The channel closed or the connection failed (the other device went away).
    pub lost: Box<dyn Fn()>,
}

/// One side of one connection.
pub struct Peer {
    connection: RtcPeerConnection,
    channel: RefCell<Option<RtcDataChannel>>,
    events: Rc<PeerEvents>,
    /// The event closures, kept alive as long as the peer.
    closures: RefCell<Vec<Box<dyn std::any::Any>>>,
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.close();
    }
}

fn js_error(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{e:?}"))
}

impl Peer {
    fn new(stun: bool, events: PeerEvents) -> Result<Rc<Peer>, String> {
        let config = RtcConfiguration::new();
        let servers = js_sys::Array::new();
        if stun {
            let server = RtcIceServer::new();
            server.set_urls(&JsValue::from_str(STUN_URL));
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let connection = RtcPeerConnection::new_with_configuration(&config).map_err(js_error)?;
        let peer = Rc::new(Peer {
            connection,
            channel: RefCell::new(None),
            events: Rc::new(events),
            closures: RefCell::new(Vec::new()),
        });
        let weak = Rc::downgrade(&peer);
        let on_state = Closure::<dyn FnMut()>::new(move || {
            if let Some(peer) = weak.upgrade() {
                if matches!(
                    peer.connection.connection_state(),
                    RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed
                ) {
                    (peer.events.lost)();
                }
            }
        });
        peer.connection
            .set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));
        peer.keep(on_state);
        Ok(peer)
    }

    fn keep<T: 'static>(&self, closure: T) {
        self.closures.borrow_mut().push(Box::new(closure));
    }

    fn wire(self: &Rc<Self>, channel: RtcDataChannel) {
        let events = self.events.clone();
        let on_open = Closure::<dyn FnMut()>::new(move || (events.open)());
        channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        let events = self.events.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            // Only text is ours; anything else is dropped unread.
            if let Some(text) = e.data().as_string() {
                (events.message)(text);
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let events = self.events.clone();
        let on_close = Closure::<dyn FnMut()>::new(move || (events.lost)());
        channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        if channel.ready_state() == RtcDataChannelState::Open {
            (self.events.open)();
        }
        self.keep(on_open);
        self.keep(on_message);
        self.keep(on_close);
        *self.channel.borrow_mut() = Some(channel);
    }

    /// The host's side: a new connection and its offer, with every candidate in it.
    pub async fn offer(stun: bool, events: PeerEvents) -> Result<(Rc<Peer>, String), String> {
        let peer = Peer::new(stun, events)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = peer
            .connection
            .create_data_channel_with_data_channel_dict("turf", &init);
        peer.wire(channel);
        peer.describe(peer.connection.create_offer(), RtcSdpType::Offer)
            .await?;
        let sdp = peer.gathered().await?;
        Ok((peer, sdp))
    }

    /// The host's side, once the guest's reply is pasted.
    pub async fn accept(&self, answer: &str) -> Result<(), String> {
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        remote.set_sdp(answer);
        JsFuture::from(self.connection.set_remote_description(&remote))
            .await
            .map(|_| ())
            .map_err(js_error)
    }

    /// The guest's side: answer the host's offer, with every candidate in the answer.
    pub async fn answer(
        offer: &str,
        stun: bool,
        events: PeerEvents,
    ) -> Result<(Rc<Peer>, String), String> {
        let peer = Peer::new(stun, events)?;
        let weak = Rc::downgrade(&peer);
        let on_channel =
            Closure::<dyn FnMut(RtcDataChannelEvent)>::new(move |e: RtcDataChannelEvent| {
                if let Some(peer) = weak.upgrade() {
                    peer.wire(e.channel());
                }
            });
        peer.connection
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        peer.keep(on_channel);
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        remote.set_sdp(offer);
        JsFuture::from(peer.connection.set_remote_description(&remote))
            .await
            .map_err(js_error)?;
        peer.describe(peer.connection.create_answer(), RtcSdpType::Answer)
            .await?;
        let sdp = peer.gathered().await?;
        Ok((peer, sdp))
    }

    /// Take the offer or answer that `created` resolves to as this side's description.
    async fn describe(&self, created: js_sys::Promise, kind: RtcSdpType) -> Result<(), String> {
        let description = JsFuture::from(created).await.map_err(js_error)?;
        let sdp = js_sys::Reflect::get(&description, &"sdp".into())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        let local = RtcSessionDescriptionInit::new(kind);
        local.set_sdp(&sdp);
        JsFuture::from(self.connection.set_local_description(&local))
            .await
            .map(|_| ())
            .map_err(js_error)
    }

    /// The local description once ICE gathering is complete (or after [`GATHER_MS`], with the
    /// candidates found by then).
    async fn gathered(&self) -> Result<String, String> {
        if self.connection.ice_gathering_state() != RtcIceGatheringState::Complete {
            let connection = self.connection.clone();
            let promise = js_sys::Promise::new(&mut |resolve, _| {
                let done = resolve.clone();
                let check = Closure::<dyn FnMut()>::new({
                    let connection = connection.clone();
                    move || {
                        if connection.ice_gathering_state() == RtcIceGatheringState::Complete {
                            let _ = done.call0(&JsValue::NULL);
                        }
                    }
                });
                connection.set_onicegatheringstatechange(Some(check.as_ref().unchecked_ref()));
                check.forget();
                if let Some(window) = web_sys::window() {
                    let _ = window
                        .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
                }
            });
            JsFuture::from(promise).await.map_err(js_error)?;
            self.connection.set_onicegatheringstatechange(None);
        }
        self.connection
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| "no session description".to_string())
    }

    /// Send one message; false when the channel is not open (the other device is away).
    pub fn send(&self, text: &str) -> bool {
        self.channel
            .borrow()
            .as_ref()
            .filter(|c| c.ready_state() == RtcDataChannelState::Open)
            .is_some_and(|c| c.send_with_str(text).is_ok())
    }

    pub fn close(&self) {
        if let Some(channel) = self.channel.borrow_mut().take() {
            channel.set_onclose(None);
            channel.close();
        }
        self.connection.set_onconnectionstatechange(None);
        self.connection.close();
    }
}
