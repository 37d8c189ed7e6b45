import { apiJson, ApiRequestError, timeoutSignal } from "@/lib/client/api/request";
import {
  INITIAL_COACH_SESSION,
  reduceCoachSession,
  type CoachEffect,
  type CoachInput,
  type CoachStatus,
  type CoachTurn,
} from "@/lib/domain/solo/coach-session";
import { REALTIME_DATA_CHANNEL } from "@/lib/domain/solo/constants";
import type { CoachGuide } from "@/lib/domain/solo/guide-queue";
import { parseServerEvent } from "@/lib/domain/solo/realtime-events";
import {
  REALTIME_SESSION_PATH,
  realtimeSessionAnswerSchema,
  type RealtimeSessionAnswer,
  type RealtimeSessionRequest,
} from "@/lib/domain/solo/realtime-session-request";
import { REALTIME_TEXTS, RealtimeCoachError } from "@/lib/domain/solo/realtime-texts";

// The live voice coach in the browser (spec part 1, sections 4 and 7): our server mints a short-lived client secret, then
// one RTCPeerConnection talks to the voice provider directly - the microphone track out, the coach's audio track in (played
// by the page's <audio>), and the "oai-events" data channel for the realtime events. What to do with each event is decided
// by the pure reducer in lib/domain/solo/coach-session.ts; this module only runs its effects.

export type { CoachGuide, CoachStatus, CoachTurn };
export { RealtimeCoachError };

export type RealtimeCoachOptions = {
  userLabel: string;
  guideContext: CoachGuide | null;
  /** The recording language (BCP 47), so the coach answers in it. */
  language?: string;
  /** The microphone: its audio track is sent to the coach. Not stopped here (the caller owns it). */
  stream: MediaStream;
  /** Plays the coach's voice. */
  audioElement: HTMLAudioElement;
  onStatus: (status: CoachStatus | "connecting") => void;
  onTurn: (turn: CoachTurn) => void;
  /** After the start: a lost connection or a realtime error. Start failures reject the promise instead. */
  onError: (error: RealtimeCoachError) => void;
  /** The SDP exchange's fetch (tests). */
  fetchImpl?: typeof fetch;
  /** Mints the client secret; POST /api/realtime/session through the app's request helper by default (tests). */
  mintSession?: (body: RealtimeSessionRequest) => Promise<unknown>;
  /** A peer connection (tests, or a Node WebRTC implementation). */
  createPeerConnection?: () => RTCPeerConnection;
  /** Clock and timers (tests). */
  now?: () => number;
};

export type RealtimeCoach = {
  /** A guide picked during the session: sent, queued while the coach answers, or ignored (repeat, or within 250 ms). */
  sendGuide(guide: CoachGuide): void;
  /** Ends the session on purpose: nothing is reported after it. */
  stop(): void;
};

/** How long the browser gathers its ICE candidates before it sends the offer anyway (host candidates come at once). */
const ICE_GATHERING_WAIT_MS = 1_500;
/** The voice provider's answer to the offer. */
const SDP_EXCHANGE_TIMEOUT_MS = 15_000;
/** From the SDP answer to an open data channel. */
const CHANNEL_OPEN_TIMEOUT_MS = 15_000;

const defaultMint = (body: RealtimeSessionRequest) => apiJson<unknown>("POST", REALTIME_SESSION_PATH, { body });

/** The server's error text, e.g. `502: {"error":"…","detail":"…"}` → the detail or error, for the toast. */
function detailOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const body = "body" in error && typeof error.body === "string" ? error.body : "";
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; error?: unknown };
    const text = typeof parsed.detail === "string" ? parsed.detail : parsed.error;
    return typeof text === "string" ? text.slice(0, 200) : undefined;
  } catch {
    return error.message.slice(0, 200);
  }
}

async function mint(options: RealtimeCoachOptions): Promise<RealtimeSessionAnswer> {
  let answer: unknown;
  try {
    answer = await (options.mintSession ?? defaultMint)({
      userLabel: options.userLabel,
      guideContext: options.guideContext,
      ...(options.language ? { language: options.language } : {}),
    });
  } catch (error) {
    const wait = error instanceof ApiRequestError ? error.rateLimitWaitSeconds : null;
    throw new RealtimeCoachError("session", REALTIME_TEXTS.sessionCreateFailed, detailOf(error), wait ?? undefined);
  }
  const parsed = realtimeSessionAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new RealtimeCoachError("session", REALTIME_TEXTS.sessionCreateFailed);
  return parsed.data;
}

function iceGatheringDone(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ICE_GATHERING_WAIT_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === "complete") done();
    }
    pc.addEventListener("icegatheringstatechange", check);
  });
}

