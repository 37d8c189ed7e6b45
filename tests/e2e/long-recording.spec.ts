import type { Page } from "@playwright/test";

import { RECORDING_PART_SECONDS, UPLOAD_PIECE_BYTES } from "../../lib/domain/transcription/long-recording";
import { fakeProviders, openAiError, type RecordedRequest } from "../fake-providers/client";
import { checkScreen, expect, PHONE_SIZES, signIn, test, visitSignedOut } from "./support/app";
import { allPieces, seedFailedLongRecording, UploadTraffic } from "./support/long-recording";
import { RecorderPage } from "./support/recorder";
import { ACCOUNT_SERVER } from "./support/urls";

// A two-hour conversation (issue 14 §2): twelve parts of ten minutes kept on the device after a failed upload, sent in
// pieces and transcribed part by part through the real app against the fake providers, which refuse any request longer
// than the provider's cap. A part failing mid-way and a reload mid-upload both resume without sending anything twice.
test.describe.configure({ mode: "serial" });

const PARTS = 12;
/** OpenAI's diarization model takes at most this many seconds of audio per request. */
const OPENAI_CAP_SECONDS = 1_400;

const analysis = {
  cards: [
    { dimension: "Curiosity", insight: "Ben asked how Ana felt.", tips: ["Ask one more open question."], color: "deep-teal", icon: "search" },
    { dimension: "Timing", insight: "The turns were balanced.", tips: ["Keep pausing before you answer."], color: "sunflower", icon: "clock" },
  ],
  coachResponse: "You talked about **the long weekend**.",
  briefSummary: "The long weekend",
  recommendations: ["Plan Saturday together"],
  encouragement: "Keep going.",
  mutualGrowthCard: { dimension: "Mutual Aspirations & Growth", insight: "Make time.", tips: ["What would help?"], icon: "sparkles", color: "soft-tangerine" },
};

const progress = (page: Page) => page.getByRole("dialog", { name: "Analyzing Your Conversation" }).getByRole("status");

/** Seeds the failed two-hour recording and opens the home screen that lists it. */
async function openWithLongRecording(page: Page) {
  await page.goto(ACCOUNT_SERVER.url);
  const seeded = await seedFailedLongRecording(page, { parts: PARTS });
  await page.reload();
  const recorder = new RecorderPage(page);
  await expect(recorder.retryButtons).toHaveCount(1);
  return { seeded, recorder };
}

/** The speakers to name, however many the merged transcript has; the two of the dialogue are expected. */
async function nameTheSpeakers(recorder: RecorderPage) {
  await expect(recorder.identify).toBeVisible({ timeout: 180_000 });
  await expect(recorder.identify.getByText("Speaker 1 of 2")).toBeVisible();
  await recorder.nameSpeakers(["Ana", "Ben"]);
}

test.beforeEach(async () => {
  await fakeProviders.reset();
});

