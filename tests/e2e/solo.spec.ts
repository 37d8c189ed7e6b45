import { type BrowserContext, type Page, type Request, type TestInfo } from "@playwright/test";

import { REALTIME_TEXTS } from "../../lib/domain/solo/realtime-texts";
import { diarizedTranscript, fakeProviders, geminiOverloaded, openAiError } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { checkScreen, expect, signIn, test, visitSignedOut } from "./support/app";
import { hangFirstMicrophoneRequest, jumpCountdown, microphoneRequests } from "./support/recorder";
import { ACCOUNT_SERVER } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// Solo Journal (issue 10): the mode switch, "Journal Readiness", the solo recording screen, the Conversation Guides
// overlay, Stop through the solo transcription and analysis to the deck, the history; the journal without a live coach
// (a guest's, kept in this browser) and "Nothing to analyze".
test.describe.configure({ mode: "serial" });

const analysis = {
  cards: [
    {
      dimension: "Curiosity",
      insight: "You wondered aloud why the week felt rushed.",
      tips: ["Ask yourself one open question each evening."],
      color: "deep-teal",
      icon: "search",
      evidence: ["We never get time for us"],
    },
    {
      dimension: "Emotional",
      insight: "You named what you miss.",
      tips: ["Write down one moment you enjoyed today."],
      color: "sunflower",
      icon: "heart",
      evidence: ["just listen"],
    },
  ],
  coachResponse: "You reflected on **making time**.",
  briefSummary: "Making time for what matters",
  recommendations: ["Plan one slow evening"],
  encouragement: "You are listening to yourself.",
};

test.beforeEach(async () => {
  // Journeys through a countdown, a recording, transcription and analysis, with full-page screenshots on the way.
  test.setTimeout(90_000);
  await fakeProviders.reset();
  await fakeProviders.queue("gemini.generate", { body: analysis });
});

/** Solo Journal → Journal Readiness → Start (3-2-1, choices off) → Continue: the solo recording screen. */
async function startJournal(page: Page, testInfo?: TestInfo, duringCountdown?: () => Promise<void>) {
  await page.getByRole("radio", { name: "Solo Journal" }).click();
  await expect(page.getByRole("heading", { name: "Solo Journal", level: 2 })).toBeVisible();
  await page.getByRole("button", { name: "Start recording" }).click();
  const readiness = page.getByRole("dialog", { name: "Journal Readiness" });
  await expect(readiness).toBeVisible();
  await expect(readiness.getByRole("button", { name: "Skip" })).toBeEnabled();
  if (testInfo) await checkScreen(page, "solo-journal-readiness", testInfo);
  await readiness.getByRole("button", { name: "Start" }).click();
  await expect(readiness.getByTestId("readiness-countdown")).toHaveText(/^[1-3]$/);
  await expect(readiness.getByRole("button", { name: "Continue" })).toBeDisabled();
  // The coach starts with the countdown: what it says then is checked here, before a toast's 5 s are over (by text: the
  // readiness card is an aria-modal dialog, so role queries do not see the toast behind it).
  await duringCountdown?.();
  await jumpCountdown(page, readiness);
  await expect(readiness.getByText("Recording...")).toBeVisible({ timeout: 6_000 });
  await readiness.getByRole("button", { name: "Continue" }).click();
  await expect(readiness).toBeHidden();
  await expect(page.getByRole("button", { name: "Stop recording" })).toBeVisible();
}

function analyzeRequest(page: Page): Promise<Request> {
  return page.waitForRequest((request) => request.url().endsWith("/api/analyze") && request.method() === "POST");
}

