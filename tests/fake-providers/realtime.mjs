// Fake OpenAI Realtime peer for the browser tests (issue 10), mounted by server.mjs: POST /v1/realtime/calls answers the
// browser's SDP offer with werift (WebRTC in TypeScript), so Chromium's real RTCPeerConnection runs end to end on loopback.
// Per call it receives the microphone track, sends the coach's voice as an Opus track (a short phrase spoken by espeak-ng,
// encoded with opusscript; a hum where espeak-ng is missing) and speaks the GA server events on the "oai-events" channel:
//   - on the first response.create (the intro): response.created, output_audio_buffer.started, the audio,
//     response.output_audio_transcript.done, response.done, output_audio_buffer.stopped;
//   - once turn detection is on (session.update with a turn_detection), after ~1.5 s of microphone audio: a user turn
//     (input_audio_buffer.speech_started / speech_stopped / committed, conversation.item.input_audio_transcription.completed)
//     and the coach's answer (the same response events); at most MAX_USER_TURNS per call;
//   - a conversation.item.create + response.create (a guide): an answer naming the guide; a response.create while a
//     response is running is refused with the error conversation_already_has_active_response, as OpenAI does.
// Control (beside server.mjs's queue, where "openai.realtime.calls" takes { status, body } to fail the SDP exchange):
//   POST /__control/realtime/drop    closes the data channel and the connection of every live call (a lost connection)
//   POST /__control/realtime/error   sends every live call an error event the session cannot go on from (its maximum duration)
//   POST /__control/realtime/error-without-message   the same with an error that carries no message (a server error)
//   GET  /__control/realtime/calls   per call: the client event types received, guide headlines, microphone packets, state
// Nothing here logs or keeps audio; transcripts are the fake's own fixed lines.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";

// werift and opusscript are loaded on the first call, so the rest of the fake server starts as fast as before.
let webrtc = null;
const loadWebrtc = async () => (webrtc ??= { ...(await import("werift")), OpusScript: (await import("opusscript")).default });

export const REALTIME_CALLS_ROUTE = "openai.realtime.calls";

const INTRO_TEXT = "Hi, I'm your coach. What is on your mind today?";
const ANSWER_TEXT = "Thank you for sharing that. What would help you feel heard?";
export const FAKE_USER_TURN_TEXT = "I wish we planned more time together.";
const MAX_USER_TURNS = 2;
/** OpenAI's error event when a realtime session reaches its maximum duration. */
const SESSION_EXPIRED = {
  type: "invalid_request_error",
  code: "session_expired",
  message: "Your session hit the maximum duration of 60 minutes.",
};
/** Microphone audio (20 ms packets) that counts as the user having spoken a turn: ~1.5 s. */
const PACKETS_PER_TURN = 75;
const SAMPLE_RATE = 48_000;
const FRAME_SAMPLES = 960; // 20 ms at 48 kHz

/** Live calls. */
const calls = new Set();
/** Every call since the last reset, live or ended, for the control endpoint. */
const allCalls = new Set();
let callSequence = 0;
/** @type {Buffer[] | null} */
let voiceFrames = null;

// ---------- The coach's voice ----------

/** 16-bit mono PCM at 48 kHz of `text` spoken by espeak-ng, or a soft two-tone hum where espeak-ng is missing. */
function speechPcm(text) {
  try {
    const wav = execFileSync("espeak-ng", ["-v", "en-us+f3", "-s", "165", "--stdout", text], {
      maxBuffer: 16 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return resample(parseWav(wav));
  } catch {
    const samples = new Int16Array(SAMPLE_RATE * 2.5);
    for (let i = 0; i < samples.length; i++)
      samples[i] = Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE) * Math.sin((Math.PI * i) / samples.length));
    return samples;
  }
}

function parseWav(buffer) {
  let offset = 12;
  let rate = 22_050;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString("ascii", offset, offset + 4);
    let size = buffer.readUInt32LE(offset + 4);
    if (id === "fmt ") rate = buffer.readUInt32LE(offset + 12);
    if (id === "data") {
      // espeak-ng writes to a pipe and cannot seek back to fill the size in.
      if (size === 0 || size === 0xffffffff || offset + 8 + size > buffer.length) size = buffer.length - offset - 8;
      const data = buffer.subarray(offset + 8, offset + 8 + size - (size % 2));
      return { rate, samples: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length)) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("no data chunk");
}