async function exchangeSdp(pc: RTCPeerConnection, session: RealtimeSessionAnswer, fetchImpl: typeof fetch): Promise<void> {
  try {
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    await iceGatheringDone(pc);
    const response = await fetchImpl(session.callsUrl, {
      method: "POST",
      body: pc.localDescription?.sdp ?? offer.sdp,
      headers: { Authorization: `Bearer ${session.clientSecret}`, "Content-Type": "application/sdp" },
      // Not AbortSignal.timeout itself: Safari before 16 lacks it, and the coach would never start there.
      signal: timeoutSignal(SDP_EXCHANGE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${response.status}`);
    const sdp = await response.text();
    if (!sdp.trim().startsWith("v=")) throw new Error("not an SDP answer");
    await pc.setRemoteDescription({ type: "answer", sdp });
  } catch (error) {
    throw new RealtimeCoachError("sdp", REALTIME_TEXTS.sdpExchangeFailed, error instanceof Error ? error.message.slice(0, 200) : undefined);
  }
}

/**
 * Starts the live coach: resolves once the voice provider has answered the offer (the greeting follows when the data
 * channel opens); rejects with a RealtimeCoachError of kind "session" or "sdp" when it cannot start.
 */
export async function startRealtimeCoach(options: RealtimeCoachOptions): Promise<RealtimeCoach> {
  const now = options.now ?? Date.now;
  options.onStatus("connecting");
  const session = await mint(options);

  const pc = options.createPeerConnection?.() ?? new RTCPeerConnection();
  let stopped = false;
  let state = INITIAL_COACH_SESSION;
  let turnDetectionTimer: ReturnType<typeof setTimeout> | undefined;
  let openTimer: ReturnType<typeof setTimeout> | undefined;

  const channel = pc.createDataChannel(REALTIME_DATA_CHANNEL);

  function close(): void {
    stopped = true;
    clearTimeout(turnDetectionTimer);
    clearTimeout(openTimer);
    try {
      channel.close();
    } catch {
      // Already closed.
    }
    pc.close();
    options.audioElement.srcObject = null;
  }

  function fail(error: RealtimeCoachError): void {
    if (stopped) return;
    close();
    options.onError(error);
  }

  function apply(effects: CoachEffect[]): void {
    for (const effect of effects) {
      if (stopped) return;
      switch (effect.kind) {
        case "send":
          if (channel.readyState === "open") channel.send(JSON.stringify(effect.event));
          break;
        case "status":
          options.onStatus(effect.status);
          break;
        case "turn":
          options.onTurn(effect.turn);
          break;
        case "schedule-turn-detection":
          turnDetectionTimer = setTimeout(() => dispatch({ type: "turn-detection-due" }), effect.delayMs);
          break;
        case "error":
          options.onError(new RealtimeCoachError("realtime", effect.message));
          break;
      }
    }
  }

  function dispatch(input: CoachInput): void {
    if (stopped) return;
    const step = reduceCoachSession(state, input, now());
    state = step.state;
    apply(step.effects);
  }

  for (const track of options.stream.getAudioTracks()) pc.addTrack(track, options.stream);
  // The coach's voice: a receive-only track even when the microphone has none yet.
  if (options.stream.getAudioTracks().length === 0) pc.addTransceiver("audio", { direction: "recvonly" });
  pc.addEventListener("track", (event: RTCTrackEvent) => {
    // An answer without a=msid gives the track no stream: wrap it in one (where MediaStream exists; not in Node tests).
    const stream = event.streams[0] ?? (typeof MediaStream === "undefined" ? null : new MediaStream([event.track]));
    if (!stream) return;
    options.audioElement.srcObject = stream;
    // Autoplay may refuse before a gesture; the record tap was one, so this normally plays.
    void options.audioElement.play?.()?.catch(() => undefined);
  });
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed") fail(new RealtimeCoachError("connection-lost", REALTIME_TEXTS.connectionLost));
  });

  channel.addEventListener("open", () => {
    clearTimeout(openTimer);
    dispatch({ type: "channel-open" });
  });
  channel.addEventListener("message", (event: MessageEvent) => {
    const parsed = parseServerEvent(event.data);
    if (parsed) dispatch({ type: "server-event", event: parsed });
  });
  channel.addEventListener("close", () => {
    // Our own stop closes it too: only a close we did not ask for is an error.
    if (!stopped) fail(new RealtimeCoachError("connection-lost", REALTIME_TEXTS.connectionLost));
  });

  try {
    await exchangeSdp(pc, session, options.fetchImpl ?? ((...args) => fetch(...args)));
  } catch (error) {
    close();
    throw error;
  }
  if (channel.readyState !== "open") {
    openTimer = setTimeout(() => fail(new RealtimeCoachError("connection-lost", REALTIME_TEXTS.connectionLost)), CHANNEL_OPEN_TIMEOUT_MS);
  }

  return {
    sendGuide(guide) {
      dispatch({ type: "guide", guide: { headline: guide.headline, description: guide.description ?? "" } });
    },
    stop() {
      if (!stopped) close();
    },
  };
}