test("signed in: Solo Journal with a guide picked while talking, analysed in solo mode, then in the history", async ({ page, context, request }, testInfo) => {
  const userId = `user_e2e_solo_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await checkScreen(page, "solo-home-relationship", testInfo);
  await startJournal(page, testInfo);
  await expect(page.getByRole("timer")).not.toHaveText("00:00", { timeout: 3_000 });
  await checkScreen(page, "solo-recording", testInfo);

  // The guides while talking: the badge, Previous wrapping to the last card, Next back round, and a pick.
  await page.getByRole("button", { name: "Conversation Guides" }).click();
  const guides = page.getByRole("dialog", { name: "Conversation Guides" });
  await expect(guides.getByText("Recording in progress")).toBeVisible();
  await expect(guides.getByRole("group", { name: "Two Peas in a Pod" })).toBeVisible();
  await guides.getByRole("button", { name: "Previous" }).click();
  await expect(guides.getByRole("group", { name: "Come Rain or Shine" })).toBeVisible();
  await guides.getByRole("button", { name: "Next" }).click();
  await guides.getByRole("button", { name: "Next" }).click();
  await expect(guides.getByRole("group", { name: "Elephant in the Room" })).toBeVisible();
  await checkScreen(page, "solo-guides", testInfo);
  await guides.getByRole("button", { name: "Talk about this" }).click();
  await expect(guides).toBeHidden();
  await expect(page.getByText("Topic: Elephant in the Room")).toBeVisible();

  const analyzed = analyzeRequest(page);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByText("Wrapping up your session...")).toBeVisible();
  const body = (await analyzed).postDataJSON();
  expect(body).toMatchObject({ mode: "solo", conversationGuideHeadline: "Elephant in the Room" });
  const lines: string[] = body.transcript.split("\n");
  const names = new Set(lines.map((line) => line.split(":")[0]));
  expect(names.size).toBe(1);
  expect(lines.length).toBeGreaterThan(1);

  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("listitem").getByText("Session complete. Review your insights.", { exact: true })).toBeVisible();
  await checkScreen(page, "solo-deck", testInfo);

  const token = await mintSessionToken(userId);
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers })).json();
  expect(list.sessions).toHaveLength(1);
  const session = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions/${list.sessions[0].id}`, { headers })).json();
  expect(session).toMatchObject({ mode: "solo", conversationGuideHeadline: "Elephant in the Room" });
  expect(session.transcript).toContain("time for us");

  // The journal's audio reached the transcription provider once, and was answered (one voice is made of it on the
  // server, whatever speakers the provider heard: the single name in the analysed transcript above).
  const uploads = await fakeProviders.requests("openai.transcriptions");
  expect(uploads.map((upload) => upload.status)).toEqual([200]);

  await page.reload();
  const history = page.getByRole("region", { name: "Session History" });
  await expect(history.getByText("Making time for what matters")).toBeVisible({ timeout: 15_000 });
});

test("guest: the journal without the live coach, told why, analysed and kept in this browser", async ({ page, context }, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await page.getByRole("radio", { name: "Solo Journal" }).click();
  await expect(page.getByText(/The live voice coach is for signed-in users/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in for the live coach" })).toHaveAttribute("href", "/sign-in");
  await checkScreen(page, "solo-guest", testInfo);
  await startJournal(page);
  await expect(page.getByTestId("coach-status")).toHaveText("Recording your journal");
  await page.waitForTimeout(2_000);
  const analyzed = analyzeRequest(page);
  await page.getByRole("button", { name: "Stop recording" }).click();
  const body = (await analyzed).postDataJSON();
  expect(body.mode).toBe("solo");
  expect(body.transcript.split("\n").every((line: string) => line.startsWith("You: "))).toBe(true);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ mode: "solo" });
});

test("Stop with nothing said: 'Nothing to analyze', no analysis", async ({ page, context }) => {
  await fakeProviders.queue("openai.transcriptions", { body: diarizedTranscript([]) });
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByRole("listitem").getByText("Nothing to analyze", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("listitem").getByText("Try speaking for a little longer so the coach has context.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
  expect(await fakeProviders.requests("gemini.generate")).toHaveLength(0);
});

test("Cancel ends the session without analysis; Relationship mode's guides are conversation starters", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page);
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("listitem").getByText("Session cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();

  await page.getByRole("radio", { name: "Relationship" }).click();
  await expect(page.getByRole("heading", { name: "Relationship Session" })).toBeVisible();
  await page.getByRole("button", { name: "Conversation Guides" }).click();
  const guides = page.getByRole("dialog", { name: "Conversation Guides" });
  await expect(guides.getByText("Conversation starters: read a prompt aloud and take turns answering.")).toBeVisible();
  await expect(guides.getByRole("button", { name: "Talk about this" })).toHaveCount(0);
  await expect(guides.getByText("Recording in progress")).toHaveCount(0);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
});

// ---------- The live voice coach, against the fake realtime peer (tests/fake-providers/realtime.mjs) ----------

type FakeCall = { guides: string[]; clientEvents: string[]; closed: boolean; micPackets: number };

async function realtimeCalls(): Promise<FakeCall[]> {
  const response = await fetch(`${fakeProviders.baseUrl}/__control/realtime/calls`);
  return ((await response.json()) as { calls: FakeCall[] }).calls;
}

async function openLiveTranscript(page: Page) {
  const toggle = page.getByRole("button", { name: /^Live Transcript \(\d+ turns\)$/ });
  await expect(toggle).toBeVisible({ timeout: 20_000 });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return page.locator("#live-transcript");
}

/** A new account starts a journal, and the live coach has said its intro: the open live transcript. */
async function startJournalWithCoach(page: Page, context: BrowserContext, userId: string) {
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page);
  const transcript = await openLiveTranscript(page);
  await expect(transcript.getByText("Hi, I'm your coach. What is on your mind today?")).toBeVisible({ timeout: 20_000 });
  return transcript;
}

