import { fakeProviders } from "../fake-providers/client";
import { expect, signIn, test } from "./support/app";
import { ACCOUNT_SERVER } from "./support/urls";

// The live coach's plumbing in a real Chromium, below the UI (the Solo Journal journey is solo.spec.ts): a signed-in page
// mints a client secret through POST /api/realtime/session, then its RTCPeerConnection - the fake microphone out, a data
// channel "oai-events" - posts the SDP offer to the calls URL the server answered, under the page's Content-Security-Policy,
// and the fake realtime peer (werift) answers: the coach's Opus audio arrives and the GA server events follow.

const MINT_FAILED = "Failed to create Realtime API session";

type Outcome = { status: number; mint?: { clientSecret: string; callsUrl: string; model: string }; error?: unknown; events: string[]; audioPackets: number };

test.beforeEach(async () => {
  await fakeProviders.reset();
});

test("a signed-in page mints a secret and talks WebRTC with the voice provider: audio and events arrive", async ({ page, context }) => {
  // The first call loads werift in the fake peer and compiles the route on a cold server: ~25 s on a loaded machine.
  test.setTimeout(60_000);
  await signIn(context, ACCOUNT_SERVER, `user_e2e_realtime_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);

  const outcome = await page.evaluate(async (): Promise<Outcome> => {
    const response = await fetch("/api/realtime/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userLabel: "Ana", guideContext: null }),
    });
    if (!response.ok) return { status: response.status, error: await response.json(), events: [], audioPackets: 0 };
    const mint = (await response.json()) as { clientSecret: string; callsUrl: string; model: string };

    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const pc = new RTCPeerConnection();
    for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
    const channel = pc.createDataChannel("oai-events");
    const events: string[] = [];
    const introOver = new Promise<void>((resolve) => {
      channel.addEventListener("message", (event) => {
        const type = (JSON.parse(event.data as string) as { type: string }).type;
        events.push(type);
        if (type === "output_audio_buffer.stopped") resolve();
      });
    });
    channel.addEventListener("open", () => {
      channel.send(JSON.stringify({ type: "session.update", session: { type: "realtime", audio: { input: { turn_detection: null } } } }));
      channel.send(JSON.stringify({ type: "response.create" }));
    });
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await fetch(mint.callsUrl, {
      method: "POST",
      body: pc.localDescription!.sdp,
      headers: { Authorization: `Bearer ${mint.clientSecret}`, "Content-Type": "application/sdp" },
    });
    if (answer.status !== 201) return { status: answer.status, mint, events, audioPackets: 0 };
    await pc.setRemoteDescription({ type: "answer", sdp: await answer.text() });
    await Promise.race([introOver, new Promise((resolve) => setTimeout(resolve, 12_000))]);
    let audioPackets = 0;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; packetsReceived?: number }) => {
      if (report.type === "inbound-rtp" && report.kind === "audio") audioPackets += report.packetsReceived ?? 0;
    });
    pc.close();
    stream.getTracks().forEach((track) => track.stop());
    return { status: 200, mint, events, audioPackets };
  });

  expect(outcome.status).toBe(200);
  expect(outcome.mint?.clientSecret).toMatch(/^ek_/);
  expect(outcome.mint?.callsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/realtime\/calls$/);
  expect(outcome.events).toEqual(
    expect.arrayContaining(["session.updated", "response.created", "output_audio_buffer.started", "response.output_audio_transcript.done", "response.done"]),
  );
  expect(outcome.events.at(-1)).toBe("output_audio_buffer.stopped");
  // ~3 s of speech at 20 ms a packet.
  expect(outcome.audioPackets).toBeGreaterThan(50);

  const [minted] = await fakeProviders.requests("openai.realtime");
  expect(minted?.auth).toBe("bearer");
  expect(minted?.body).toMatchObject({ session: { type: "realtime", audio: { output: { voice: "sage" } } } });
  const [call] = await fakeProviders.requests("openai.realtime.calls");
  expect(call).toMatchObject({ status: 201, headers: expect.objectContaining({ "content-type": "application/sdp" }) });
  const calls = await fakeProviders.realtimeCalls();
  expect(calls[0]?.clientEvents.slice(0, 2)).toEqual(["session.update", "response.create"]);
  expect(calls[0]?.micPackets).toBeGreaterThan(0);
});

test("a provider that refuses the session is a clear error, and a guest is asked to sign in", async ({ page, context }) => {
  await fakeProviders.queue("openai.realtime", { status: 500 });
  await signIn(context, ACCOUNT_SERVER, `user_e2e_realtime_refused_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  const post = () =>
    page.evaluate(async () => {
      const response = await fetch("/api/realtime/session", { method: "POST", headers: { "content-type": "application/json" }, body: '{"userLabel":"Ana"}' });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
  const refused = await post();
  expect(refused.status).toBe(502);
  expect(refused.body.error).toBe(MINT_FAILED);

  await context.clearCookies();
  const guest = await page.request.post(`${ACCOUNT_SERVER.url}/api/public/realtime/session`, { data: { userLabel: "Ana" } });
  expect(guest.status()).toBe(401);
});
