/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import dgram from "node:dgram";
import { MediaStream, MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from "werift";

import { startRealtimeCoach, type RealtimeCoach } from "@/lib/client/realtime/realtime-coach";
import type { CoachTurn } from "@/lib/domain/solo/coach-session";
import { REALTIME_TEXTS, type RealtimeCoachError } from "@/lib/domain/solo/realtime-texts";
import { freePort } from "@/scripts/lib/servers.mjs";

// The browser client (lib/client/realtime) against the fake realtime peer (tests/fake-providers/realtime.mjs) over real
// WebRTC on loopback, with werift standing in for the browser's RTCPeerConnection: the SDP exchange, the intro's audio and
// events, turn detection switched on after it, a user turn from microphone audio, a guide queued while the coach speaks,
// and a dropped connection. The browser test does the same with Chromium; this one runs in a few seconds without a build.

let BASE = "";
let server: ChildProcess;

beforeAll(async () => {
  // A port the OS says is free (a random one once collided, and the server's exit went unseen).
  const port = await freePort();
  BASE = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["tests/fake-providers/server.mjs", "--port", String(port)], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  server.stderr?.on("data", (chunk) => (stderr = (stderr + chunk).slice(-2_000)));
  for (let attempt = 0; attempt < 100; attempt++) {
    if (server.exitCode !== null) throw new Error(`fake provider server exited (${server.exitCode}): ${stderr}`);
    const up = await fetch(`${BASE}/__control/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fake provider server did not start: ${stderr}`);
});
// Every peer connection the client made, closed and awaited at the end: werift's sockets and timers keep Node alive.
const peers: RTCPeerConnection[] = [];
const createPeerConnection = () => {
  const pc = new RTCPeerConnection({});
  peers.push(pc);
  return pc as unknown as globalThis.RTCPeerConnection;
};

afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close()));
  // werift 0.25 leaves the ICE sockets of a connection it closed open (seen with the dropped call), which would keep Jest
  // from exiting: close what is left of them. Only UDP sockets: this file opens no others.
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  for (const handle of handles) if (handle instanceof dgram.Socket) handle.close();
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

// The client wraps a track without a stream in a MediaStream, as browsers let it: werift's stands in for Node.
beforeAll(() => {
  (globalThis as { MediaStream?: unknown }).MediaStream ??= MediaStream;
});

/** A microphone that sends Opus silence frames every 20 ms once started. */
function microphone() {
  const track = new MediaStreamTrack({ kind: "audio" });
  let sequenceNumber = 1;
  let timestamp = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    stream: new MediaStream([track]),
    speak() {
      timer = setInterval(() => {
        track.writeRtp(
          new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber: sequenceNumber++, timestamp: (timestamp += 960) }), Buffer.from([0xf8, 0xff, 0xfe])),
        );
      }, 20);
    },
    stop() {
      clearInterval(timer);
      track.stop();
    },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type FakeCall = { clientEvents: string[]; guides: string[]; turnDetection: boolean; userTurns: number; micPackets: number };
const fakeCalls = async () => ((await (await fetch(`${BASE}/__control/realtime/calls`)).json()) as { calls: FakeCall[] }).calls;

it("talks with the fake peer: intro, turn detection, a user turn, a queued guide, then a dropped connection", async () => {
  await fetch(`${BASE}/__control/reset`, { method: "POST" });
  const mic = microphone();
  const statuses: string[] = [];
  const turns: CoachTurn[] = [];
  const errors: RealtimeCoachError[] = [];
  const audioElement = { srcObject: null as unknown, play: async () => undefined };
  let coach: RealtimeCoach | undefined;
  try {
    coach = await startRealtimeCoach({
      userLabel: "Ana",
      guideContext: null,
      stream: mic.stream as unknown as globalThis.MediaStream,
      audioElement: audioElement as unknown as HTMLAudioElement,
      onStatus: (status) => statuses.push(status),
      onTurn: (turn) => turns.push(turn),
      onError: (error) => errors.push(error),
      mintSession: async () => ({ clientSecret: "ek_test_interop", expiresAt: 0, callsUrl: `${BASE}/v1/realtime/calls`, model: "gpt-realtime" }),
      createPeerConnection,
    });

    // The intro: spoken with turn detection off, then switched on (intro ≥ 3 s).
    await until(() => turns.some((turn) => turn.role === "assistant"), "the intro's transcript");
    expect(audioElement.srcObject).not.toBeNull();
    await until(() => statuses.at(-1) === "listening", "the end of the intro");
    expect(statuses.slice(0, 4)).toEqual(["connecting", "thinking", "speaking", "listening"]);
    let call: FakeCall | undefined;
    const refresh = async () => {
      call = (await fakeCalls())[0];
      return call;
    };
    for (let attempt = 0; attempt < 60 && !(await refresh())?.turnDetection; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(call?.clientEvents.slice(0, 3)).toEqual(["session.update", "response.create", "session.update"]);

    // A user turn from the microphone, and the coach's answer.
    mic.speak();
    await until(() => turns.some((turn) => turn.role === "user"), "the user's turn");
    expect(turns.find((turn) => turn.role === "user")?.text).toBe("I wish we planned more time together.");
    await until(() => statuses.at(-1) === "speaking", "the coach answering");

    // A guide while the coach speaks waits, then the coach takes it up.
    coach.sendGuide({ headline: "Weekend plans", description: "Saturday together." });
    expect((await refresh())?.guides).toEqual([]);
    await until(() => turns.some((turn) => turn.text.includes("Weekend plans")), "the guide's answer", 20_000);
    expect((await refresh())?.guides).toEqual(["Weekend plans"]);

    // The connection drops: "Connection lost - please reconnect".
    expect(errors).toEqual([]);
    await fetch(`${BASE}/__control/realtime/drop`, { method: "POST" });
    await until(() => errors.length > 0, "the lost connection");
    expect(errors.map((error) => [error.kind, error.message])).toEqual([["connection-lost", REALTIME_TEXTS.connectionLost]]);
  } finally {
    coach?.stop();
    mic.stop();
  }
}, 60_000);

it("an SDP exchange the provider refuses is 'Failed to exchange SDP with the voice provider'", async () => {
  await fetch(`${BASE}/__control/queue`, { method: "POST", body: JSON.stringify({ route: "openai.realtime.calls", responses: [{ status: 500 }] }) });
  const mic = microphone();
  try {
    const outcome = await startRealtimeCoach({
      userLabel: "Ana",
      guideContext: null,
      stream: mic.stream as unknown as globalThis.MediaStream,
      audioElement: { srcObject: null } as unknown as HTMLAudioElement,
      onStatus: () => undefined,
      onTurn: () => undefined,
      onError: () => undefined,
      mintSession: async () => ({ clientSecret: "ek_test_interop", expiresAt: 0, callsUrl: `${BASE}/v1/realtime/calls`, model: "gpt-realtime" }),
      createPeerConnection,
    }).catch((error: unknown) => error);
    expect(outcome).toMatchObject({ kind: "sdp", message: REALTIME_TEXTS.sdpExchangeFailed });
  } finally {
    mic.stop();
  }
});
