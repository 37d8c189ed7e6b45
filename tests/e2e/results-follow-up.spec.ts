import { type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";

import { SESSION_DIALOG_TEXTS, SESSION_TOASTS } from "../../components/deck/texts";
import { GROWTH_TEXTS } from "../../components/growth/texts";
import { FAILURE_TEXTS, LIMIT_TEXTS } from "../../components/recording/texts";
import { ANALYSIS_TEXTS, CONFIRMATION_NOTE } from "../../components/session/texts";
import { describeWait } from "../../lib/domain/errors/wait";
import { diarizedTranscript, fakeProviders, geminiOverloaded, openAiError } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { checkScreen, expect, signIn, test, visitSignedOut } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { analysis, recordGrowthCommitment, regenerated, runDeck, summary, swipeCard } from "./support/results";
import { ACCOUNT_SERVER } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// After the deck (issue 4, continued from results.spec.ts): a quote opening the transcript, the growth follow-up and its
// regeneration failures, the safety card, and the error answers of the analysis and the cloud save.
test.describe.configure({ mode: "serial" });

test.beforeEach(async () => {
  await fakeProviders.reset();
  await fakeProviders.queue("gemini.generate", { body: analysis }, { body: summary });
});

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
  // Next from a voted card kept its vote; Skip and Done on cards not voted yet voted as the deck's swipes do.
  await expect(detail.getByRole("button", { name: /Curiosity/ })).toContainText("Helpful");
  await expect(detail.getByRole("button", { name: /Timing/ })).toContainText("Not Helpful");
  await expect(detail.getByRole("button", { name: /Appreciation/ })).toContainText("Helpful");
  await expect(detail.getByRole("button", { name: /Appreciation/ })).not.toContainText("Not Helpful");
});

