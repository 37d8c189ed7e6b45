/** @jest-environment node */
import { ApiRequestError } from "@/lib/client/api/request";
import { REALTIME_TEXTS, RealtimeCoachError } from "@/lib/domain/solo/realtime-texts";

import { startRealtimeCoach, type RealtimeCoachOptions } from "./realtime-coach";

// The browser client against a fake RTCPeerConnection and data channel: what it sends to our server, to the voice
// provider and on the channel, and what it reports back, for the start, a session, its failures and its stop.

class FakeChannel extends EventTarget {
  readyState: RTCDataChannelState = "connecting";
  sent: Record<string, unknown>[] = [];
  constructor(readonly label: string) {
    super();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    if (this.readyState === "closed") return;
    this.readyState = "closed";
    this.dispatchEvent(new Event("close"));
  }
  open() {
    this.readyState = "open";
    this.dispatchEvent(new Event("open"));
  }
  receive(event: Record<string, unknown>) {
    this.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(event) }));
  }
}

class FakePeer extends EventTarget {
  channel: FakeChannel | null = null;
  tracks: unknown[] = [];
  transceivers: unknown[] = [];
  remote: RTCSessionDescriptionInit | null = null;
  localDescription: { type: string; sdp: string } | null = null;
  iceGatheringState = "complete";
  connectionState = "new";
  closed = false;
  createDataChannel(label: string) {
    this.channel = new FakeChannel(label);
    return this.channel;
  }
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  addTransceiver(kind: string, init: unknown) {
    this.transceivers.push({ kind, init });
  }
  async createOffer() {
    return { type: "offer", sdp: "v=0\r\no=- offer\r\n" };
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = description;
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remote = description;
  }
  close() {
    this.closed = true;
    this.channel?.close();
  }
}

const SESSION = { clientSecret: "ek_test_secret", expiresAt: 1_900_000_000, callsUrl: "http://fake.test/v1/realtime/calls", model: "gpt-realtime" };

function setUp(overrides: Partial<RealtimeCoachOptions> = {}) {
  const peer = new FakePeer();
  const calls: { url: string; init: RequestInit }[] = [];
  const statuses: string[] = [];
  const turns: unknown[] = [];
  const errors: RealtimeCoachError[] = [];
  const minted: unknown[] = [];
  const audioElement = { srcObject: null, play: jest.fn(async () => undefined) } as unknown as HTMLAudioElement;
  const track = { kind: "audio" };
  const options: RealtimeCoachOptions = {
    userLabel: "Ana",
    guideContext: { headline: "Appreciation", description: "What went well?" },
    stream: { getAudioTracks: () => [track] } as unknown as MediaStream,
    audioElement,
    onStatus: (status) => statuses.push(status),
    onTurn: (turn) => turns.push(turn),
    onError: (error) => errors.push(error),
    mintSession: async (body) => (minted.push(body), SESSION),
    fetchImpl: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response("v=0\r\no=- answer\r\n", { status: 201, headers: { "content-type": "application/sdp" } });
    }) as unknown as typeof fetch,
    createPeerConnection: () => peer as unknown as RTCPeerConnection,
    ...overrides,
  };
  return { peer, calls, statuses, turns, errors, minted, options, track };
}

const started: { stop(): void }[] = [];
afterEach(() => {
  started.splice(0).forEach((coach) => coach.stop());
  jest.useRealTimers();
});