test("signed in, live coach: the intro, a turn, a guide queued while the coach speaks, then Stop to the deck", async ({ page, context }, testInfo) => {
  const transcript = await startJournalWithCoach(page, context, `user_e2e_solo_live_${Date.now()}`);
  const status = page.getByTestId("coach-status");
  // The fake hears the microphone once turn detection is on, and answers the turn (a second turn may follow).
  await expect(transcript.getByText("I wish we planned more time together.").first()).toBeVisible({ timeout: 20_000 });

  // While the coach answers, a guide is picked: the client holds it until the answer is done, then the coach takes it up.
  // (Checked at once: the fake answers two turns at most, and a slow screen check in between could outlast both.)
  await expect(status).toHaveText("Your coach is speaking...", { timeout: 20_000 });
  await page.getByRole("button", { name: "Conversation Guides" }).click();
  await page.getByRole("dialog", { name: "Conversation Guides" }).getByRole("button", { name: "Talk about this" }).click();
  await expect(transcript.getByText("Let's talk about Two Peas in a Pod. What comes to mind first?")).toBeVisible({ timeout: 20_000 });
  await checkScreen(page, "solo-live-transcript", testInfo);
  const [call] = await realtimeCalls();
  expect(call?.guides).toEqual(["Two Peas in a Pod"]);

  const analyzed = analyzeRequest(page);
  await page.getByRole("button", { name: "Stop recording" }).click();
  expect((await analyzed).postDataJSON()).toMatchObject({ mode: "solo", conversationGuideHeadline: "Two Peas in a Pod" });
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  // An intentional stop shows nothing.
  await expect(page.getByText("Connection lost - please reconnect")).toHaveCount(0);
  await expect.poll(async () => (await realtimeCalls())[0]?.closed).toBe(true);
});

/** The toast for a coach that never connected, with the step that failed (by text: see startJournal). */
async function expectCouldNotStart(page: Page, failedStep: string) {
  await expect(page.getByText("Could not start session", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(failedStep, { exact: true })).toBeVisible();
}

test("signed in: minting refused - 'Could not start session', and the journal is still analysed", async ({ page, context }) => {
  await fakeProviders.queue("openai.realtime", { status: 500 });
  await signIn(context, ACCOUNT_SERVER, `user_e2e_solo_mint_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page, undefined, () => expectCouldNotStart(page, "Failed to create Realtime API session"));
  await expect(page.getByTestId("coach-status")).toHaveText("Recording your journal");
  await page.waitForTimeout(1_500);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
});

test("signed in: the SDP exchange fails - 'Could not start session'", async ({ page, context }) => {
  await fakeProviders.queue("openai.realtime.calls" as Parameters<typeof fakeProviders.queue>[0], { status: 500 });
  await signIn(context, ACCOUNT_SERVER, `user_e2e_solo_sdp_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page, undefined, () => expectCouldNotStart(page, "Failed to exchange SDP with the voice provider"));
  await expect(page.getByTestId("coach-status")).toHaveText("Recording your journal");
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("listitem").getByText("Session cancelled", { exact: true })).toBeVisible();
});