test(
  "a guest's two-hour recording: retried from the history, sent in 12 parts within the provider's cap, named and analysed",
  { tag: PHONE_SIZES },
  async ({ page, context }, testInfo) => {
    test.setTimeout(360_000);
    await visitSignedOut(context, ACCOUNT_SERVER);
    const { seeded, recorder } = await openWithLongRecording(page);
    const traffic = new UploadTraffic(page);
    await fakeProviders.queue("gemini.generate", { body: analysis });

    // Part 4's call is held a moment so the screen can be seen (and photographed) while a part is under way.
    await page.route(/\/uploads\/[^/]+\/parts\/3\/transcribe$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await recorder.retryButtons.click();
    await expect(progress(page)).toHaveText(/^(Uploading|Transcribing) part \d+ of 12$/, { timeout: 60_000 });
    await expect(progress(page)).toHaveText("Transcribing part 4 of 12", { timeout: 120_000 });
    await expect(progress(page)).toHaveAttribute("aria-live", "polite");
    await checkScreen(page, "long-recording-progress", testInfo);

    await nameTheSpeakers(recorder);
    await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 60_000 });

    // Every part reached the provider on its own, well within its cap; the later ones named the first part's speakers.
    const requests = await fakeProviders.requests("openai.transcriptions");
    expect(requests).toHaveLength(PARTS);
    const recorded = requests as (RecordedRequest & { audioDurationSeconds?: number; knownSpeakerNames?: string[] })[];
    for (const request of recorded) {
      expect(request.status).toBe(200);
      // One part of ten minutes each, read by the fake from the container the server assembled.
      expect(request.audioDurationSeconds).toBeGreaterThan(RECORDING_PART_SECONDS - 1);
      expect(request.audioDurationSeconds).toBeLessThanOrEqual(OPENAI_CAP_SECONDS);
    }
    expect(recorded[0]!.knownSpeakerNames).toBeUndefined();
    const firstPartSpeakers = recorded[1]!.knownSpeakerNames;
    expect(firstPartSpeakers).toHaveLength(2);
    for (const request of recorded.slice(1)) expect(request.knownSpeakerNames).toEqual(firstPartSpeakers);

    // Each piece once, each part once, and the upload closed; the device keeps no audio.
    expect([...traffic.pieces].sort()).toEqual(allPieces(seeded.bytes, UPLOAD_PIECE_BYTES).sort());
    expect(traffic.transcribed).toEqual(Array.from({ length: PARTS }, (_, part) => part));
    expect(traffic.other).toEqual(["POST /api/uploads", expect.stringMatching(/^DELETE \/api\/uploads\/[^/]+$/)]);
    await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
    await expect(recorder.retryButtons).toHaveCount(0);
  },
);