function resample({ rate, samples }) {
  const out = new Int16Array(Math.floor((samples.length * SAMPLE_RATE) / rate));
  for (let i = 0; i < out.length; i++) {
    const position = (i * rate) / SAMPLE_RATE;
    const index = Math.floor(position);
    const next = samples[Math.min(index + 1, samples.length - 1)] ?? 0;
    out[i] = Math.round((samples[index] ?? 0) + (next - (samples[index] ?? 0)) * (position - index));
  }
  return out;
}

/** The phrase as 20 ms Opus frames, made once per server. */
function coachVoice() {
  if (voiceFrames) return voiceFrames;
  const pcm = speechPcm(INTRO_TEXT);
  const { OpusScript } = webrtc;
  const encoder = new OpusScript(SAMPLE_RATE, 1, OpusScript.Application.VOIP);
  const frames = [];
  for (let start = 0; start + FRAME_SAMPLES <= pcm.length; start += FRAME_SAMPLES) {
    const frame = Buffer.from(pcm.buffer, pcm.byteOffset + start * 2, FRAME_SAMPLES * 2);
    frames.push(Buffer.from(encoder.encode(frame, FRAME_SAMPLES)));
  }
  encoder.delete();
  voiceFrames = frames;
  return frames;
}

// ---------- One call ----------

class Call {
  constructor(pc, track) {
    this.id = `rtc_fake${++callSequence}`;
    this.pc = pc;
    this.track = track;
    this.channel = null;
    this.closed = false;
    this.responseActive = false;
    this.turnDetection = false;
    this.userTurns = 0;
    this.micPackets = 0;
    this.packetsSinceTurn = 0;
    this.clientEvents = [];
    this.guides = [];
    this.pendingGuide = null;
    this.sequenceNumber = randomBytes(2).readUInt16BE();
    this.timestamp = randomBytes(4).readUInt32BE();
  }

  send(event) {
    if (this.closed || this.channel?.readyState !== "open") return;
    this.channel.send(JSON.stringify({ event_id: `event_${randomBytes(6).toString("hex")}`, ...event }));
  }

