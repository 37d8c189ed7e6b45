import { HISTORY_TEXTS } from "../../components/history/texts";
import { FAILURE_TEXTS, LIMIT_TEXTS } from "../../components/recording/texts";
import { SESSION_DETAIL_TEXTS } from "../../components/session-detail/texts";
import { ANALYSIS_TEXTS, CONFIRMATION_NOTE } from "../../components/session/texts";
import { describeWait } from "../../lib/domain/errors/wait";
import { fakeProviders } from "../fake-providers/client";
import { expect, signIn, test, visitSignedOut } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { analysis, summary } from "./support/results";
import { seedAccountSession, seedLocalSessions } from "./support/sessions";
import { ACCOUNT_SERVER, ACCOUNT_STORED_SESSIONS, LIMITS_URL } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// Issue 15: the limits on what costs money reach the user as a message, and nothing recorded is lost. The "limits" server
// (playwright.config.ts) allows one AI call per IP and hour.

test.beforeEach(async () => {
  await fakeProviders.reset();
});

test("a guest over the rate limit is told how long to wait, and the recording stays on the device for a retry", async ({ page, request }) => {
  // The hour's one transcription, used up by a call from the same address (loopback), as an earlier recording would.
  const first = await request.post(`${LIMITS_URL}/api/transcribe`, { data: { audio: Buffer.from("an earlier recording").toString("base64") } });
  expect([200, 429]).toContain(first.status());
  const refused = await request.post(`${LIMITS_URL}/api/transcribe`, { data: { audio: Buffer.from("one more").toString("base64") } });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  await fakeProviders.reset();

  await page.goto(LIMITS_URL);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);

  const toast = page.getByRole("listitem").filter({ hasText: "Limit Reached" });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast).toContainText(/Your recording is saved on this device; try again in \d+ (minutes?|seconds?)\./);

  // Refused before any provider call, and the audio waits in the history, one tap from a retry.
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
  await expect(recorder.retryButtons).toHaveCount(1, { timeout: 10_000 });
  const chunks = Object.values(await recorder.storedChunkCounts());
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toBeGreaterThan(0);

  // Still limited: a retry says so again and keeps the recording.
  await recorder.retryButtons.click();
  await expect(page.getByRole("listitem").filter({ hasText: "Limit Reached" })).toBeVisible({ timeout: 15_000 });
  await expect(recorder.retryButtons).toHaveCount(1);
  expect(Object.values(await recorder.storedChunkCounts())).toHaveLength(1);
});

test("the analysis refused by the rate limit: 'Limit Reached' says the conversation is saved on this device, and its retry opens the insights", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  // The server's own 429 (lib/server/security/rate-limit.ts): the analysis bucket is used up for the next 12 minutes. The
  // limits server cannot give it here: its one transcription of the hour is spent by the test above.
  const retryAfterSeconds = 720;
  await page.route("**/api/analyze", (route) =>
    route.fulfill({
      status: 429,
      headers: { "Retry-After": String(retryAfterSeconds) },
      json: { error: "Too many requests. Please try again in 12 minutes.", code: "rate_limited", retryAfterSeconds },
    }),
  );
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);

  // Matched by text: the Analysis Failed dialog is modal, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(LIMIT_TEXTS.title, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(LIMIT_TEXTS.conversationKept(describeWait(retryAfterSeconds)), { exact: true })).toBeVisible();
  const dialog = page.getByRole("dialog", { name: ANALYSIS_TEXTS.failedTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(CONFIRMATION_NOTE)).toBeVisible();
  await dialog.getByRole("button", { name: FAILURE_TEXTS.saveLocally }).click();
  await expect(dialog).toBeHidden();
  await expect(recorder.history.getByText("Analysis failed", { exact: true })).toBeVisible();
  await expect(recorder.retryButtons).toHaveCount(1);

  // Later, with the allowance back: one tap analyses the kept conversation.
  await page.unroute("**/api/analyze");
  await fakeProviders.queue("gemini.generate", { body: analysis }, { body: summary });
  await recorder.retryButtons.click();
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.retryButtons).toHaveCount(0);
});

