import { readFileSync } from "node:fs";
import { type Page, type TestInfo } from "@playwright/test";

import { SESSION_DIALOG_TEXTS, SESSION_TOASTS } from "../../components/deck/texts";
import { GROWTH_TEXTS } from "../../components/growth/texts";
import { FAILURE_TEXTS } from "../../components/recording/texts";
import { ANALYSIS_TEXTS, CONFIRMATION_NOTE } from "../../components/session/texts";
import { diarizedTranscript, fakeProviders, geminiOverloaded, openAiError } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { checkScreen, expect, PHONE_SIZES, signIn, test, visitSignedOut } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { ACCOUNT_SERVER } from "./support/urls";

// From the fake microphone to the completion screen (issue 4): analysis, the deck with votes by swipe and by button,
// the personalised summary, the calendar reminder and Finish Session.
test.describe.configure({ mode: "serial" });

const analysis = {
  cards: [
    {
      dimension: "Curiosity",
      insight: "Speaker 2 asked how Speaker 1 felt and listened to the answer.",
      tips: ["Ask one more open question.", "Check back on what you heard."],
      color: "deep-teal",
      icon: "search",
      evidence: ["Ask me about my day"],
    },
    {
      dimension: "Timing",
      insight: "The turns were short and balanced.",
      tips: ["Keep pausing before you answer."],
      color: "sunflower",
      icon: "clock",
      evidence: ["We never get time for us"],
    },
    {
      dimension: "Appreciation",
      insight: "There was little thanks yet.",
      tips: ["Name one thing you appreciated today."],
      color: "soft-tangerine",
      icon: "sparkles",
      evidence: ["just listen"],
    },
  ],
  coachResponse: "You talked about **making time for each other**.",
  briefSummary: "Making time for each other",
  recommendations: ["Plan Saturday together", "Ask one open question a day", "Say thank you once a day"],
  encouragement: "You are already listening to each other.",
  mutualGrowthCard: {
    dimension: "Mutual Aspirations & Growth",
    insight: "Make time for each other.",
    tips: ["What would a perfect Saturday look like?"],
    icon: "sparkles",
    color: "soft-tangerine",
  },
};
const summary = {
  summary: "Curiosity and appreciation resonated with you.",
  recommendations: ["Ask one open question a day", "Say thank you once a day", "Plan Saturday"],
  encouragement: "Keep going together!",
};

async function swipeCard(page: Page, dimension: string, direction: "right" | "left") {
  const card = page.getByRole("group", { name: dimension });
  const box = (await card.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + (direction === "right" ? 15 : -15) * step, y);
  await page.mouse.up();
}