test("signed in: a part failing mid-way shows the failure, and the retry resumes at that part without sending a piece or a part twice", async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await signIn(context, ACCOUNT_SERVER, `user_e2e_long_${Date.now()}`);
  const { recorder } = await openWithLongRecording(page);
  const traffic = new UploadTraffic(page);

  // Parts 1 and 2 get the fake's usual answer (an empty queued answer); part 3 fails at OpenAI and at Gemini, its fallback.
  await fakeProviders.queue("openai.transcriptions", {}, {}, openAiError(500, "Internal error"));
  await fakeProviders.queue("gemini.generate", { status: 500, body: { error: { code: 500, message: "Internal", status: "INTERNAL" } } });
  await recorder.retryButtons.click();
  await expect(page.getByText("Retry Failed", { exact: true })).toBeVisible({ timeout: 120_000 });
  expect(traffic.transcribed).toEqual([0, 1, 2]);
  const firstPieces = [...traffic.pieces];
  expect(firstPieces).toHaveLength(PARTS);

  // Still on the device, still listed: one tap resumes at part 3.
  await expect(recorder.retryButtons).toHaveCount(1);
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);
  await fakeProviders.queue("gemini.generate", { body: analysis });
  await recorder.retryButtons.click();
  await expect(progress(page)).toHaveText(/part \d+ of 12/, { timeout: 60_000 });
  await nameTheSpeakers(recorder);

  expect(traffic.transcribed).toEqual([0, 1, 2, ...Array.from({ length: PARTS - 2 }, (_, index) => index + 2)]);
  expect(traffic.pieces).toEqual(firstPieces);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(PARTS + 1);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("reloads in the middle: the retries from the history send only what the server did not store, transcribe no part twice, and complete", async ({
  page,
  context,
}) => {
  test.setTimeout(360_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  const { seeded, recorder } = await openWithLongRecording(page);
  const traffic = new UploadTraffic(page);
  /** Holds the app's requests to `pattern` unanswered until released; a reload drops the one held. */
  const hold = async (pattern: RegExp) => {
    const state = { held: 0, holding: true };
    await page.route(pattern, async (route) => {
      if (!state.holding) return route.continue();
      state.held += 1;
      await new Promise(() => undefined);
    });
    return state;
  };

  // 1. The seventh part's piece never gets through; the others reach the server; then the page reloads.
  const piece = await hold(/\/uploads\/[^/]+\/parts\/6\/pieces\/0$/);
  await recorder.retryButtons.click();
  await expect.poll(() => piece.held, { timeout: 90_000 }).toBe(1);
  await expect.poll(() => traffic.piecesStored.length, { timeout: 90_000 }).toBe(PARTS - 1);
  const sentBefore = traffic.pieces.length;
  const storedBefore = [...traffic.piecesStored];
  await page.reload();
  piece.holding = false;

  // 2. Retried: only the missing piece goes up, parts 1 to 4 are transcribed, and the page reloads while part 5 is under way.
  const part = await hold(/\/uploads\/[^/]+\/parts\/4\/transcribe$/);
  await recorder.retryButtons.click();
  await expect(progress(page)).toHaveText("Transcribing part 5 of 12", { timeout: 120_000 });
  await expect.poll(() => part.held, { timeout: 90_000 }).toBe(1);
  expect(traffic.pieces.slice(sentBefore)).toEqual(["6/0"]);
  await page.reload();
  part.holding = false;

  // 3. Retried again: it goes on from part 5 and completes.
  await expect(recorder.retryButtons).toHaveCount(1);
  await fakeProviders.queue("gemini.generate", { body: analysis });
  await recorder.retryButtons.click();
  await nameTheSpeakers(recorder);

  // Of the pieces, only the one the server never got was sent again, once; none was stored twice.
  expect(storedBefore).not.toContain("6/0");
  expect(traffic.pieces.slice(sentBefore)).toEqual(["6/0"]);
  expect([...traffic.piecesStored].sort()).toEqual(allPieces(seeded.bytes, UPLOAD_PIECE_BYTES).sort());
  expect(traffic.transcribed).toEqual([0, 1, 2, 3, 4, ...Array.from({ length: PARTS - 4 }, (_, index) => index + 4)]);
  // The held call never left the browser: each part reached the provider once.
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(PARTS);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a close the server never heard waits in this browser and is sent when the app opens again: the upload is gone from the server", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await seedFailedLongRecording(page, { parts: 2 });
  await page.reload();
  const recorder = new RecorderPage(page);
  await expect(recorder.retryButtons).toHaveCount(1);
  const traffic = new UploadTraffic(page);
  await fakeProviders.queue("gemini.generate", { body: analysis });

  // The first close (after the transcript is stored) meets no connection.
  let closesRefused = 0;
  await page.route(/\/uploads\/[^/]+$/, (route) =>
    route.request().method() === "DELETE" && closesRefused++ === 0 ? route.abort("internetdisconnected") : route.continue(),
  );
  await recorder.retryButtons.click();
  await nameTheSpeakers(recorder);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 60_000 });
  expect(closesRefused).toBe(1);

  // It waits here with its token, and the server still holds it open.
  const waiting = await page.evaluate(() => JSON.parse(localStorage.getItem("uploads_to_close") ?? "[]") as { uploadId: string; uploadToken: string }[]);
  expect(waiting).toEqual([{ uploadId: expect.any(String), uploadToken: expect.any(String) }]);
  const { uploadId, uploadToken } = waiting[0]!;
  const uploadUrl = `${ACCOUNT_SERVER.url}/api/uploads/${uploadId}`;
  expect((await page.request.get(uploadUrl, { headers: { "x-upload-token": uploadToken } })).status()).toBe(200);

  // The app opening again closes it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("uploads_to_close"))).toBeNull();
  expect(traffic.other.filter((call) => call.startsWith("DELETE"))).toEqual([`DELETE /api/uploads/${uploadId}`, `DELETE /api/uploads/${uploadId}`]);
  expect((await page.request.get(uploadUrl, { headers: { "x-upload-token": uploadToken } })).status()).toBe(404);
});
