import type { Page, Request, Route } from "@playwright/test";

import { FAILURE_TEXTS, FLOW_LOAD_TEXTS, RECORDING_TEXTS, TRANSCRIPTION_ERRORS } from "../../components/recording/texts";
import { SPEAKER_TEXTS } from "../../components/speakers/texts";
import { AUDIO_STORAGE_MESSAGES } from "../../lib/client/recordings/audio-store";
import { RECORDER_MESSAGES } from "../../lib/client/recordings/recorder";
import { diarizedTranscript, fakeProviders, geminiOverloaded, openAiError } from "../fake-providers/client";
import { checkScreen, expect, PHONE_SIZES, signIn, test, visitSignedOut } from "./support/app";
import { hangFirstMicrophoneRequest, jumpCountdown, RecorderPage } from "./support/recorder";
import { analysis } from "./support/results";
import { ACCOUNT_SERVER, GUEST_SERVER } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// Relationship mode from the fake microphone (tests/fixtures/two-voices.wav) to named speakers (issue 3).
test.describe.configure({ mode: "serial" });
test.beforeEach(async () => {
  await fakeProviders.reset();
});

const outage = async () => {
  await fakeProviders.queue("openai.transcriptions", ...Array.from({ length: 3 }, () => openAiError(503, "Service Unavailable")));
  await fakeProviders.queue("gemini.generate", ...Array.from({ length: 3 }, () => geminiOverloaded()));
};

test("a two-voice recording goes through readiness, recording, transcription and naming", { tag: PHONE_SIZES }, async ({ page, context }, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);

  await recorder.startRecording();
  await expect(recorder.timer).not.toHaveText("00:00", { timeout: 3_000 });
  await checkScreen(page, "recording", testInfo);
  await page.waitForTimeout(2_500);
  await recorder.stopButton.click();

  await expect(recorder.identify).toBeVisible({ timeout: 15_000 });
  await expect(recorder.identify.getByText("Who said this?")).toBeVisible();
  await expect(recorder.identify.getByText("0 of 2 speakers identified")).toBeVisible();
  await expect(recorder.identify.getByRole("button", { name: "Next Speaker (1 remaining)" })).toBeVisible();
  await checkScreen(page, "identify-speakers", testInfo);
  await recorder.nameSpeakers(["Ana", "Ben"]);

  const [upload] = await fakeProviders.requests("openai.transcriptions");
  expect(upload?.model).toBe("gpt-4o-transcribe-diarize");
  // The server confirmed the transcript: the browser keeps no audio.
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

const slowScripts = async (page: Page) =>
  page.route("**/_next/static/chunks/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.continue();
  });