test("Regenerate Recommendations over the rate limit: 'Limit Reached', try again in how long, the recommendations kept", async ({ page, request }) => {
  // The hour's one summary for this address, used up as an earlier session's summary would have.
  const body = { analysis: { cards: analysis.cards } };
  await request.post(`${LIMITS_URL}/api/public/sessions/local-1700000000041/summary`, { data: body });
  const refused = await request.post(`${LIMITS_URL}/api/public/sessions/local-1700000000041/summary`, { data: body });
  expect(refused.status()).toBe(429);
  await fakeProviders.reset();

  await page.goto(LIMITS_URL);
  await seedLocalSessions(page, [{ id: "local-1700000000041", briefSummary: "Chores rota", transcript: "Ana: a rota for the chores?\nBen: yes, weekly" }]);
  await page.reload();
  await page.getByRole("button", { name: `${HISTORY_TEXTS.openPrefix}Chores rota` }).click();
  const detail = page.getByRole("dialog", { name: "Chores rota" });
  await detail.getByRole("tab", { name: "Summary" }).click();
  await detail.getByRole("button", { name: SESSION_DETAIL_TEXTS.regenerateRecommendations }).click();

  // Matched by text: while the detail (a modal dialog) is open, Radix hides the toast region from the accessibility tree.
  await expect(page.getByText(LIMIT_TEXTS.title, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/^You've reached the limit of requests for now\. Please try again in \d+ (minutes?|seconds?)\.$/)).toBeVisible();
  expect(await fakeProviders.requests("gemini.generate")).toHaveLength(0);
  const reopened = page.getByRole("dialog", { name: "Chores rota" });
  await reopened.getByRole("tab", { name: "Summary" }).click();
  await expect(reopened.getByRole("listitem").filter({ hasText: "Plan Saturday together" })).toBeVisible();
});

test("signed in, an account holding all the sessions it may keep: the recording is refused in the server's words before any paid call, kept here, and once an old session is deleted its retry goes through", async ({
  page,
  context,
  request,
}) => {
  // Thirty recordings' worth of history (STORED_SESSIONS_PER_USER on the account server, playwright.config.ts), then one more.
  test.setTimeout(90_000);
  const userId = `user_e2e_stored_cap_${Date.now()}`;
  for (let index = 1; index <= ACCOUNT_STORED_SESSIONS; index++) {
    const createdAt = new Date(Date.UTC(2026, 10, 1, index)).toISOString();
    await seedAccountSession(request, userId, `local-${1_700_000_000_000 + index}`, `Talk ${index}`, `Ana: talk number ${index}`, createdAt);
  }
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);

  const full = `This account holds the most sessions it can keep (${ACCOUNT_STORED_SESSIONS}). Delete older sessions to save new ones.`;
  await expect(page.getByRole("listitem").getByText(full, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("listitem").getByText(FAILURE_TEXTS.transcriptionErrorTitle, { exact: true })).toBeVisible();
  await expect(recorder.identify).toBeHidden();
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);
  await expect(recorder.retryButtons).toHaveCount(1);
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);

  // Its retry while the account is still full: "Retry Failed" in the server's words (not "Connection issue persists"),
  // and the recording still kept.
  await recorder.retryButtons.click();
  const refusedAgain = page.getByRole("listitem").filter({ hasText: FAILURE_TEXTS.retryFailedTitle });
  await expect(refusedAgain.getByText(full, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.retryButtons).toHaveCount(1);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);

  // Room made: the newest old talk deleted, the kept recording is transcribed, named, analysed and saved.
  await recorder.history.getByRole("button", { name: HISTORY_TEXTS.deleteLabel(`Talk ${ACCOUNT_STORED_SESSIONS}`) }).click();
  await expect(page.getByRole("listitem").getByText(HISTORY_TEXTS.deleted, { exact: true })).toBeVisible();
  await fakeProviders.queue("gemini.generate", { body: analysis }, { body: summary });
  await recorder.retryButtons.click();
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(recorder.retryButtons).toHaveCount(0);
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});