test("signed in: the coach's microphone request never answers - after 30 s 'Could not start session', and the journal goes on", async ({ page, context }) => {
  // The coach asks first, as the countdown starts; the journal's recorder asks at its end and gets the fake microphone.
  await hangFirstMicrophoneRequest(page);
  await signIn(context, ACCOUNT_SERVER, `user_e2e_solo_mic_${Date.now()}`);
  // The page's clock jumps the 30 s wait rather than sitting through it (support/app.ts).
  await page.goto(ACCOUNT_SERVER.url);
  // The countdown is jumped only once the coach has asked: jumped at once, the journal's recorder asked first (and got
  // the request that never answers).
  await startJournal(page, undefined, () => expect.poll(() => microphoneRequests(page)).toBeGreaterThan(0));
  const status = page.getByTestId("coach-status");
  await expect(status).toHaveText("Connecting to your coach...");
  await page.clock.fastForward(30_500);
  await expect(page.getByText("Could not start session", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(status).toHaveText("Recording your journal");
  expect(await realtimeCalls()).toHaveLength(0);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
});

test("signed in: the connection drops midway - the recording is kept, a failed upload waits, and the retry works", async ({ page, context }) => {
  await fakeProviders.reset();
  await startJournalWithCoach(page, context, `user_e2e_solo_drop_${Date.now()}`);

  await fetch(`${fakeProviders.baseUrl}/__control/realtime/drop`, { method: "POST" });
  const dropped = page.getByRole("listitem").filter({ hasText: "Voice Coach Error" });
  await expect(dropped.getByText("Connection lost - please reconnect", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("coach-status")).toHaveText("Recording your journal");
  await expect(page.getByRole("button", { name: "Stop recording" })).toBeVisible();

  // The upload fails too (no connection wording, the server keeps the recording): the retry modal, then Retry Now.
  await fakeProviders.queue("openai.transcriptions", {
    status: 500,
    body: { error: { message: "Internal error", type: "server_error", param: null, code: null } },
  });
  await fakeProviders.queue("gemini.generate", { status: 500, body: { error: { code: 500, message: "Internal", status: "INTERNAL" } } }, { body: analysis });
  await page.getByRole("button", { name: "Stop recording" }).click();
  const dialog = page.getByRole("dialog", { name: "Transcription Failed" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Retry Now" }).click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 30_000 });
});

for (const { event, control, said } of [
  { event: "an error event", control: "realtime/error", said: "Your session hit the maximum duration of 60 minutes." },
  // Without words of its own, the spec's generic text.
  { event: "an error event without a message", control: "realtime/error-without-message", said: REALTIME_TEXTS.genericRealtimeError },
]) {
  test(`signed in: the voice provider sends ${event} - 'Voice Coach Error' says '${said}', the coach ends, the journal goes on`, async ({ page, context }) => {
    await startJournalWithCoach(page, context, `user_e2e_solo_error_${Date.now()}`);

    await fetch(`${fakeProviders.baseUrl}/__control/${control}`, { method: "POST" });
    const toast = page.getByRole("listitem").filter({ hasText: "Voice Coach Error" });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast.getByText(said, { exact: true })).toBeVisible();
    await expect(page.getByTestId("coach-status")).toHaveText("Recording your journal");
    // The app hangs up on the coach (a paid connection) and the recording carries on.
    await expect.poll(async () => (await realtimeCalls()).every((call) => call.closed), { timeout: 10_000 }).toBe(true);
    const timer = page.getByRole("timer");
    const shown = await timer.textContent();
    await expect(timer).not.toHaveText(shown ?? "", { timeout: 3_000 });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
  });
}

test("guest: an outage keeps the journal in the history, and 'Tap to retry' analyses it as a journal from Relationship mode", async ({ page, context }) => {
  await fakeProviders.reset();
  await fakeProviders.queue("openai.transcriptions", ...Array.from({ length: 3 }, () => openAiError(503, "Service Unavailable")));
  await fakeProviders.queue("gemini.generate", ...Array.from({ length: 3 }, () => geminiOverloaded()));
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page);
  await page.waitForTimeout(1_500);
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByRole("dialog", { name: "Connection Error" })).toBeVisible({ timeout: 20_000 });
  const history = page.getByRole("region", { name: "Session History" });
  const retry = history.getByRole("button", { name: /Tap to retry/ });
  await expect(retry).toBeVisible({ timeout: 10_000 });

  // Back in Relationship mode, the journal is still retried as a journal: no naming step, the solo analysis.
  await expect(page.getByRole("dialog", { name: "Connection Error" })).toBeHidden({ timeout: 6_000 });
  await page.getByRole("radio", { name: "Relationship" }).click();
  await fakeProviders.queue("gemini.generate", { body: analysis });
  const analyzed = analyzeRequest(page);
  await retry.click();
  expect((await analyzed).postDataJSON()).toMatchObject({ mode: "solo" });
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("dialog", { name: "Identify Speakers" })).toHaveCount(0);
});

test("guest: switching to Relationship mid-journal stops it unsent, 'Recording Saved Locally', and its retry is a journal", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await startJournal(page);
  await page.waitForTimeout(1_500);
  await page.getByRole("radio", { name: "Relationship" }).click();
  await expect(page.getByText("Recording Saved Locally", { exact: true })).toBeVisible();
  await expect(page.getByText("You can retry transcribing it from the session history later.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Relationship Session" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);

  // Nothing was lost: the history offers it, and it is transcribed and analysed as the journal it was.
  const retry = page.getByRole("region", { name: "Session History" }).getByRole("button", { name: /Tap to retry/ });
  await expect(retry).toBeVisible({ timeout: 10_000 });
  const analyzed = analyzeRequest(page);
  await retry.click();
  expect((await analyzed).postDataJSON()).toMatchObject({ mode: "solo" });
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("dialog", { name: "Identify Speakers" })).toHaveCount(0);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
});