describe("startRealtimeCoach", () => {
  it("mints through our server, sends the microphone, posts the offer with the client secret and sets the answer", async () => {
    const { peer, calls, minted, options, track, statuses } = setUp();
    started.push(await startRealtimeCoach(options));
    expect(minted).toEqual([{ userLabel: "Ana", guideContext: { headline: "Appreciation", description: "What went well?" } }]);
    expect(peer.tracks).toEqual([track]);
    expect(peer.channel?.label).toBe("oai-events");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(SESSION.callsUrl);
    expect(calls[0]!.init.method).toBe("POST");
    expect(calls[0]!.init.body).toBe("v=0\r\no=- offer\r\n");
    expect(calls[0]!.init.headers).toEqual({ Authorization: "Bearer ek_test_secret", "Content-Type": "application/sdp" });
    expect(peer.remote).toEqual({ type: "answer", sdp: "v=0\r\no=- answer\r\n" });
    expect(statuses).toEqual(["connecting"]);
  });

  it("greets with turn detection off, switches it on after the intro (3 s at least), and reports statuses and turns", async () => {
    jest.useFakeTimers({ now: 0 });
    const { peer, statuses, turns, options } = setUp();
    started.push(await startRealtimeCoach(options));
    const channel = peer.channel!;
    channel.open();
    expect(channel.sent).toEqual([
      { type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: null } } } },
      { type: "response.create" },
    ]);
    channel.receive({ type: "response.created", response: { id: "resp_1" } });
    channel.receive({ type: "output_audio_buffer.started", response_id: "resp_1" });
    channel.receive({ type: "response.output_audio_transcript.done", item_id: "item_1", content_index: 0, transcript: "Hi Ana." });
    jest.advanceTimersByTime(1_000);
    channel.receive({ type: "response.done", response: { id: "resp_1", status: "completed" } });
    channel.receive({ type: "output_audio_buffer.stopped", response_id: "resp_1" });
    expect(channel.sent).toHaveLength(2);
    jest.advanceTimersByTime(1_999);
    expect(channel.sent).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(channel.sent[2]).toEqual({
      type: "session.update",
      session: {
        type: "realtime",
        audio: { input: { turn_detection: { type: "server_vad", threshold: 0.8, prefix_padding_ms: 500, silence_duration_ms: 2000 } } },
      },
    });
    channel.receive({ type: "input_audio_buffer.speech_started" });
    channel.receive({ type: "input_audio_buffer.speech_stopped" });
    channel.receive({ type: "conversation.item.input_audio_transcription.completed", item_id: "item_2", content_index: 0, transcript: "We argued." });
    expect(statuses).toEqual(["connecting", "thinking", "speaking", "listening", "thinking"]);
    expect(turns).toEqual([
      { role: "assistant", text: "Hi Ana.", timestamp: 0 },
      { role: "user", text: "We argued.", timestamp: 3_000 },
    ]);
  });

  it("queues a guide while the coach speaks and sends it when the coach is free", async () => {
    const { peer, options } = setUp();
    const coach = await startRealtimeCoach(options);
    started.push(coach);
    const channel = peer.channel!;
    channel.open();
    channel.receive({ type: "response.created" });
    channel.receive({ type: "output_audio_buffer.started" });
    coach.sendGuide({ headline: "Chores", description: "Who does what." });
    expect(channel.sent.map((event) => event.type)).toEqual(["session.update", "response.create"]);
    channel.receive({ type: "response.done" });
    channel.receive({ type: "output_audio_buffer.stopped" });
    expect(channel.sent.map((event) => event.type)).toEqual(["session.update", "response.create", "conversation.item.create", "response.create"]);
    expect(JSON.stringify(channel.sent[2])).toContain("Chores");
  });

  it("an unexpected close of the data channel is 'Connection lost - please reconnect'", async () => {
    const { peer, errors, options } = setUp();
    started.push(await startRealtimeCoach(options));
    peer.channel!.open();
    peer.channel!.close();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe(REALTIME_TEXTS.connectionLost);
    expect(errors[0]!.kind).toBe("connection-lost");
    expect(peer.closed).toBe(true);
  });

  it("an intentional stop closes everything and reports nothing", async () => {
    const { peer, errors, statuses, options } = setUp();
    const coach = await startRealtimeCoach(options);
    started.push(coach);
    peer.channel!.open();
    const before = statuses.length;
    coach.stop();
    peer.channel!.receive({ type: "response.created" });
    expect(peer.closed).toBe(true);
    expect(errors).toEqual([]);
    expect(statuses).toHaveLength(before);
  });

  it("a realtime error other than an active response is reported with its message", async () => {
    const { peer, errors, options } = setUp();
    started.push(await startRealtimeCoach(options));
    peer.channel!.open();
    peer.channel!.receive({ type: "error", error: { type: "invalid_request_error", code: "conversation_already_has_active_response", message: "busy" } });
    expect(errors).toEqual([]);
    peer.channel!.receive({ type: "error", error: { type: "server_error", message: "The server had an error" } });
    expect(errors.map((error) => [error.kind, error.message])).toEqual([["realtime", "The server had an error"]]);
  });

  it("a failed mint rejects with 'Failed to create Realtime API session' and opens no connection", async () => {
    const failure = Object.assign(new Error('502: {"error":"Failed to create Realtime API session"}'), {
      body: '{"error":"Failed to create Realtime API session","detail":"The voice provider refused the session."}',
    });
    const { peer, calls, options } = setUp({ mintSession: async () => Promise.reject(failure) });
    const error = (await startRealtimeCoach(options).catch((caught: unknown) => caught)) as RealtimeCoachError;
    expect(error).toBeInstanceOf(RealtimeCoachError);
    expect(error.message).toBe(REALTIME_TEXTS.sessionCreateFailed);
    expect(error.detail).toBe("The voice provider refused the session.");
    expect(error.isStartFailure).toBe(true);
    expect(peer.channel).toBeNull();
    expect(calls).toEqual([]);
  });

  it("a mint the coach's rate limit refused carries how long to wait", async () => {
    const failure = new ApiRequestError(429, "Too Many Requests", '{"error":"Too many requests. Please try again in 8 minutes.","retryAfterSeconds":480}', 480);
    const { options } = setUp({ mintSession: async () => Promise.reject(failure) });
    const error = (await startRealtimeCoach(options).catch((caught: unknown) => caught)) as RealtimeCoachError;
    expect(error).toMatchObject({ kind: "session", message: REALTIME_TEXTS.sessionCreateFailed, retryAfterSeconds: 480 });
  });

  it("a refused SDP exchange rejects with 'Failed to exchange SDP with the voice provider' and closes the connection", async () => {
    const { peer, errors, options } = setUp({ fetchImpl: (async () => new Response("bad", { status: 500 })) as unknown as typeof fetch });
    const error = (await startRealtimeCoach(options).catch((caught: unknown) => caught)) as RealtimeCoachError;
    expect(error.message).toBe(REALTIME_TEXTS.sdpExchangeFailed);
    expect(error.kind).toBe("sdp");
    expect(error.isStartFailure).toBe(true);
    expect(peer.closed).toBe(true);
    expect(errors).toEqual([]);
  });

  it("an answer that is not an SDP is the same failure", async () => {
    const { options } = setUp({ fetchImpl: (async () => new Response("<html>", { status: 200 })) as unknown as typeof fetch });
    await expect(startRealtimeCoach(options)).rejects.toMatchObject({ message: REALTIME_TEXTS.sdpExchangeFailed });
  });
});