  /** The coach's audio as RTP, paced at real time; resolves when the last frame is sent. */
  async playVoice() {
    const frames = coachVoice();
    const started = Date.now();
    for (let index = 0; index < frames.length && !this.closed; index++) {
      const { RtpHeader, RtpPacket } = webrtc;
      const header = new RtpHeader({ payloadType: 111, sequenceNumber: this.sequenceNumber, timestamp: this.timestamp, marker: index === 0 });
      this.sequenceNumber = (this.sequenceNumber + 1) & 0xffff;
      this.timestamp = (this.timestamp + FRAME_SAMPLES) >>> 0;
      this.track.writeRtp(new RtpPacket(header, frames[index]));
      const wait = started + (index + 1) * 20 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** One coach response in the order OpenAI's WebRTC sessions report it. */
  async respond(text) {
    this.responseActive = true;
    const responseId = `resp_${randomBytes(6).toString("hex")}`;
    const itemId = `item_${randomBytes(6).toString("hex")}`;
    this.send({ type: "response.created", response: { id: responseId, object: "realtime.response", status: "in_progress", output: [] } });
    this.send({
      type: "response.output_item.added",
      response_id: responseId,
      output_index: 0,
      item: { id: itemId, type: "message", role: "assistant", status: "in_progress", content: [] },
    });
    this.send({ type: "output_audio_buffer.started", response_id: responseId });
    const playing = this.playVoice();
    for (const word of text.split(" ")) {
      this.send({
        type: "response.output_audio_transcript.delta",
        response_id: responseId,
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta: `${word} `,
      });
    }
    this.send({ type: "response.output_audio_transcript.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0, transcript: text });
    await new Promise((resolve) => setTimeout(resolve, 300));
    this.send({ type: "response.output_audio.done", response_id: responseId, item_id: itemId, output_index: 0, content_index: 0 });
    this.send({
      type: "response.done",
      response: { id: responseId, object: "realtime.response", status: "completed", output: [{ id: itemId, type: "message", role: "assistant" }] },
    });
    this.responseActive = false;
    await playing;
    this.send({ type: "output_audio_buffer.stopped", response_id: responseId });
    if (this.pendingGuide) {
      const guide = this.pendingGuide;
      this.pendingGuide = null;
      void this.respond(`Let's talk about ${guide}. What comes to mind first?`);
    }
  }

  onClientEvent(raw) {
    let event;
    try {
      event = JSON.parse(typeof raw === "string" ? raw : raw.toString("utf8"));
    } catch {
      return this.send({ type: "error", error: { type: "invalid_request_error", code: "invalid_json", message: "Invalid JSON" } });
    }
    this.clientEvents.push(event?.type ?? "unknown");
    switch (event?.type) {
      case "session.update": {
        const turnDetection = event.session?.audio?.input?.turn_detection;
        if (turnDetection !== undefined) this.turnDetection = turnDetection !== null;
        this.send({
          type: "session.updated",
          session: { type: "realtime", object: "realtime.session", audio: { input: { turn_detection: turnDetection ?? null } } },
        });
        return;
      }
      case "conversation.item.create": {
        const text = event.item?.content?.find((part) => part?.type === "input_text")?.text ?? "";
        const headline = /"([^"]+)"/.exec(text)?.[1] ?? "that";
        this.guides.push(headline);
        this.lastGuide = headline;
        this.send({
          type: "conversation.item.added",
          item: { id: `item_${randomBytes(6).toString("hex")}`, type: "message", role: "user", status: "completed" },
        });
        return;
      }
      case "response.create": {
        if (this.responseActive) {
          this.send({
            type: "error",
            error: {
              type: "invalid_request_error",
              code: "conversation_already_has_active_response",
              message: "Conversation already has an active response in progress.",
            },
          });
          return;
        }
        const guide = this.lastGuide;
        this.lastGuide = null;
        void this.respond(
          this.clientEvents.filter((type) => type === "response.create").length === 1
            ? INTRO_TEXT
            : guide
              ? `Let's talk about ${guide}. What comes to mind first?`
              : ANSWER_TEXT,
        );
        return;
      }
      default:
        return;
    }
  }

  /** Microphone audio arrives: with turn detection on, enough of it is a user turn, answered by the coach. */
  onMicrophonePacket() {
    this.micPackets++;
    if (!this.turnDetection || this.responseActive || this.userTurns >= MAX_USER_TURNS) return;
    this.packetsSinceTurn++;
    if (this.packetsSinceTurn < PACKETS_PER_TURN) return;
    this.packetsSinceTurn = -PACKETS_PER_TURN * 2; // a pause before the next turn
    this.userTurns++;
    const itemId = `item_${randomBytes(6).toString("hex")}`;
    this.send({ type: "input_audio_buffer.speech_started", audio_start_ms: 0, item_id: itemId });
    this.send({ type: "input_audio_buffer.speech_stopped", audio_end_ms: 1500, item_id: itemId });
    this.send({ type: "input_audio_buffer.committed", previous_item_id: null, item_id: itemId });
    this.send({ type: "conversation.item.input_audio_transcription.completed", item_id: itemId, content_index: 0, transcript: FAKE_USER_TURN_TEXT });
    void this.respond(ANSWER_TEXT);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    calls.delete(this);
    try {
      this.channel?.close();
    } catch {
      // already closed
    }
    void this.pc.close().catch?.(() => undefined);
  }

  describe() {
    return {
      id: this.id,
      clientEvents: this.clientEvents,
      guides: this.guides,
      turnDetection: this.turnDetection,
      userTurns: this.userTurns,
      micPackets: this.micPackets,
      channel: this.channel?.readyState ?? "none",
      closed: this.closed,
    };
  }
}

async function answerOffer(offerSdp) {
  const { MediaStreamTrack, RTCPeerConnection } = await loadWebrtc();
  coachVoice();
  const pc = new RTCPeerConnection({});
  // The microphone track arrives during setRemoteDescription: listen first, count once the call exists.
  let onMicrophone = () => undefined;
  pc.onTrack.subscribe((remote) => remote.onReceiveRtp.subscribe(() => onMicrophone()));
  await pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
  const track = new MediaStreamTrack({ kind: "audio" });
  const transceiver = pc.getTransceivers().find((candidate) => candidate.kind === "audio");
  if (!transceiver) {
    await pc.close();
    throw Object.assign(new Error("The offer has no audio section."), { status: 400 });
  }
  await transceiver.sender.replaceTrack(track);
  transceiver.setDirection?.("sendrecv");
  const call = new Call(pc, track);
  calls.add(call);
  allCalls.add(call);
  onMicrophone = () => call.onMicrophonePacket();
  pc.onDataChannel.subscribe((channel) => {
    call.channel = channel;
    channel.onMessage.subscribe((data) => call.onClientEvent(data));
    channel.stateChanged.subscribe((state) => {
      if (state === "closed") call.close();
    });
  });
  pc.connectionStateChange.subscribe((state) => {
    if (state === "failed" || state === "closed") call.close();
  });
  await pc.setLocalDescription(await pc.createAnswer());
  if (pc.iceGatheringState !== "complete") {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 2000);
      pc.iceGatheringStateChange.subscribe((state) => {
        if (state === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }
  return { call, sdp: pc.localDescription.sdp };
}

/**
 * POST /v1/realtime/calls (OpenAI GA): `Authorization: Bearer ek_…` (the client secret), `Content-Type: application/sdp`,
 * the offer as the body; 201 with the SDP answer and a Location header naming the call.
 */
export async function handleRealtimeCall(req, res, url, helpers) {
  const { readBody, takeQueued, record, safeHeaders, send, sleep } = helpers;
  const body = (await readBody(req)).toString("utf8");
  const entry = {
    route: REALTIME_CALLS_ROUTE,
    method: req.method,
    path: url.pathname,
    auth: /^Bearer\s+ek_\S+/i.test(req.headers.authorization ?? "")
      ? "client-secret"
      : /^Bearer\s+\S+/i.test(req.headers.authorization ?? "")
        ? "bearer"
        : "none",
    headers: safeHeaders(req.headers),
    contentType: req.headers["content-type"] ?? "",
    bodyBytes: body.length,
  };
  const cors = { "access-control-allow-origin": "*", "access-control-expose-headers": "location" };
  if (entry.auth === "none") {
    entry.status = 401;
    record(entry);
    return send(res, 401, { error: { message: "Missing bearer token (fake realtime).", type: "invalid_request_error", code: "invalid_api_key" } }, cors);
  }
  const queued = takeQueued(REALTIME_CALLS_ROUTE);
  entry.queued = Boolean(queued);
  if (queued?.delayMs) await sleep(Number(queued.delayMs));
  if (queued && Number(queued.status ?? 200) >= 400) {
    entry.status = Number(queued.status);
    record(entry);
    return send(res, entry.status, queued.body ?? { error: { message: `Fake ${entry.status} error`, type: "server_error", code: null } }, cors);
  }
  if (!/^application\/sdp/i.test(entry.contentType) || !body.startsWith("v=")) {
    entry.status = 400;
    record(entry);
    return send(res, 400, { error: { message: "Expected an SDP offer (application/sdp).", type: "invalid_request_error", code: null } }, cors);
  }
  try {
    const { call, sdp } = await answerOffer(body);
    entry.status = 201;
    entry.callId = call.id;
    record(entry);
    res.writeHead(201, { "content-type": "application/sdp", location: `/v1/realtime/calls/${call.id}`, ...cors });
    res.end(sdp);
  } catch (error) {
    entry.status = error?.status ?? 500;
    record(entry);
    send(res, entry.status, { error: { message: `Fake realtime could not answer: ${error?.message ?? error}`, type: "server_error", code: null } }, cors);
  }
}

/** The browser's CORS preflight for the SDP post (the page's origin differs from the fake server's). */
export function handleRealtimePreflight(res) {
  res.writeHead(204, {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "POST, OPTIONS",
    "access-control-allow-headers": "authorization, content-type",
    "access-control-max-age": "600",
  });
  res.end();
}

export function handleRealtimeControl(req, res, action, send) {
  if (req.method === "POST" && action === "realtime/drop") {
    const dropped = [...calls].map((call) => call.id);
    for (const call of [...calls]) call.close();
    send(res, 200, { ok: true, dropped });
    return true;
  }
  if (req.method === "POST" && (action === "realtime/error" || action === "realtime/error-without-message")) {
    const live = [...calls];
    const error = action === "realtime/error" ? SESSION_EXPIRED : { type: "server_error", code: null, message: null };
    for (const call of live) call.send({ type: "error", error });
    send(res, 200, { ok: true, sent: live.map((call) => call.id) });
    return true;
  }
  if (req.method === "GET" && action === "realtime/calls") {
    send(res, 200, { calls: [...allCalls].map((call) => call.describe()) });
    return true;
  }
  return undefined;
}

export function resetRealtime() {
  for (const call of [...calls]) call.close();
  allCalls.clear();
}

export function closeRealtime() {
  for (const call of [...calls]) call.close();
}