/** A growth follow-up with the regeneration's providers down for it and its Try Again: 'Analysis Generation Failed'. */
async function growthFollowUpWithRegenerationDown(page: Page, testInfo: TestInfo): Promise<Locator> {
  const down = { status: 503, body: { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } } };
  await fakeProviders.queue("gemini.generate", down, down, down, down, down, down);
  await fakeProviders.queue("openai.chat", { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
  await recordGrowthCommitment(page, testInfo);
  const failed = page.getByRole("dialog", { name: "Analysis Generation Failed" });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  return failed;
}

test("guest: when the regeneration fails, Analysis Generation Failed offers Try Again, and Cancel ends with the general advice", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  const failed = await growthFollowUpWithRegenerationDown(page, testInfo);
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

test("signed in: when the regeneration fails twice, View Transcript shows the follow-up the account stored", async ({ page, context }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(context, ACCOUNT_SERVER, `user_e2e_growth_failed_again_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  const failed = await growthFollowUpWithRegenerationDown(page, testInfo);
  await failed.getByRole("button", { name: "Try Again" }).click();
  const again = page.getByRole("dialog", { name: "Analysis Failed Again" });
  await expect(again).toBeVisible({ timeout: 20_000 });
  await again.getByRole("button", { name: GROWTH_TEXTS.viewTranscript }).click();
  const detail = page.getByRole("dialog", { name: "Making time for each other" });
  await expect(detail.getByText("Follow-up transcripts: Found 1")).toBeVisible();
});

test("signed in: a growth follow-up whose append does not reach the server: Analysis Generation Failed, and Try Again appends it", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const userId = `user_e2e_growth_append_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  await fakeProviders.queue("gemini.generate", { body: regenerated });
  const append = "**/api/sessions/*/append-transcript";
  await page.route(append, (route) => route.abort("connectionreset"));

  await recordGrowthCommitment(page, testInfo);
  const failed = page.getByRole("dialog", { name: GROWTH_TEXTS.generationFailedTitle });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(failed.getByText(GROWTH_TEXTS.generationFailedBody)).toBeVisible();

  await page.unroute(append);
  await failed.getByRole("button", { name: GROWTH_TEXTS.tryAgain }).click();
  await expect(page.getByText(GROWTH_TEXTS.createdTitle, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(failed).toBeHidden();
  await expect(page.getByText("Put phones away on Saturday mornings")).toBeVisible();
  // The account holds the follow-up once, with the commitment it made.
  const token = await mintSessionToken(userId);
  const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  const session = await (
    await request.get(`${ACCOUNT_SERVER.url}/api/sessions/${list.sessions[0].id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(session.followUpTranscripts).toHaveLength(1);
  expect(session.commitments).toEqual([expect.objectContaining({ text: "Keep Saturday mornings free" })]);
});

test("guest: the follow-up's regeneration over the rate limit: 'Limit Reached' with the wait, then Cancel finishes with the general recommendations", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, testInfo);
  // The server's refusal as lib/server/http/errors.ts words it: the append bucket is used up for the next 12 minutes.
  const append = "**/api/public/sessions/*/append-transcript";
  await page.route(append, (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "720" },
      json: { error: "Too many requests. Please try again in 12 minutes.", code: "rate_limited", retryAfterSeconds: 720 },
    }),
  );

  const generatedBefore = (await fakeProviders.requests("gemini.generate")).length;
  await recordGrowthCommitment(page, testInfo);
  const failed = page.getByRole("dialog", { name: GROWTH_TEXTS.generationFailedTitle });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  // Matched by text: the dialog is modal, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(LIMIT_TEXTS.title, { exact: true })).toBeVisible();
  await expect(page.getByText(LIMIT_TEXTS.tryLater(describeWait(720)), { exact: true })).toBeVisible();
  expect(await fakeProviders.requests("gemini.generate")).toHaveLength(generatedBefore);
  // The follow-up is kept with the guest's session on this device.
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored[0].followUpTranscripts).toHaveLength(1);

  await failed.getByRole("button", { name: "Cancel" }).click();
  await expect(failed).toBeHidden();
  await expect(page.getByText("Practise active listening: repeat back what you heard before you share your own view.")).toBeVisible();
});

/** A guest's deck, then a growth follow-up whose upload fails at both providers, then Finish Session: home, the follow-up in red. */
async function finishAsGuestWithFollowUpUploadFailed(page: Page, context: BrowserContext, testInfo: TestInfo) {
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
}

/** The red follow-up's retry with the providers back: named again (the names as before), regenerated, Finish Session. */
async function retryFollowUpIntoItsSession(page: Page, recorder: RecorderPage) {
  await fakeProviders.queue("gemini.generate", { body: regenerated });
  await recorder.retryButtons.click();
  await expect(recorder.identify).toBeVisible({ timeout: 15_000 });
  await expect(recorder.identify.getByLabel("Name")).toHaveValue("Ana");
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByText("Growth agreement created!", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Put phones away on Saturday mornings")).toBeVisible();
  await page.getByRole("button", { name: "Finish Session" }).click();
}

test("guest: a growth follow-up whose upload failed waits in the history, and its retry is named and appended to its session", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await finishAsGuestWithFollowUpUploadFailed(page, context, testInfo);

  // Home: the failed follow-up is listed in red, its audio still on this device.
  const recorder = new RecorderPage(page);
  await expect(recorder.retryButtons).toHaveCount(1);
  expect(Object.values(await recorder.storedChunkCounts())).toHaveLength(1);

  // With the providers back, one tap: the session opens again at the follow-up's naming, then the regeneration.
  await retryFollowUpIntoItsSession(page, recorder);

  // One session with its follow-up, no second one, and no audio left behind.
  await expect(recorder.retryButtons).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toHaveLength(1);
  expect(stored[0].followUpTranscripts).toHaveLength(1);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("a guest's growth follow-up whose upload failed, retried after signing in: appended to the session the sign-in moved into the account", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await finishAsGuestWithFollowUpUploadFailed(page, context, testInfo);

  // Signing in moves the finished session into the account; the failed follow-up stays on this device, in red.
  const userId = `user_e2e_follow_up_moved_${Date.now()}`;
  const token = await mintSessionToken(userId);
  const accountSessions = async () =>
    (await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json()).sessions as { id: string }[];
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]").filter((s: { analysis?: unknown }) => s.analysis).length))
    .toBe(0);
  await expect.poll(async () => (await accountSessions()).length).toBe(1);
  const recorder = new RecorderPage(page);
  await expect(recorder.retryButtons).toHaveCount(1);

  // The retry goes back to the account's copy of its session, not into a session of its own.
  await retryFollowUpIntoItsSession(page, recorder);

  await expect(recorder.retryButtons).toHaveCount(0);
  const sessions = await accountSessions();
  expect(sessions).toHaveLength(1);
  const stored = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions/${sessions[0]?.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(stored.followUpTranscripts).toHaveLength(1);
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
  await expect(page.getByRole("listitem").getByText("Growth commitment cancelled", { exact: true })).toBeVisible();
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

test("signed in: the failed save's dialog can be put aside, and Retry Cloud Save once the connection is back saves the session to the account", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_save_retry_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await runDeck(page, test.info());
  const save = /\/api\/sessions\/[^/?]+\?skipRegeneration=true/;
  await page.route(save, (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Finish Session" }).click();
  const dialog = page.getByRole("dialog", { name: SESSION_DIALOG_TEXTS.failedSaveTitle });
  await expect(dialog).toBeVisible();
  // Escape: back to the completion screen, nothing lost; its Finish Session tries again.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Finish Session" }).click();
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

test("guest: an HTML error page instead of the analysis: Analysis Failed, the transcript kept, a retry that fails again says Retry Failed, and the next opens the insights", async ({
  page,
  context,
}) => {
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

  // A retry while the server still falls over: "Retry Failed", the same dialog again, and the transcript still kept.
  await recorder.retryButtons.click();
  // Matched by text: with the dialog open, Radix hides the toast region from the accessibility tree.
  await expect(page.getByText(FAILURE_TEXTS.retryFailedTitle, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(FAILURE_TEXTS.retryFailedBody, { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();
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