test("on a slow connection, the record button answers at once and the microphone opens when the code has come", async ({ page, context }, testInfo) => {
  test.setTimeout(60_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // The first screen has loaded; the session flow's actions have not (they load with the first gesture). From here on
  // every script arrives 10 s late, as on a poor mobile connection.
  await page.waitForLoadState("networkidle");
  await slowScripts(page);

  await recorder.startButton.click();
  // The readiness card does not wait for the download (10 s): its countdown is the download's time.
  await expect(recorder.readiness).toBeVisible({ timeout: 3_000 });
  await expect(recorder.readiness.getByTestId("readiness-countdown")).toHaveText(/^[1-3]$/);
  // At 0 the code is still on its way: the card says what is happening instead of claiming a recording.
  await expect(recorder.readiness.getByText("Starting the microphone…")).toBeVisible({ timeout: 6_000 });
  await expect(recorder.readiness.getByText("Recording...")).toHaveCount(0);
  await checkScreen(page, "readiness-starting-microphone", testInfo);
  await expect(recorder.readiness.getByText("Recording...")).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: "Yes, ready" }).click();
  await expect(page.getByText("Recording in progress...")).toBeVisible();
  await page.waitForTimeout(500);
  await recorder.stopButton.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("on a slow connection, 'Processing speaker information...' shows until the naming screen has loaded", async ({ page, context }) => {
  test.setTimeout(60_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // A key pressed on the page loads the session flow's actions; once they are here, every script arrives 10 s late.
  await page.waitForLoadState("networkidle");
  const downloads: Promise<unknown>[] = [];
  // A chunk still on its way when the test ends (one the slowed scripts hold) must not fail it: "Test ended".
  const onRequest = (request: Request) => {
    if (request.url().includes("/_next/static/chunks/"))
      downloads.push(
        request.response().then(
          (response) => response?.finished(),
          () => undefined,
        ),
      );
  };
  page.on("request", onRequest);
  await page.keyboard.press("Shift");
  await expect.poll(() => downloads.length).toBeGreaterThan(0);
  await Promise.all(downloads);
  page.off("request", onRequest);
  await slowScripts(page);
  await recorder.recordFor(500);
  const pending = page.getByRole("dialog", { name: "Processing speaker information..." });
  await expect(pending).toBeVisible({ timeout: 15_000 });
  await expect(pending.getByRole("status")).toBeVisible();
  await expect(recorder.identify).toBeVisible({ timeout: 20_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(pending).toBeHidden();
});

test("offline before the first tap: the recording's code cannot come - 'Could not start', nothing recorded, and the next tap works", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await page.waitForLoadState("networkidle");
  await page.route("**/_next/static/chunks/**", (route) => route.abort("internetdisconnected"));

  await recorder.startButton.click();
  // Offline, the toast viewport's own code cannot come either: the message shows in its plain stand-in (a status).
  const toast = page.getByRole("status").filter({ hasText: FLOW_LOAD_TEXTS.title });
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast.getByText(FLOW_LOAD_TEXTS.body, { exact: true })).toBeVisible();
  await expect(recorder.readiness).toBeHidden();
  await expect(recorder.startButton).toBeVisible();
  expect(await recorder.storedChunkCounts()).toEqual({});

  // Back online: the same button records.
  await page.unroute("**/_next/static/chunks/**");
  await recorder.startButton.click();
  await jumpCountdown(page, recorder.readiness);
  await expect(recorder.readiness.getByText("Recording...")).toBeVisible({ timeout: 10_000 });
  await page.getByRole("button", { name: "Yes, ready" }).click();
  await expect(page.getByText("Recording in progress...")).toBeVisible();
  await expect.poll(async () => Object.values(await recorder.storedChunkCounts())[0] ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
});

test("not ready: the recording stops and 'Let's try later' shows", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startButton.click();
  await jumpCountdown(page, recorder.readiness);
  await expect(recorder.readiness.getByText("Recording...")).toBeVisible({ timeout: 6_000 });
  await page.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByText("Let's try later")).toBeVisible();
  await expect(recorder.startButton).toBeVisible();
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
});

test("a provider outage keeps the recording on the device, and retrying later succeeds", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await outage();

  await recorder.recordFor(2_000);
  const dialog = page.getByRole("dialog", { name: "Connection Error" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Connection error: Your recording is saved locally")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6_000 }); // home after 3 s

  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  const chunks = Object.values(await recorder.storedChunkCounts());
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toBeGreaterThan(0);

  // One thing at a time: while a new recording runs, the failed item waits and says so.
  await recorder.startRecording();
  await expect(recorder.retryButtons).toBeDisabled();
  await expect(recorder.history.getByText("You can retry once the current recording is done.")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(recorder.retryButtons).toBeEnabled();

  // Later, with the provider back: one tap retries.
  await page.reload();
  await recorder.retryButtons.click();
  await expect(page.getByText("Transcription Successful", { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(recorder.retryButtons).toHaveCount(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a kept recording whose audio the browser has lost: its retry says 'Error', 'Could not load the recording', and nothing is sent", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await outage();
  await recorder.recordFor(2_000);
  await expect(page.getByRole("dialog", { name: "Connection Error" })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible({ timeout: 10_000 });
  const sent = (await fakeProviders.requests("openai.transcriptions")).length;

  await recorder.deleteStoredChunks();
  await page.reload();
  await recorder.retryButtons.click();
  await expect(page.getByText(FAILURE_TEXTS.couldNotLoadRecording, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(FAILURE_TEXTS.errorTitle, { exact: true })).toBeVisible();
  await expect(recorder.identify).toBeHidden();
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(sent);
  // The item stays listed (deleting it is the user's choice), and the recorder is free.
  await expect(recorder.retryButtons).toHaveCount(1);
  await expect(recorder.startButton).toBeEnabled();
});

test("signed in: an outage keeps the recording on the server too, and Retry Now transcribes it there", async ({ page, context }) => {
  await signIn(context, ACCOUNT_SERVER, "user_e2e_recorder");
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // Transcription fails with a failed-session id but no connection wording: the retry modal.
  await fakeProviders.queue("openai.transcriptions", ...Array.from({ length: 1 }, () => openAiError(500, "Internal error")));
  await fakeProviders.queue("gemini.generate", { status: 500, body: { error: { code: 500, message: "Internal", status: "INTERNAL" } } });

  await recorder.recordFor(2_000);
  const dialog = page.getByRole("dialog", { name: "Transcription Failed" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("There was a problem with the transcription. You can retry or save the recording for later.")).toBeVisible();
  await dialog.getByRole("button", { name: "Retry Now" }).click();
  await expect(page.getByText("Transcription Successful", { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  // The server's copy was used: two transcription calls reached the provider, the second from the retry endpoint.
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(2);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a reload during recording loses at most the last chunk, and the recording can be transcribed", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startRecording();
  await page.waitForTimeout(3_000);
  const before = Object.values(await recorder.storedChunkCounts())[0] ?? 0;
  expect(before).toBeGreaterThanOrEqual(4); // 500 ms chunks
  const countedAt = Date.now();

  await page.reload();
  const reloadedAt = Date.now();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  const after = Object.values(await recorder.storedChunkCounts())[0] ?? 0;
  expect(after).toBeGreaterThanOrEqual(before);
  // The recording went on until the page unloaded: one 500 ms chunk per half second since the count, and the last one
  // the unload cut short; anything beyond that would be chunks stored twice.
  expect(after).toBeLessThanOrEqual(before + Math.ceil((reloadedAt - countedAt) / 500) + 1);

  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
});

test("leaving home by a link mid-recording closes the microphone and keeps the recording: back home it is listed, and its retry completes", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startRecording();
  await expect.poll(async () => Object.values(await recorder.storedChunkCounts())[0] ?? 0).toBeGreaterThanOrEqual(3);

  // The footer's link is a navigation inside the app: the page's scripts live on, and so did the recorder.
  await page.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  // The chunks already on their way when the page left may still land (on a busy machine, more than one); then the count
  // stops. A microphone still open adds one every half second, so it never settles, and never stays.
  const storedChunks = async () => Object.values(await recorder.storedChunkCounts())[0] ?? 0;
  let settled = -1;
  await expect
    .poll(
      async () => {
        const before = settled;
        settled = await storedChunks();
        return settled === before;
      },
      { intervals: [1_000], timeout: 10_000 },
    )
    .toBe(true);
  await page.waitForTimeout(1_500); // three chunks' time
  expect(await storedChunks()).toBe(settled);

  await page.getByRole("link", { name: "Back to App" }).click();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
});

test("a reload while naming or while the analysis runs keeps the recording: it is listed to retry, and the retry completes", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);

  // Transcribed, not yet named: the transcript is only in the tab's memory, so the audio is still on the device.
  await recorder.recordFor(1_500);
  await expect(recorder.identify).toBeVisible({ timeout: 15_000 });
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);
  await page.reload();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  await expect(recorder.retryButtons).toHaveCount(1);

  // Retried, named, and the analysis never answers: the phone discards the tab meanwhile (closed, no script runs after).
  await page.route("**/api/analyze", () => undefined);
  const analysing = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/analyze");
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await analysing;
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);
  await page.close({ runBeforeUnload: false });

  // Opened again: still kept, still listed, and the retry completes.
  const reopened = await context.newPage();
  await reopened.goto(ACCOUNT_SERVER.url);
  const again = new RecorderPage(reopened);
  await expect(again.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  await expect(again.retryButtons).toHaveCount(1);
  await again.retryButtons.click();
  await again.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => again.storedChunkCounts()).toEqual({});
  await expect(again.retryButtons).toHaveCount(0);
});

test("signed in: a tab closed while the analysis runs, which the server finishes: the session is listed once, and nothing is left to retry or pay for again", async ({
  page,
  context,
}) => {
  await signIn(context, ACCOUNT_SERVER, `user_e2e_closed_analysing_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);

  // The analysis reaches the server, which stores the session; its answer never reaches the tab, which the phone discards.
  // (Closing the page then lets the held request go on to the server too: the same analysis sent twice, as a network can.)
  await fakeProviders.queue("gemini.generate", { body: analysis });
  let analysed: Promise<number> | null = null;
  await page.route("**/api/analyze", (route) => {
    analysed = route.fetch().then((response) => response.status());
  });
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => analysed !== null, { timeout: 15_000 }).toBe(true);
  expect(await analysed).toBe(200);
  await page.close({ runBeforeUnload: false });

  // Opened again: the recording left on the device is not listed to retry (that would transcribe and analyse it again,
  // over the stored analysis); its audio goes; the account lists the analysed session.
  const reopened = await context.newPage();
  await reopened.goto(ACCOUNT_SERVER.url);
  const again = new RecorderPage(reopened);
  await expect(again.history.getByText(/^\d+ insights?$/)).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(() => again.storedChunkCounts()).toEqual({});
  await expect(again.retryButtons).toHaveCount(0);
  await expect(again.history.getByText("Transcription failed", { exact: true })).toHaveCount(0);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
});

test("a network drop during the upload: the connection dialog, the recording kept, and a retry once back online", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await page.route("**/api/transcribe", (route) => route.abort("internetdisconnected"));

  await recorder.recordFor(1_500);
  const dialog = page.getByRole("dialog", { name: "Connection Error" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText("Connection error: Your recording is saved locally")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6_000 }); // home after 3 s
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);

  await page.unroute("**/api/transcribe");
  await recorder.retryButtons.click();
  await expect(page.getByText("Transcription Successful", { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a kept recording retried in two tabs: the second says 'Already Under Way', and once the first tab is gone the retry works there", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const first = new RecorderPage(page);
  await page.route("**/api/transcribe", (route) => route.abort("internetdisconnected"));
  await first.recordFor(1_500);
  await expect(page.getByRole("dialog", { name: "Connection Error" })).toBeHidden({ timeout: 20_000 });
  await expect(first.retryButtons).toHaveCount(1);

  const other = await context.newPage();
  await other.goto(ACCOUNT_SERVER.url);
  const second = new RecorderPage(other);
  await expect(second.retryButtons).toHaveCount(1);

  // The first tab's retry is under way (its upload unanswered): the second tab leaves the recording to it.
  await page.unroute("**/api/transcribe");
  const held: Route[] = [];
  await page.route("**/api/transcribe", (route) => void held.push(route));
  await first.retryButtons.click();
  await expect.poll(() => held.length).toBe(1);
  await second.retryButtons.click();
  const toast = other.getByRole("listitem").filter({ hasText: FAILURE_TEXTS.retryElsewhereTitle });
  await expect(toast).toBeVisible();
  await expect(toast.getByText(FAILURE_TEXTS.retryInOtherTab, { exact: true })).toBeVisible();
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
  await expect(second.retryButtons).toHaveCount(1);

  // That tab's upload is cut off and the tab closed: the recording is this tab's to send, and nothing was lost.
  await held[0]?.abort("internetdisconnected");
  await page.close({ runBeforeUnload: false });
  await second.retryButtons.click();
  await second.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => second.storedChunkCounts()).toEqual({});
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
});

test("an HTML error page instead of JSON: the Transcription Error toast, and the recording kept to retry", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // What a proxy in front of the app sends when the function behind it falls over.
  await page.route("**/api/transcribe", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>" }),
  );

  await recorder.recordFor(1_500);
  await expect(page.getByRole("listitem").getByText("Transcription Error", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("listitem").getByText("Server returned HTML instead of JSON...", { exact: true })).toBeVisible();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();

  await page.unroute("**/api/transcribe");
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(recorder.retryButtons).toHaveCount(0);
});

test("an answer that is not JSON at all: 'Transcription Error' with 'Invalid response format...', and the recording kept to retry", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // A 200 whose body is not the transcription's JSON (a misconfigured proxy or cache answering for the app).
  await page.route("**/api/transcribe", (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "ok" }));

  await recorder.recordFor(1_500);
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.transcriptionErrorTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("listitem").getByText(TRANSCRIPTION_ERRORS.invalidFormat, { exact: true })).toBeVisible();
  await expect(recorder.identify).toBeHidden();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);

  await page.unroute("**/api/transcribe");
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(recorder.retryButtons).toHaveCount(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("JSON that is not a transcription: 'Transcription Error' with 'Invalid transcription response format', and the recording kept to retry", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // A 200 with JSON of another shape (an older or newer server behind the same address, a proxy's own JSON).
  await page.route("**/api/transcribe", (route) => route.fulfill({ status: 200, json: { transcript: 42, segments: "none" } }));

  await recorder.recordFor(1_500);
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.transcriptionErrorTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("listitem").getByText(TRANSCRIPTION_ERRORS.invalidTranscription, { exact: true })).toBeVisible();
  await expect(recorder.identify).toBeHidden();
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);

  await page.unroute("**/api/transcribe");
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(recorder.retryButtons).toHaveCount(0);
});

test("Identify Speakers with a name of only spaces: 'Enter a name for this speaker.', and the same speaker waits for a name", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  const analyses: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/analyze") analyses.push(request.url());
  });
  await recorder.recordFor(1_500);
  await expect(recorder.identify).toBeVisible({ timeout: 15_000 });

  const input = recorder.identify.getByLabel(SPEAKER_TEXTS.nameLabel);
  await input.fill("   ");
  await recorder.identify.getByRole("button", { name: SPEAKER_TEXTS.nextSpeaker(1) }).click();
  await expect(recorder.identify.getByRole("alert")).toHaveText(SPEAKER_TEXTS.nameRequired);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  // Still the first speaker, none confirmed, and nothing sent for analysis.
  await expect(recorder.identify.getByText(SPEAKER_TEXTS.speakerOf(1, 2))).toBeVisible();
  await expect(recorder.identify.getByText(SPEAKER_TEXTS.identified(0, 2))).toBeVisible();
  expect(analyses).toHaveLength(0);

  // Typing a name clears the message, and the naming goes on as usual.
  await input.fill("Ana");
  await expect(recorder.identify.getByRole("alert")).toHaveCount(0);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a microphone that drops mid-recording is reconnected into the same, continuous recording", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  // Lets the test take the microphone away the way a Bluetooth headset leaves: its track ends, and for a moment no
  // microphone can be found.
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const state = { microphones: [] as MediaStream[], refusals: 0 };
    Object.assign(window, { __microphone: state });
    devices.getUserMedia = async (constraints) => {
      if (state.refusals > 0) {
        state.refusals -= 1;
        throw new DOMException("Requested device not found", "NotFoundError");
      }
      const stream = await getUserMedia(constraints);
      state.microphones.push(stream);
      return stream;
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startRecording();
  await page.waitForTimeout(1_500);

  const started = Date.now();
  await page.evaluate(() => {
    const state = (window as unknown as { __microphone: { microphones: MediaStream[]; refusals: number } }).__microphone;
    state.refusals = 2;
    const track = state.microphones.at(-1)!.getAudioTracks()[0]!;
    track.stop();
    track.dispatchEvent(new Event("ended"));
  });
  await expect(page.getByText("Reconnecting audio...")).toBeVisible();
  await expect(page.getByText("Recording in progress...")).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_500); // two refused attempts, a second apart
  expect(await page.evaluate(() => (window as unknown as { __microphone: { microphones: MediaStream[] } }).__microphone.microphones.length)).toBe(2);

  // One recording, still growing, that decodes as one piece covering the time before, during and after the drop.
  await page.waitForTimeout(1_500);
  expect(Object.keys(await recorder.storedChunkCounts())).toHaveLength(1);
  const elapsed = (Date.now() - started) / 1000 + 1.5;
  expect(await recorder.storedAudioSeconds()).toBeGreaterThan(elapsed - 1.5);

  await recorder.stopButton.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
});

test("recorded without Web Audio (as when iOS keeps the audio context suspended), a microphone that goes away ends the recording, says so, and what was said is transcribed", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.addInitScript(() => {
    // No AudioContext: the recorder records the microphone's own stream, with no graph to reconnect a new microphone into.
    Object.assign(window, { AudioContext: undefined, webkitAudioContext: undefined });
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const microphones: MediaStream[] = [];
    Object.assign(window, { __microphones: microphones });
    devices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      microphones.push(stream);
      return stream;
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startRecording();
  await page.waitForTimeout(2_000);

  await page.evaluate(() => {
    const track = (window as unknown as { __microphones: MediaStream[] }).__microphones.at(-1)!.getAudioTracks()[0]!;
    track.stop();
    track.dispatchEvent(new Event("ended"));
  });
  await expect(page.getByRole("listitem").getByText(RECORDING_TEXTS.microphoneEndedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(RECORDING_TEXTS.microphoneEndedBody, { exact: true })).toBeVisible();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
});

test("guest-only mode with no AI key: a clear error and the recording is kept", async ({ page }) => {
  await page.goto(GUEST_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await expect(page.getByText("Transcription Error", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Transcription is not configured/)).toBeVisible();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);
});

test("a recording in which nothing was said: 'Transcription Error' with 'No audio data was captured', no naming, and home again", async ({ page, context }) => {
  await fakeProviders.queue("openai.transcriptions", { body: diarizedTranscript([]) });
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.transcriptionErrorTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("listitem").getByText(TRANSCRIPTION_ERRORS.noAudio, { exact: true })).toBeVisible();
  await expect(recorder.identify).toBeHidden();
  await expect(recorder.startButton).toBeVisible({ timeout: 6_000 });
  expect(await fakeProviders.requests("gemini.generate")).toHaveLength(0);
});

test("a reply from the backup transcription service: the note says so, and the speakers are named as usual", async ({ page, context }) => {
  // OpenAI fails once; the server's fallback (Gemini, the fake's default transcript) answers.
  await fakeProviders.queue("openai.transcriptions", openAiError(500, "Internal error"));
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  // Matched by text: the naming dialog is modal, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(RECORDING_TEXTS.backupNote, { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  expect(await fakeProviders.requests("gemini.generate")).not.toHaveLength(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("signed in: Retry Now that fails again says 'Retry Failed', keeps the recording and its dialog, and Retry Now there transcribes it", async ({
  page,
  context,
}) => {
  await signIn(context, ACCOUNT_SERVER, `user_e2e_retry_again_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  // The first attempt and the retry each fail at both providers.
  const internal = { status: 500, body: { error: { code: 500, message: "Internal", status: "INTERNAL" } } };
  await fakeProviders.queue("openai.transcriptions", openAiError(500, "Internal error"), openAiError(500, "Internal error"));
  await fakeProviders.queue("gemini.generate", internal, internal);

  await recorder.recordFor(2_000);
  const dialog = page.getByRole("dialog", { name: FAILURE_TEXTS.transcriptionFailedTitle });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: FAILURE_TEXTS.retryNow }).click();
  // Matched by text: the dialog is modal again, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(FAILURE_TEXTS.retryFailedTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(FAILURE_TEXTS.retryFailedBody, { exact: true })).toBeVisible();
  // "You can try again or save locally": the same dialog, not home.
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(FAILURE_TEXTS.transcriptionFailedBody, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: FAILURE_TEXTS.saveLocally })).toBeVisible();
  // Nothing lost: the audio stays on this device.
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);

  // The providers are back: Retry Now in the same dialog transcribes it.
  await dialog.getByRole("button", { name: FAILURE_TEXTS.retryNow }).click();
  await expect(page.getByText(FAILURE_TEXTS.retrySuccessTranscription, { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(recorder.retryButtons).toHaveCount(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a browser that cannot record: 'Audio Recording Not Supported' at the record button, and nothing starts", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.addInitScript(() => {
    delete (window as { MediaRecorder?: unknown }).MediaRecorder;
  });
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startButton.click();
  await expect(page.getByRole("listitem").getByText(RECORDING_TEXTS.unsupportedTitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(RECORDING_TEXTS.unsupportedBody, { exact: true })).toBeVisible();
  await expect(recorder.readiness).toBeHidden();
  await expect(recorder.startButton).toBeEnabled();
});

test("a microphone the browser refuses: 'Microphone Unavailable' says why, and nothing is recorded", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = async () => {
      throw new DOMException("Permission denied", "NotAllowedError");
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startButton.click();
  await expect(recorder.readiness).toBeVisible();
  await expect(page.getByText(RECORDING_TEXTS.microphoneUnavailableTitle, { exact: true })).toBeVisible({ timeout: 6_000 });
  await expect(page.getByText("Microphone access was denied. Please allow the microphone and try again.", { exact: true })).toBeVisible();
  await expect(recorder.startButton).toBeVisible();
  await expect(page.getByText(RECORDING_TEXTS.inProgress)).toHaveCount(0);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
});

for (const [name, reason, message] of [
  ["NotFoundError", "no microphone is connected", RECORDER_MESSAGES.noMicrophone],
  ["NotReadableError", "another app holds the microphone", RECORDER_MESSAGES.microphoneBusy],
] as const) {
  test(`${reason} (${name}): 'Microphone Unavailable' says so, nothing is recorded, and the record button is back`, async ({ page, context }) => {
    await visitSignedOut(context, ACCOUNT_SERVER);
    await page.addInitScript((errorName) => {
      navigator.mediaDevices.getUserMedia = async () => {
        throw new DOMException("Could not start audio source", errorName);
      };
    }, name);
    await page.goto(ACCOUNT_SERVER.url);
    const recorder = new RecorderPage(page);
    await recorder.startButton.click();
    await expect(recorder.readiness).toBeVisible();
    await expect(page.getByText(RECORDING_TEXTS.microphoneUnavailableTitle, { exact: true })).toBeVisible({ timeout: 6_000 });
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(recorder.readiness).toBeHidden();
    await expect(recorder.startButton).toBeEnabled();
    await expect(page.getByText(RECORDING_TEXTS.inProgress)).toHaveCount(0);
    expect(await recorder.storedChunkCounts()).toEqual({});
    await expect(recorder.retryButtons).toHaveCount(0);
    expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
  });
}

test("a microphone prompt nobody answers: 'Yes, ready' keeps the card, 'Microphone Unavailable' after 30 s, and the next try records", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  // The first request never answers, as a permission prompt Firefox has hidden; later ones get the fake microphone.
  await hangFirstMicrophoneRequest(page);
  // The page's clock jumps the 30 s wait rather than sitting through it (support/app.ts).
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startButton.click();
  await jumpCountdown(page, recorder.readiness);
  await expect(recorder.readiness.getByText("Starting the microphone…")).toBeVisible({ timeout: 6_000 });
  await page.getByRole("button", { name: "Yes, ready" }).click();
  // The answer is kept; the card waits on the microphone, "Not now" still there.
  await expect(recorder.readiness.getByText("Starting the microphone…")).toBeVisible();
  await expect(page.getByRole("button", { name: "Not now" })).toBeEnabled();

  await page.clock.fastForward(30_500);
  await expect(page.getByText(RECORDING_TEXTS.microphoneUnavailableTitle, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Recording failed. Please try again.", { exact: true })).toBeVisible();
  await expect(recorder.readiness).toBeHidden();
  await expect(page.getByText(RECORDING_TEXTS.tapToStart)).toBeVisible();

  await recorder.startRecording();
  await page.waitForTimeout(1_500);
  await recorder.stopButton.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("recordings kept on this device that cannot be read: 'Warning', 'Could not load your saved recordings.', and the page still works", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  // From the second load on, the browser refuses to open its databases (a damaged profile, a storage error).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-broken-indexeddb")) return;
    IDBFactory.prototype.open = () => {
      throw new DOMException("Internal error opening backing store for indexedDB.open.", "UnknownError");
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  // This device has kept recordings before: their database is there.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("coach-audio");
        open.onupgradeneeded = () => open.result.createObjectStore("recordings");
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      }),
  );
  await page.evaluate(() => sessionStorage.setItem("e2e-broken-indexeddb", "1"));
  await page.reload();
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.warningTitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.couldNotLoadRecordings, { exact: true })).toBeVisible();
  const recorder = new RecorderPage(page);
  await expect(recorder.history.getByText("No completed sessions yet. Record a conversation to get started!")).toBeVisible();
  await expect(recorder.startButton).toBeEnabled();
});

for (const { browser, refusal, said } of [
  // Private browsing in some browsers: the database cannot even be opened.
  { browser: "that keeps nothing on the device (private browsing)", refusal: "open", said: AUDIO_STORAGE_MESSAGES.unavailable },
  // Any other refusal of a chunk's write.
  { browser: "whose storage fails", refusal: "put", said: AUDIO_STORAGE_MESSAGES.failed },
]) {
  test(`a browser ${browser}: 'Warning' says so while recording, and the recording is still transcribed and analysed from the tab's copy`, async ({
    page,
    context,
  }) => {
    await fakeProviders.reset();
    await fakeProviders.queue("gemini.generate", { body: analysis });
    await visitSignedOut(context, ACCOUNT_SERVER);
    await page.addInitScript((refused) => {
      if (refused === "open") {
        const open = IDBFactory.prototype.open;
        IDBFactory.prototype.open = function (this: IDBFactory, ...args: Parameters<IDBFactory["open"]>) {
          if (args[0] === "coach-audio") throw new DOMException("The operation is insecure.", "SecurityError");
          return open.apply(this, args);
        };
        return;
      }
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
        if (this.transaction.db.name === "coach-audio") throw new DOMException("The operation failed.", "DataError");
        return put.apply(this, args);
      };
    }, refusal);
    await page.goto(ACCOUNT_SERVER.url);
    const recorder = new RecorderPage(page);
    await recorder.startRecording();
    await expect(page.getByText(FAILURE_TEXTS.warningTitle, { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(said, { exact: true })).toBeVisible();
    await page.waitForTimeout(1_000);
    await recorder.stopButton.click();

    await recorder.nameSpeakers(["Ana", "Ben"]);
    await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
    // Nothing is left waiting for a retry: the recording was sent from memory and is done.
    await page.getByRole("button", { name: "Close" }).first().click();
    await expect(recorder.retryButtons).toHaveCount(0);
  });
}

test("a device with no room for the audio: 'Warning' says so, and an outage's Save Locally says 'Error Saving Recording' while the tab's copy still retries", async ({
  page,
  context,
}) => {
  await fakeProviders.reset();
  await fakeProviders.queue("openai.transcriptions", ...Array.from({ length: 3 }, () => openAiError(503, "Service Unavailable")));
  await fakeProviders.queue("gemini.generate", ...Array.from({ length: 3 }, () => geminiOverloaded()));
  await visitSignedOut(context, ACCOUNT_SERVER);
  // The browser's storage is full: every write to the app's audio database is refused, as Chromium refuses it.
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
      if (this.transaction.db.name === "coach-audio") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      return put.apply(this, args);
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.startRecording();
  await expect(page.getByText(FAILURE_TEXTS.warningTitle, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(AUDIO_STORAGE_MESSAGES.quota, { exact: true })).toBeVisible();
  await page.waitForTimeout(1_000);
  await recorder.stopButton.click();

  const dialog = page.getByRole("dialog", { name: FAILURE_TEXTS.connectionErrorTitle });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: FAILURE_TEXTS.saveLocally }).click();
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.errorSavingTitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.errorSavingBody, { exact: true })).toBeVisible();
  expect(await recorder.storedChunkCounts()).toEqual({});

  // This tab still holds the audio in memory: the history's retry sends it.
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(recorder.retryButtons).toHaveCount(0);
});