async function runDeck(page: Page, testInfo: TestInfo) {
  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);
  await recorder.nameSpeakers(["Ana", "Ben"]);

  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("making time for each other", { exact: true })).toBeVisible();
  await checkScreen(page, "coach-summary", testInfo);
  await page.getByRole("button", { name: "Continue to Insights" }).click();
  await page.getByRole("button", { name: "Start Swiping Practice" }).click();

  await expect(page.getByRole("heading", { name: "Curiosity" })).toBeVisible();
  await checkScreen(page, "insight-card", testInfo);
  await swipeCard(page, "Curiosity", "right"); // helpful
  await expect(page.getByRole("heading", { name: "Timing" })).toBeVisible();
  await page.getByRole("button", { name: "Dismiss", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Appreciation" })).toBeVisible();
  await page.getByRole("button", { name: /Helpful/ }).click();

  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();
  await expect(page.getByText("What Resonated")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Curiosity and appreciation resonated with you.")).toBeVisible();
  await expect(page.getByText("Keep going together!")).toBeVisible();
}

async function checkReminder(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Set Reminder" }).click();
  const ics = readFileSync(await (await download).path()!, "utf8");
  expect(ics).toContain("SUMMARY:Relationship Check-in");
  expect(ics).toMatch(/TRIGGER:-PT15M/);
  // 14 days from today, moved forward to a Sunday, at 18:00 (the tests run in UTC).
  const start = /DTSTART(?:;[^:]*)?:(\d{8})T(\d{4})/.exec(ics);
  expect(start?.[2]).toBe("1800");
  const date = new Date(`${start![1]!.slice(0, 4)}-${start![1]!.slice(4, 6)}-${start![1]!.slice(6, 8)}T18:00:00Z`);
  expect(date.getUTCDay()).toBe(0);
  const days = (date.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(13);
  expect(days).toBeLessThanOrEqual(21);
  expect(ics).toMatch(/DURATION:PT1H|DTEND/);
  await expect(page.getByRole("listitem").getByText("Reminder Set!", { exact: true })).toBeVisible();
}

test.beforeEach(async () => {
  await fakeProviders.reset();
  await fakeProviders.queue("gemini.generate", { body: analysis }, { body: summary });
});

test("guest: from the microphone to Finish Session, kept in this browser", { tag: PHONE_SIZES }, async ({ page, context }, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  await checkScreen(page, "session-completed-guest", testInfo);
  await checkReminder(page);
  await page.getByRole("button", { name: "Finish Session" }).click();
  await expect(page.getByRole("listitem").getByText("Your insights and recommendations have been saved locally.")).toBeVisible();

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ isCompleted: true, summary: "Curiosity and appreciation resonated with you." });
  expect(stored[0].swipeActions.map((swipe: { cardIndex: number; action: string }) => [swipe.cardIndex, swipe.action])).toEqual([
    [0, "helpful"],
    [1, "unhelpful"],
    [2, "helpful"],
  ]);
});

test("signed in: the session, its votes and its summary are stored in the account", async ({ page, context, request }, testInfo) => {
  const userId = `user_e2e_results_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);

  // The completion header opens the transcript and speaker analysis over the results, and closing returns to them.
  await page.getByRole("button", { name: "View transcript" }).click();
  const detail = page.getByRole("dialog", { name: "Making time for each other" });
  await expect(detail.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
  await expect(detail.getByRole("button", { name: "Ana" })).toBeVisible();
  await detail.getByRole("tab", { name: "Summary" }).click();
  await expect(detail.getByRole("heading", { name: "Conversation Overview" })).toBeVisible();
  await checkScreen(page, "completion-transcript", testInfo);
  await detail.getByRole("button", { name: "Close" }).first().click();
  await expect(detail).toBeHidden();
  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();

  await checkReminder(page);
  await page.getByRole("button", { name: "Finish Session" }).click();
  await expect(page.getByRole("listitem").getByText("Your session has been saved and will appear in your history.")).toBeVisible();

  const token = await mintSessionToken(userId);
  const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(list.sessions).toHaveLength(1);
  const session = await (
    await request.get(`${ACCOUNT_SERVER.url}/api/sessions/${list.sessions[0].id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(session).toMatchObject({ isCompleted: true, summary: "Curiosity and appreciation resonated with you.", reminderSet: true });
  expect(session.swipeActions.map((swipe: { action: string }) => swipe.action)).toEqual(["helpful", "unhelpful", "helpful"]);
  expect(await page.evaluate(() => localStorage.getItem("local_sessions"))).toBeNull();
});

test("signed in: when the cloud save fails, the dialog offers a retry or a local copy", async ({ page, context }) => {
  await signIn(context, ACCOUNT_SERVER, `user_e2e_savefail_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, test.info());
  await page.route(/\/api\/sessions\/[^/?]+\?skipRegeneration=true/, (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Finish Session" }).click();

  const dialog = page.getByRole("dialog", { name: "Failed to Save Session" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("We couldn't save your session to the cloud.", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Retry Cloud Save" }).click();
  await expect(dialog).toBeVisible(); // still failing

  await dialog.getByRole("button", { name: "Save Locally Only" }).click();
  await expect(page.getByRole("listitem").getByText("Your session has been saved to this device only. It won't sync across devices.")).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored[0]).toMatchObject({ isCompleted: true, summary: "Curiosity and appreciation resonated with you." });

  await page.unroute(/\/api\/sessions\/[^/?]+\?skipRegeneration=true/);
});

test("guest: when the summary cannot be generated, a fallback summary shows with the Summary Error toast", async ({ page, context }) => {
  await fakeProviders.reset();
  const down = { status: 503, body: { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } } };
  await fakeProviders.queue("gemini.generate", { body: analysis }, down, down, down);
  await fakeProviders.queue("openai.chat", { status: 503 }, { status: 503 });
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);

  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await page.getByRole("button", { name: "Continue to Insights" }).click({ timeout: 20_000 });
  await page.getByRole("button", { name: "Start Swiping Practice" }).click();
  for (let card = 0; card < 3; card++) await page.getByRole("button", { name: /Helpful/ }).click();

  await expect(page.getByRole("listitem").getByText("There was a problem generating your summary, but we saved your session.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Session saved with generic summary due to an error.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Focus On" })).toBeVisible();
});

test("an analysis outage keeps the conversation on the device, and retrying it opens the insights", async ({ page, context }) => {
  await fakeProviders.reset();
  const down = { status: 503, body: { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } } };
  await fakeProviders.queue("gemini.generate", down, down, down);
  await fakeProviders.queue("openai.chat", { status: 503 }, { status: 503 });
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);

  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  // The Analysis Failed dialog (a Confirmation dialog): the transcript is kept, and the dialog says so.
  const dialog = page.getByRole("dialog", { name: "Analysis Failed" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Unable to analyze the recording. Please try again.")).toBeVisible();
  await expect(dialog.getByText("Your conversation transcript has been saved successfully")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Locally" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Recording Saved Locally", { exact: true })).toBeVisible();
  await expect(recorder.history.getByText("Analysis failed", { exact: true })).toBeVisible();

  await fakeProviders.queue("gemini.generate", { body: analysis });
  await recorder.retryButtons.click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.retryButtons).toHaveCount(0);
});

test("signed in: an analysis outage opens the Connection Error dialog, and Retry Now re-runs the kept analysis", async ({ page, context }, testInfo) => {
  await fakeProviders.reset();
  const down = { status: 503, body: { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } } };
  await fakeProviders.queue("gemini.generate", down, down, down);
  await fakeProviders.queue("openai.chat", { status: 503 }, { status: 503 });
  await signIn(context, ACCOUNT_SERVER, "user_e2e_analysis_retry");
  await page.goto(ACCOUNT_SERVER.url);

  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  const dialog = page.getByRole("dialog", { name: "Connection Error" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText("Connection error: Your recording is saved locally")).toBeVisible();
  await expect(dialog.getByText("Your conversation transcript has been saved successfully")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save Locally" })).toBeVisible();
  // With the "Analysis Failed" toast (matched by text: the dialog is modal, and Radix hides the toast region meanwhile).
  await expect(page.getByText(ANALYSIS_TEXTS.failedTitle, { exact: true })).toBeVisible();
  await checkScreen(page, "analysis-connection-dialog", testInfo);

  // The provider is back: Retry Now asks the server to re-run the analysis of the transcript it kept.
  await fakeProviders.queue("gemini.generate", { body: analysis });
  await dialog.getByRole("button", { name: "Retry Now" }).click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Analysis Successful", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).first().click();
  await expect(recorder.retryButtons).toHaveCount(0);
});

test("signed in: a recording that failed on one device is listed in red on another, and a tap there retries it", async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  await fakeProviders.reset();
  await fakeProviders.queue("openai.transcriptions", openAiError(500, "Internal error"));
  await fakeProviders.queue("gemini.generate", { status: 500, body: { error: { code: 500, message: "Internal", status: "INTERNAL" } } }, { body: analysis });
  const userId = `user_e2e_other_device_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);
  const dialog = page.getByRole("dialog", { name: "Transcription Failed" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: "Save Locally" }).click();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();

  // Another device: the same account, nothing in its browser. The account kept the recording, so it is listed there too.
  const otherContext = await browser.newContext();
  await signIn(otherContext, ACCOUNT_SERVER, userId);
  const other = await otherContext.newPage();
  await other.goto(ACCOUNT_SERVER.url);
  const otherRecorder = new RecorderPage(other);
  await expect(otherRecorder.history.getByText("Transcription failed", { exact: true })).toBeVisible({ timeout: 10_000 });
  await otherRecorder.history.scrollIntoViewIfNeeded();
  await checkScreen(other, "history-failed-item", testInfo);
  await otherRecorder.retryButtons.click();
  await expect(other.getByText("Transcription Successful", { exact: true })).toBeVisible({ timeout: 15_000 });
  await otherRecorder.nameSpeakers(["Ana", "Ben"]);
  await expect(other.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await otherContext.close();

  // One session in the account, analysed: the retried recording itself, not a copy beside it.
  const token = await mintSessionToken(userId);
  const { sessions } = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(sessions).toHaveLength(1);
  expect(sessions[0]).toMatchObject({ failedTranscription: null, failedAnalysis: null });
  // The list carries the card count; the analysis itself comes with the session.
  expect(sessions[0].insightCount).toBe(3);

  // The first device lets go of its copy and its audio: the account has the transcript now.
  await page.reload();
  await expect(recorder.history.getByText("Making time for each other")).toBeVisible({ timeout: 10_000 });
  await expect(recorder.retryButtons).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]").length)).toBe(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("guest on a full device: Finish Session says so and keeps the results open instead of losing them", async ({ page, context }, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === "local_sessions") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, key, value);
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  await page.getByRole("button", { name: "Finish Session" }).click();
  // Matched by text: the results are a modal dialog, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(
    page.getByText("There isn't enough free space on this device to keep this session. Please free some space, then try again.", { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();
  await expect(page.getByText("Curiosity and appreciation resonated with you.")).toBeVisible();
});

const regenerated = {
  ...analysis,
  coachResponse: "You agreed to keep Saturday mornings for each other.",
  recommendations: ["Plan Saturday together", "Ask one open question a day", "Put phones away on Saturday mornings"],
  encouragement: "A small promise, kept, goes a long way.",
  commitments: [{ text: "Keep Saturday mornings free", who: "both", byWhen: "every Saturday" }],
  mutualGrowthCard: {
    dimension: "Mutual Aspirations & Growth",
    insight: "Decide together what you will protect.",
    tips: ["Which hour of the week is just yours?"],
    icon: "sparkles",
    color: "soft-tangerine",
  },
};

async function recordGrowthCommitment(page: Page, testInfo: TestInfo) {
  await page.getByRole("button", { name: "Create Mutual Growth Commitment" }).click();
  const card = page.getByRole("dialog", { name: "Mutual Aspirations & Growth" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Make time for each other.")).toBeVisible();
  await expect(card.getByText("What would a perfect Saturday look like?")).toBeVisible();
  await expect(card.getByRole("status")).toContainText("Recording in progress");
  await expect(card.getByRole("button", { name: "Next" })).toBeEnabled({ timeout: 5_000 });
  await checkScreen(page, "growth-card", testInfo);
  await page.waitForTimeout(2_000);
  await card.getByRole("button", { name: "Next" }).click();
  await expect(card).toBeHidden();
  // Naming again, with the names of the first recording suggested.
  const identify = page.getByRole("dialog", { name: "Identify Speakers" });
  await expect(identify).toBeVisible({ timeout: 15_000 });
  await expect(identify.getByLabel("Name")).toHaveValue("Ana");
  await new RecorderPage(page).nameSpeakers(["Ana", "Ben"]);
}

test(
  "signed in: the growth commitment is recorded, appended to the session, and the completion screen shows the regenerated advice",
  { tag: PHONE_SIZES },
  async ({ page, context, request }, testInfo) => {
    test.setTimeout(90_000);
    const userId = `user_e2e_growth_${Date.now()}`;
    await signIn(context, ACCOUNT_SERVER, userId);
    await page.goto(ACCOUNT_SERVER.url);
    await runDeck(page, testInfo);
    await fakeProviders.queue("gemini.generate", { body: regenerated });

    await recordGrowthCommitment(page, testInfo);
    await expect(page.getByRole("dialog", { name: "Analyzing Your Conversation" })).toBeVisible();
    await expect(page.getByText("Growth agreement created!", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("You agreed to keep Saturday mornings for each other.")).toBeVisible();
    await expect(page.getByText("Put phones away on Saturday mornings")).toBeVisible();
    await expect(page.getByText("A small promise, kept, goes a long way.")).toBeVisible();
    await checkScreen(page, "growth-completed", testInfo);

    // The follow-up is in the account; the regeneration saw both conversations.
    const token = await mintSessionToken(userId);
    const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
    const session = await (
      await request.get(`${ACCOUNT_SERVER.url}/api/sessions/${list.sessions[0].id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(session.followUpTranscripts).toHaveLength(1);
    expect(session.followUpTranscripts[0].speakerNames).toEqual({ SPEAKER_01: "Ana", SPEAKER_02: "Ben" });
    expect(session.analysis.mutualGrowthCard.insight).toBe("Decide together what you will protect.");
    const calls = await fakeProviders.requests("gemini.generate");
    expect(JSON.stringify(calls.at(-1)?.body)).toContain("Growth conversation");
    // The commitment is remembered (follow-through) and the reminder names it.
    expect(session.commitments).toEqual([expect.objectContaining({ text: "Keep Saturday mornings free", who: "both", outcome: null })]);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Set Reminder" }).click();
    expect(readFileSync(await (await download).path()!, "utf8")).toContain("SUMMARY:Relationship Check-in: Keep Saturday mornings free");

    await page.getByRole("button", { name: "Finish Session" }).click();
    await expect(page.getByRole("listitem").getByText("Your session has been saved and will appear in your history.")).toBeVisible();
    const history = new RecorderPage(page).history;
    await expect(history.getByText("1 follow-up")).toBeVisible();
    await expect(history.getByText("0 of 1 commitment kept")).toBeVisible();

    // A completed session picked in the history opens at its completion screen, its transcript and follow-up one tap away.
    await history.getByRole("button", { name: "Open session: Making time for each other" }).click();
    await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("Put phones away on Saturday mornings")).toBeVisible();
    await page.getByRole("button", { name: "View transcript" }).click();
    const detail = page.getByRole("dialog", { name: "Making time for each other" });
    await expect(detail.getByText("Follow-up transcripts: Found 1")).toBeVisible();
    await detail.getByRole("tab", { name: "Summary" }).click();
    await expect(detail.getByText("Keep Saturday mornings free")).toBeVisible();
    await expect(detail.getByText("Not answered yet")).toBeVisible();
    await detail.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Finish Session" }).click();

    // The next conversation opens with "Last time you agreed to…"; the answer is kept, and the analysis was told.
    await fakeProviders.queue("gemini.generate", { body: analysis }, { body: summary });
    const recorder = new RecorderPage(page);
    await recorder.recordFor(2_000);
    await recorder.nameSpeakers(["Ana", "Ben"]);
    const lastTime = page.getByRole("dialog", { name: "Last time you agreed to…" });
    await expect(lastTime).toBeVisible({ timeout: 20_000 });
    await expect(lastTime.getByText("Keep Saturday mornings free")).toBeVisible();
    await checkScreen(page, "follow-through", testInfo);
    await lastTime.getByRole("button", { name: "Kept" }).click();
    await expect(lastTime.getByRole("button", { name: "Kept" })).toHaveAttribute("aria-pressed", "true");
    await lastTime.getByRole("button", { name: "Done" }).click();
    await expect(lastTime).toBeHidden();
    const analysisCall = (await fakeProviders.requests("gemini.generate"))
      .map((call) => JSON.stringify(call.body))
      .findLast((body) => body.includes("<transcript>"));
    expect(analysisCall).toContain("Keep Saturday mornings free");
    const first = await (
      await request.get(`${ACCOUNT_SERVER.url}/api/sessions/${list.sessions[0].id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(first.commitments).toEqual([expect.objectContaining({ text: "Keep Saturday mornings free", outcome: "kept" })]);
  },
);

test("a quote on an insight card opens the transcript at the line it was said", async ({ page, context }, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Continue to Insights" }).click();
  await page.getByRole("button", { name: "Start Swiping Practice" }).click();
  await expect(page.getByRole("heading", { name: "Curiosity" })).toBeVisible();
  await page.getByRole("button", { name: "Open the transcript at 00:11 Ask me about my day" }).click();
  const detail = page.getByRole("dialog", { name: "Making time for each other" });
  const line = detail.locator('[aria-current="true"]');
  await expect(line).toContainText("Ask me about my day, and just listen.");
  await expect(line).toBeFocused();
  await expect(line).toBeInViewport();
  await checkScreen(page, "quote-opens-transcript", testInfo);

  // From the speaker analysis, the alternate review screen "Relationship Insights".
  await detail.getByRole("tab", { name: "Summary" }).click();
  await detail.getByRole("button", { name: "Review Relationship Insights" }).click();
  const review = page.getByRole("dialog", { name: "Relationship Insights" });
  await expect(review.getByText("Card 1 of 3")).toBeVisible();
  await expect(review.getByRole("heading", { name: "Tips" })).toBeVisible();
  await checkScreen(page, "relationship-insights-review", testInfo);
  await review.getByRole("button", { name: "Helpful", exact: true }).click();
  await review.getByRole("button", { name: /Next/ }).click();
  await review.getByRole("button", { name: /Skip/ }).click();
  await expect(review.getByText("Card 3 of 3")).toBeVisible();
  await review.getByRole("button", { name: /Done/ }).click();
  await expect(review).toBeHidden();
  await expect(detail.getByRole("button", { name: /Curiosity/ })).toContainText("Helpful");
});

test("guest: when the regeneration fails, Analysis Generation Failed offers Try Again, and Cancel ends with the general advice", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  const down = { status: 503, body: { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } } };
  await fakeProviders.queue("gemini.generate", down, down, down, down, down, down);
  await fakeProviders.queue("openai.chat", { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });

  await recordGrowthCommitment(page, testInfo);
  const failed = page.getByRole("dialog", { name: "Analysis Generation Failed" });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByText("your follow-up conversation transcript has been saved", { exact: false })).toBeVisible();
  await checkScreen(page, "growth-generation-failed", testInfo);
  // The follow-up is kept with the guest's session on this device.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored[0].followUpTranscripts).toHaveLength(1);

  await failed.getByRole("button", { name: "Try Again" }).click();
  const again = page.getByRole("dialog", { name: "Analysis Failed Again" });
  await expect(again).toBeVisible({ timeout: 20_000 });
  await expect(again.getByText(GROWTH_TEXTS.failedAgainBody)).toBeVisible();
  // View Transcript: the session's transcript, with the follow-up kept beside it.
  await again.getByRole("button", { name: GROWTH_TEXTS.viewTranscript }).click();
  await expect(again).toBeHidden();
  const detail = page.getByRole("dialog", { name: "Making time for each other" });
  await expect(detail.getByText("Follow-up transcripts: Found 1")).toBeVisible();
  await detail.getByRole("button", { name: "Close" }).first().click();
  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();
});

test("guest: Cancel in Analysis Generation Failed finishes with the general recommendations", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  const down = { status: 503, body: { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } } };
  await fakeProviders.queue("gemini.generate", down, down, down);
  await fakeProviders.queue("openai.chat", { status: 503 }, { status: 503 });

  await recordGrowthCommitment(page, testInfo);
  const failed = page.getByRole("dialog", { name: "Analysis Generation Failed" });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await failed.getByRole("button", { name: "Cancel" }).click();
  await expect(failed).toBeHidden();
  await expect(page.getByText("Practise active listening: repeat back what you heard before you share your own view.")).toBeVisible();
});

test("guest: a growth follow-up whose upload failed waits in the history, and its retry is named and appended to its session", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  await fakeProviders.queue("openai.transcriptions", ...Array.from({ length: 3 }, () => openAiError(503, "Service Unavailable")));
  await fakeProviders.queue("gemini.generate", ...Array.from({ length: 3 }, () => geminiOverloaded()));

  await page.getByRole("button", { name: "Create Mutual Growth Commitment" }).click();
  const card = page.getByRole("dialog", { name: "Mutual Aspirations & Growth" });
  await expect(card.getByRole("button", { name: "Next" })).toBeEnabled({ timeout: 5_000 });
  await page.waitForTimeout(2_000);
  await card.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("listitem").getByText("You can retry transcribing it from the session history later.")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Finish Session" }).click();

  // Home: the failed follow-up is listed in red, its audio still on this device.
  const recorder = new RecorderPage(page);
  await expect(recorder.retryButtons).toHaveCount(1);
  expect(Object.values(await recorder.storedChunkCounts())).toHaveLength(1);

  // With the providers back, one tap: the session opens again at the follow-up's naming, then the regeneration.
  await fakeProviders.queue("gemini.generate", { body: regenerated });
  await recorder.retryButtons.click();
  await expect(recorder.identify).toBeVisible({ timeout: 15_000 });
  await expect(recorder.identify.getByLabel("Name")).toHaveValue("Ana");
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByText("Growth agreement created!", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Put phones away on Saturday mornings")).toBeVisible();
  await page.getByRole("button", { name: "Finish Session" }).click();

  // One session with its follow-up, no second one, and no audio left behind.
  await expect(recorder.retryButtons).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toHaveLength(1);
  expect(stored[0].followUpTranscripts).toHaveLength(1);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("swiping the growth card left cancels the recording and keeps nothing of it", async ({ page, context }, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  await page.getByRole("button", { name: "Create Mutual Growth Commitment" }).click();
  const card = page.getByRole("dialog", { name: "Mutual Aspirations & Growth" });
  await expect(card.getByRole("button", { name: "Next" })).toBeEnabled({ timeout: 5_000 });
  await swipeCard(page, "Mutual Aspirations & Growth", "left");
  await expect(card).toBeHidden();
  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();
  expect(await new RecorderPage(page).storedChunkCounts()).toEqual({});
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
});

test("words of violence in the conversation: the results open with the safety card and its crisis lines, before any coaching", async ({
  page,
  context,
}, testInfo) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await fakeProviders.queue("openai.transcriptions", {
    body: diarizedTranscript([
      ["A", "I need to say it. Last week you hit me, and I'm afraid to go home."],
      ["B", "I know. I'm sorry. I don't know what to do."],
    ]),
  });
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_000);
  await recorder.nameSpeakers(["Ana", "Ben"]);

  await expect(page.getByRole("heading", { name: "Before anything else" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("This app is not the right tool for this", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "911" })).toHaveAttribute("href", "tel:911");
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toHaveCount(0);
  await checkScreen(page, "safety-card", testInfo);
  await page.getByRole("button", { name: "I understand, show the summary" }).click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible();
});

test("signed in: Retry Cloud Save once the connection is back saves the session to the account", async ({ page, context, request }) => {
  const userId = `user_e2e_save_retry_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, test.info());
  const save = /\/api\/sessions\/[^/?]+\?skipRegeneration=true/;
  await page.route(save, (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Finish Session" }).click();
  const dialog = page.getByRole("dialog", { name: SESSION_DIALOG_TEXTS.failedSaveTitle });
  await expect(dialog).toBeVisible();

  await page.unroute(save);
  await dialog.getByRole("button", { name: SESSION_DIALOG_TEXTS.retryCloudSave }).click();
  await expect(page.getByText(SESSION_TOASTS.sessionSaved.cloudRetryBody, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const token = await mintSessionToken(userId);
  const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(list.sessions).toHaveLength(1);
  expect(list.sessions[0]).toMatchObject({ isCompleted: true });
  expect(await page.evaluate(() => localStorage.getItem("local_sessions"))).toBeNull();
});

test("signed in: a vote the account does not take shows Save Error, and this device keeps the session with its votes", async ({ page, context }) => {
  await signIn(context, ACCOUNT_SERVER, `user_e2e_vote_fail_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await page.getByRole("button", { name: "Continue to Insights" }).click({ timeout: 20_000 });
  await page.getByRole("button", { name: "Start Swiping Practice" }).click();
  await expect(page.getByRole("heading", { name: "Curiosity" })).toBeVisible();

  await page.route("**/api/sessions/*/swipe", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal error" }) }),
  );
  await page.getByRole("button", { name: /Helpful/ }).click();
  // Matched by text: the deck is a modal dialog, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(SESSION_TOASTS.saveError.title, { exact: true })).toBeVisible();
  await expect(page.getByText(SESSION_TOASTS.saveError.body, { exact: true })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toHaveLength(1);
  expect(stored[0].swipeActions.map((swipe: { cardIndex: number; action: string }) => [swipe.cardIndex, swipe.action])).toEqual([[0, "helpful"]]);
  await expect(page.getByRole("heading", { name: "Timing" })).toBeVisible();
});

test("guest: an HTML error page instead of the analysis: Analysis Failed, the transcript kept, and the retry opens the insights", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  // What a proxy in front of the app sends when the function behind it falls over.
  await page.route("**/api/analyze", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>" }),
  );
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  const dialog = page.getByRole("dialog", { name: ANALYSIS_TEXTS.failedTitle });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText(CONFIRMATION_NOTE)).toBeVisible();
  await dialog.getByRole("button", { name: "Save Locally" }).click();
  await expect(dialog).toBeHidden();
  await expect(recorder.history.getByText("Analysis failed", { exact: true })).toBeVisible();

  await page.unroute("**/api/analyze");
  await recorder.retryButtons.click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.retryButtons).toHaveCount(0);
});

test("an analysis with no insight cards: the Analysis Error toast, and no empty deck", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await page.route("**/api/analyze", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ analysis: { cards: [] }, sessionId: null }) }),
  );
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByRole("listitem").getByText(SESSION_TOASTS.analysisError.title, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("listitem").getByText(SESSION_TOASTS.analysisError.body, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toHaveCount(0);
  await expect(recorder.startButton).toBeVisible();
});

/** Signed in, a recording whose transcription failed at both providers, saved on this device from the retry dialog. */
async function failedRecordingSavedLocally(page: Page) {
  await fakeProviders.reset();
  await fakeProviders.queue("openai.transcriptions", openAiError(500, "Internal error"));
  await fakeProviders.queue("gemini.generate", { status: 500, body: { error: { code: 500, message: "Internal", status: "INTERNAL" } } }, { body: analysis });
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  const dialog = page.getByRole("dialog", { name: FAILURE_TEXTS.transcriptionFailedTitle });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("button", { name: FAILURE_TEXTS.saveLocally }).click();
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  return recorder;
}

test("signed in: when the account no longer has the kept recording, the retry sends this device's audio instead", async ({ page, context }) => {
  await signIn(context, ACCOUNT_SERVER, `user_e2e_retry_404_${Date.now()}`);
  const recorder = await failedRecordingSavedLocally(page);
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);

  await page.route("**/retry-transcription", (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ error: "Session not found" }) }),
  );
  const transcribe = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/transcribe");
  await recorder.retryButtons.click();
  await transcribe;
  await expect(page.getByText(FAILURE_TEXTS.retrySuccessTranscription, { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Close" }).first().click();
  await expect(recorder.retryButtons).toHaveCount(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("signed in: a retry on another device of a recording the account no longer has says 'Recording not found', and it stays listed", async ({
  page,
  context,
  browser,
}) => {
  const userId = `user_e2e_not_found_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await failedRecordingSavedLocally(page);

  // Another device: nothing in its browser, so the account's copy is the only one to retry from, and it is gone.
  const otherContext = await browser.newContext();
  await signIn(otherContext, ACCOUNT_SERVER, userId);
  const other = await otherContext.newPage();
  await other.route("**/retry-transcription", (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ error: FAILURE_TEXTS.recordingNotFound }) }),
  );
  await other.goto(ACCOUNT_SERVER.url);
  const otherRecorder = new RecorderPage(other);
  await expect(otherRecorder.retryButtons).toHaveCount(1, { timeout: 10_000 });
  await otherRecorder.retryButtons.click();
  await expect(other.getByRole("listitem").getByText(FAILURE_TEXTS.errorTitle, { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(other.getByRole("listitem").getByText(FAILURE_TEXTS.recordingNotFound, { exact: true })).toBeVisible();
  await expect(otherRecorder.identify).toBeHidden();
  await expect(otherRecorder.retryButtons).toHaveCount(1);
  await otherContext.close();
});

test("signed in: when the regenerated session cannot be fetched, Analysis Loading Failed, then Unable to Load Analysis, and the follow-up is in the history", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const userId = `user_e2e_growth_load_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  await fakeProviders.queue("gemini.generate", { body: regenerated });
  // The follow-up is stored and the advice regenerated; fetching the session afterwards fails, and keeps failing.
  const refetch = /\/api\/sessions\/[^/?]+\?from=history&refresh=true/;
  await page.route(refetch, (route) => route.abort("internetdisconnected"));

  await recordGrowthCommitment(page, testInfo);
  const loadingFailed = page.getByRole("dialog", { name: GROWTH_TEXTS.loadingFailedTitle });
  await expect(loadingFailed).toBeVisible({ timeout: 20_000 });
  await expect(loadingFailed.getByText(GROWTH_TEXTS.loadingFailedBody)).toBeVisible();
  await loadingFailed.getByRole("button", { name: GROWTH_TEXTS.tryAgain }).click();
  const unable = page.getByRole("dialog", { name: GROWTH_TEXTS.unableToLoadTitle });
  await expect(unable).toBeVisible({ timeout: 10_000 });
  await expect(unable.getByText(GROWTH_TEXTS.unableToLoadBody)).toBeVisible();
  await unable.getByRole("button", { name: GROWTH_TEXTS.goToHistory }).click();
  await expect(unable).toBeHidden();

  // The history counts the follow-up the account holds.
  await page.unroute(refetch);
  const history = new RecorderPage(page).history;
  await expect(history.getByText("1 follow-up")).toBeVisible({ timeout: 10_000 });
  const token = await mintSessionToken(userId);
  const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(list.sessions).toEqual([expect.objectContaining({ followUpCount: 1 })]);
});

test("guest: an empty answer from the analysis: Analysis Failed says to try again, and the transcript is kept with the reason", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await page.route("**/api/analyze", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "" }));
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  const dialog = page.getByRole("dialog", { name: ANALYSIS_TEXTS.failedTitle });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  // Matched by text: the dialog is modal, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(ANALYSIS_TEXTS.unableToAnalyze, { exact: true }).first()).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toEqual([expect.objectContaining({ failedAnalysis: expect.objectContaining({ error: "Empty response from server" }) })]);
  expect(stored[0].transcript).toContain("Can we plan this weekend together?");
});
