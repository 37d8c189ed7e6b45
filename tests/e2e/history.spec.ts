import { type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

import { SESSION_TOASTS } from "../../components/deck/texts";
import { HISTORY_TEXTS as T } from "../../components/history/texts";
import { SESSION_DETAIL_TEXTS } from "../../components/session-detail/texts";
import { ANALYSIS_TEXTS } from "../../components/session/texts";
import { SESSION_STORAGE_MESSAGES } from "../../lib/client/storage/storage-warning";
import { fakeProviders } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { checkScreen, expect, PHONE_SIZES, Shell, signIn, test, visitSignedOut } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { analysisAbout, seedAccountSession, seedLocalSessions } from "./support/sessions";
import { ACCOUNT_SERVER, GUEST_SERVER } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// Session history, detail, deletion and migration to the account (issue 5).
test.describe.configure({ mode: "serial" });

const history = (page: Page) => page.getByRole("region", { name: "Session History" });

async function recordSession(page: Page, briefSummary: string) {
  await fakeProviders.queue("gemini.generate", { body: analysisAbout(briefSummary) });
  const recorder = new RecorderPage(page);
  await recorder.recordFor(1_500);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Close" }).first().click();
  await expect(history(page).getByText(briefSummary)).toBeVisible();
}

/** `userId` signed in on home, their account holding one saved session. */
async function openHomeWithSavedSession(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  userId: string,
  session: { id: string; briefSummary: string; transcript: string },
) {
  await seedAccountSession(request, userId, session.id, session.briefSummary, session.transcript);
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
}

async function swipeLeft(page: Page, title: string) {
  const card = history(page).getByRole("group", { name: title });
  await card.scrollIntoViewIfNeeded();
  const box = (await card.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x - 16 * step, y);
  await page.mouse.up();
}

test(
  "a guest's sessions: listed after a reload, deleted by swipe, opened and filtered, then moved into the account",
  { tag: PHONE_SIZES },
  async ({ page, context, request }, testInfo) => {
    // Two recordings, a reload, a migration: longer than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    await fakeProviders.reset();
    await visitSignedOut(context, ACCOUNT_SERVER);
    await page.goto(ACCOUNT_SERVER.url);
    await expect(history(page).getByText("No completed sessions yet. Record a conversation to get started!")).toBeVisible();
    await expect(history(page).getByText(/You are not signed in/)).toBeVisible();

    await recordSession(page, "Weekend plans");
    await recordSession(page, "Money talk");

    await page.reload();
    await expect(history(page).getByRole("group")).toHaveCount(2);
    await expect(history(page).getByText("2 insights").first()).toBeVisible();
    await checkScreen(page, "history", testInfo);

    await swipeLeft(page, "Money talk");
    await expect(page.getByRole("listitem").getByText("Session Deleted", { exact: true })).toBeVisible();
    await expect(history(page).getByRole("group")).toHaveCount(1);
    await page.reload();
    await expect(history(page).getByRole("group")).toHaveCount(1);

    await history(page).getByRole("button", { name: "Open session: Weekend plans" }).click();
    const detail = page.getByRole("dialog", { name: "Weekend plans" });
    await expect(detail).toBeVisible();
    await expect(detail.getByText("Deal. Saturday is just for us.")).toBeVisible();
    await detail.getByRole("button", { name: "Ana" }).click();
    await expect(detail.getByText("Ask me about my day, and just listen.")).toBeVisible();
    await expect(detail.getByText("Deal. Saturday is just for us.")).toBeHidden();
    await checkScreen(page, "session-detail", testInfo);

    // Regenerate Recommendations: the steps show, then the new recommendations.
    await fakeProviders.queue("gemini.generate", {
      body: { summary: "Fresh summary.", recommendations: ["Ask one open question", "Take a walk together", "Say thank you"], encouragement: "Onwards." },
    });
    await detail.getByRole("tab", { name: "Summary" }).click();
    await detail.getByRole("button", { name: "Regenerate Recommendations" }).click();
    await expect(page.getByRole("dialog", { name: "Analyzing Your Conversation" })).toBeVisible();
    // Matched by text: while the detail (a modal dialog) is open, Radix hides the toast region from the accessibility tree.
    await expect(page.getByText("Recommendations Updated", { exact: true })).toBeVisible({ timeout: 10_000 });
    const reopened = page.getByRole("dialog", { name: "Weekend plans" });
    // Back on the summary, where the new recommendations are.
    await expect(reopened.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "true");
    await expect(reopened.getByRole("heading", { name: "Focus On" })).toBeVisible();
    await expect(reopened.getByRole("listitem").filter({ hasText: "Take a walk together" })).toBeVisible();
    await reopened.getByRole("button", { name: "Close" }).first().click();

    // The same browser signs in: the remaining session moves to the account and nothing is left behind locally.
    const userId = `user_e2e_migrate_${Date.now()}`;
    await signIn(context, ACCOUNT_SERVER, userId);
    await page.reload();
    const token = await mintSessionToken(userId);
    await expect
      .poll(
        async () => (await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json()).sessions.length,
        { timeout: 10_000 },
      )
      .toBe(1);
    await expect.poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]").length)).toBe(0);
    await expect(history(page).getByText("Weekend plans")).toBeVisible();
    await expect(history(page).getByText(/You are not signed in/)).toBeHidden();
  },
);

test("Load More Sessions pages through 12 sessions, 5 at a time, past the list's first page, and opens one from the second", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_paging_${Date.now()}`;
  const token = await mintSessionToken(userId);
  for (let index = 1; index <= 12; index++) {
    const id = `local-${1_700_000_000_000 + index}`;
    const response = await request.post(`${ACCOUNT_SERVER.url}/api/sessions/${id}?skipRegeneration=true`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        id,
        transcript: `Ana: conversation number ${index}`,
        analysis: analysisAbout(`Conversation ${index}`),
        createdAt: new Date(Date.UTC(2026, 10, index)).toISOString(),
      },
    });
    expect(response.status()).toBe(200);
  }
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await expect(history(page).getByRole("group")).toHaveCount(5);
  await history(page).getByRole("button", { name: "Load More Sessions" }).click();
  await expect(history(page).getByRole("group")).toHaveCount(10);
  await history(page).getByRole("button", { name: "Load More Sessions" }).click();
  await expect(history(page).getByRole("group")).toHaveCount(12);
  await expect(history(page).getByRole("button", { name: "Load More Sessions" })).toBeHidden();

  // The account's list answers ten at a time: the oldest two came with its second page, each session exactly once.
  const firstPage = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(firstPage.sessions).toHaveLength(10);
  expect(firstPage.nextCursor).toEqual(expect.any(String));
  const titles = await history(page)
    .getByRole("group")
    .evaluateAll((groups) => groups.map((group) => group.getAttribute("aria-label")));
  expect(titles).toEqual(Array.from({ length: 12 }, (_, index) => `Conversation ${12 - index}`));

  // Opening one of them loads the whole session.
  await history(page).getByRole("button", { name: "Open session: Conversation 1", exact: true }).click();
  const detail = page.getByRole("dialog", { name: "Conversation 1", exact: true });
  await expect(detail.getByText(/conversation number 1$/)).toBeVisible();
});

test("code that does not arrive: the session says so (Error: Could not prepare session data), Settings says so, the app stays, and both open once it comes", async ({
  page,
}) => {
  await page.goto(GUEST_SERVER.url);
  await seedLocalSessions(page, [{ id: "local-1700000000021", briefSummary: "Patchy signal", transcript: "Ana: the connection dropped\nBen: it came back" }]);
  await page.reload();
  await expect(history(page).getByRole("group")).toHaveCount(1);
  await page.waitForLoadState("networkidle");

  // The session's rules, its detail and the toasts' own code come with the first tap: here the connection is gone by then
  // (and no service worker has cached the build yet). The toast shows plainly, without its code.
  await page.route("**/_next/static/chunks/**", (route) => route.abort("internetdisconnected"));
  const open = history(page).getByRole("button", { name: "Open session: Patchy signal" });
  await open.click();
  await expect(page.getByRole("status").filter({ hasText: "Could not prepare session data. Please try again." })).toBeVisible();
  await expect(page.getByRole("status").getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Patchy signal" })).toBeHidden();

  const shell = new Shell(page);
  await shell.settingsButton.click();
  await expect(page.getByRole("status").filter({ hasText: "This part of the app did not arrive. Check your connection, then reload the page." })).toBeVisible();
  await expect(page.getByRole("status").getByText("Could not open", { exact: true })).toBeVisible();
  await expect(history(page).getByRole("group")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "This page couldn’t load" })).toBeHidden();

  // The connection is back: the same tap opens the session.
  await page.unroute("**/_next/static/chunks/**");
  await open.click();
  await expect(page.getByRole("dialog", { name: "Patchy signal" }).getByText("it came back")).toBeVisible();
});

test("the history's own code that does not arrive: the card stays as it was, the toast says so, the app stays, and a reload lists the session", async ({
  page,
}) => {
  await page.goto(GUEST_SERVER.url);
  await expect(history(page).getByText("No completed sessions yet. Record a conversation to get started!")).toBeVisible();
  await page.waitForLoadState("networkidle");

  // A first visit carries none of the history's code. Another tab saves a session, and this one goes to fetch the list's
  // code over a connection that has just gone.
  await page.route("**/_next/static/chunks/**", (route) => route.abort("internetdisconnected"));
  await seedLocalSessions(page, [{ id: "local-1700000000039", briefSummary: "Quiet evening", transcript: "Ana: a quiet evening?\nBen: yes please" }]);
  await page.evaluate(() => window.dispatchEvent(new StorageEvent("storage", { key: "local_sessions" })));

  await expect(page.getByRole("status").filter({ hasText: "This part of the app did not arrive. Check your connection, then reload the page." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This page couldn’t load" })).toBeHidden();
  await expect(history(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();

  await page.unroute("**/_next/static/chunks/**");
  await page.reload();
  await expect(history(page).getByRole("button", { name: `${T.openPrefix}Quiet evening` })).toBeVisible();
});

const openFromHistory = /\/api\/sessions\/[^/?]+\?from=history/;

test("signed in, a history list that does not come: it says so with Try Again, not that there are no sessions, and Try Again lists them", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_list_fail_${Date.now()}`;
  await seedAccountSession(request, userId, "local-1700000000041", "River walk", "Ana: the river at dawn?\nBen: yes");
  await signIn(context, ACCOUNT_SERVER, userId);
  const list = /\/api\/sessions\?/;
  await page.route(list, (route) => route.fulfill({ status: 503, json: { error: "Service Unavailable", code: "unavailable" } }));
  await page.goto(ACCOUNT_SERVER.url);
  const alert = history(page).getByRole("alert");
  await expect(alert).toContainText(T.listFailed);
  await expect(history(page).getByText(T.empty)).toBeHidden();

  await page.unroute(list);
  await alert.getByRole("button", { name: T.listRetry }).click();
  await expect(history(page).getByRole("button", { name: `${T.openPrefix}River walk` })).toBeVisible();
  await expect(history(page).getByRole("alert")).toBeHidden();
});

test("signed in, a session that does not load: 'Could not load session data', no detail, and the next tap opens it", async ({ page, context, request }) => {
  const userId = `user_e2e_open_fail_${Date.now()}`;
  await openHomeWithSavedSession(page, context, request, userId, {
    id: "local-1700000000031",
    briefSummary: "Sunday walk",
    transcript: "Ana: shall we walk on Sunday?\nBen: by the river",
  });
  const open = history(page).getByRole("button", { name: `${T.openPrefix}Sunday walk` });
  await expect(open).toBeVisible();

  await page.route(openFromHistory, (route) => route.abort("internetdisconnected"));
  await open.click();
  await expect(page.getByRole("listitem").getByText(T.openErrorBody, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(T.openErrorTitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Sunday walk" })).toBeHidden();

  // The connection is back: the same tap opens it from the account.
  await page.unroute(openFromHistory);
  await open.click();
  await expect(page.getByRole("dialog", { name: "Sunday walk" }).getByText("by the river")).toBeVisible();
});

test("signed in, a session that does not load but is kept on this device: it opens from this device's copy", async ({ page, context, request }) => {
  const userId = `user_e2e_open_local_${Date.now()}`;
  const id = "local-1700000000032";
  await seedAccountSession(request, userId, id, "Holiday plans", "Ana: the sea or the hills?\nBen: the hills this time");
  // This device's copy of the same session, still here while its move to the account has not answered.
  await page.route("**/api/sessions/migrate**", () => undefined);
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  // It says something the account's does not, so the card shows whose copy it is and the detail whose copy it opened.
  await seedLocalSessions(page, [{ id, briefSummary: "Holiday plans", transcript: "Ana: the sea or the hills?\nBen: the sea, on second thought" }]);
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.reload();
  // The device's copy is listed at once, the account's when its page arrives and is shown: the tap is meant for the
  // account's. Waiting for the list's answer alone left a moment before React showed it, and a tap then opened the
  // device's copy without asking the account.
  const card = history(page).getByRole("group", { name: "Holiday plans" });
  await expect(card).toContainText("the hills this time");
  const open = card.getByRole("button", { name: `${T.openPrefix}Holiday plans` });
  await expect(open).toHaveCount(1);

  await page.route(openFromHistory, (route) => route.abort("internetdisconnected"));
  const asked = page.waitForRequest(openFromHistory);
  await open.click();
  await asked;
  await expect(page.getByRole("dialog", { name: "Holiday plans" }).getByText("the sea, on second thought")).toBeVisible();
  await expect(page.getByText(T.openErrorBody)).toHaveCount(0);
});

test("signed in, a delete the account refuses: 'Delete Failed', asked twice, and the session is still there after a reload", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_delete_fail_${Date.now()}`;
  await openHomeWithSavedSession(page, context, request, userId, {
    id: "local-1700000000033",
    briefSummary: "Garden chores",
    transcript: "Ana: who waters the plants?\nBen: I will",
  });
  await expect(history(page).getByRole("group", { name: "Garden chores" })).toBeVisible();

  // The first refusal is held until the progress toast has been seen.
  const deletes: string[] = [];
  let answerDelete = () => {};
  const deleteAnswered = new Promise<void>((resolve) => (answerDelete = resolve));
  await page.route("**/api/sessions/**", async (route) => {
    if (route.request().method() !== "DELETE") return route.continue();
    deletes.push(new URL(route.request().url()).search);
    await deleteAnswered;
    return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal error" }) });
  });
  await history(page)
    .getByRole("button", { name: T.deleteLabel("Garden chores") })
    .click();
  await expect(page.getByRole("listitem").getByText(T.deleting, { exact: true })).toBeVisible();
  answerDelete();
  await expect(page.getByRole("listitem").getByText(T.deleteFailedBody, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(T.deleteFailedTitle, { exact: true })).toBeVisible();
  // The first attempt, then its retry form.
  expect(deletes).toEqual(["", "?retry=true&force=true"]);
  await expect(history(page).getByRole("group", { name: "Garden chores" })).toBeVisible();

  await page.unroute("**/api/sessions/**");
  await page.reload();
  await expect(history(page).getByRole("group", { name: "Garden chores" })).toBeVisible();
});

test("signed in, a vote in a saved session's review that the account does not take: 'Save Error', and this device keeps the vote", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_detail_vote_${Date.now()}`;
  await openHomeWithSavedSession(page, context, request, userId, {
    id: "local-1700000000035",
    briefSummary: "Bedtime routine",
    transcript: "Ana: lights out at ten?\nBen: half past",
  });
  await history(page)
    .getByRole("button", { name: `${T.openPrefix}Bedtime routine` })
    .click();
  const detail = page.getByRole("dialog", { name: "Bedtime routine" });
  await detail.getByRole("tab", { name: "Summary" }).click();
  await detail.getByRole("button", { name: "Review Relationship Insights" }).click();
  const review = page.getByRole("dialog", { name: "Relationship Insights" });
  await expect(review.getByText("Card 1 of 2")).toBeVisible();

  const swipes: string[] = [];
  await page.route("**/api/sessions/*/swipe", (route) => {
    swipes.push(route.request().url());
    return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal error" }) });
  });
  await review.getByRole("button", { name: "Helpful", exact: true }).click();
  // Matched by text: the review is a modal dialog, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(SESSION_TOASTS.saveError.title, { exact: true })).toBeVisible();
  await expect(page.getByText(SESSION_TOASTS.saveError.body, { exact: true })).toBeVisible();
  expect(swipes).toHaveLength(1);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored).toEqual([expect.objectContaining({ clientId: "local-1700000000035", ownerId: userId })]);
  expect(stored[0].swipeActions.map((swipe: { cardIndex: number; action: string }) => [swipe.cardIndex, swipe.action])).toEqual([[0, "helpful"]]);
});

test("guest, a vote this browser will not keep: 'Warning' says private browsing can block it, or that it could not save, and the vote still shows", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  // Writes of the sessions' list fail the way the page says (window.refuseSessionWrites names the browser's error).
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      const refusal = (window as { refuseSessionWrites?: string }).refuseSessionWrites;
      if (key === "local_sessions" && refusal) throw new DOMException("The operation is insecure.", refusal);
      setItem.call(this, key, value);
    };
  });
  await page.goto(ACCOUNT_SERVER.url);
  await seedLocalSessions(page, [{ id: "local-1700000000036", briefSummary: "Chores rota", transcript: "Ana: a rota for the chores?\nBen: yes, weekly" }]);
  await page.reload();
  await history(page)
    .getByRole("button", { name: `${T.openPrefix}Chores rota` })
    .click();
  const detail = page.getByRole("dialog", { name: "Chores rota" });
  await detail.getByRole("tab", { name: "Summary" }).click();
  await detail.getByRole("button", { name: "Review Relationship Insights" }).click();
  const review = page.getByRole("dialog", { name: "Relationship Insights" });

  // Storage switched off (or private browsing): the browser's SecurityError.
  await page.evaluate(() => Object.assign(window, { refuseSessionWrites: "SecurityError" }));
  await review.getByRole("button", { name: "Helpful", exact: true }).click();
  // Matched by text: the review is a modal dialog, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(SESSION_STORAGE_MESSAGES.unavailable, { exact: true })).toBeVisible();
  await expect(page.getByText("Warning", { exact: true })).toBeVisible();

  // Any other refusal.
  await page.evaluate(() => Object.assign(window, { refuseSessionWrites: "UnknownError" }));
  await review.getByRole("button", { name: /Next/ }).click();
  await expect(review.getByText("Card 2 of 2")).toBeVisible();
  await review.getByRole("button", { name: "Not Helpful", exact: true }).click();
  await expect(page.getByText(SESSION_STORAGE_MESSAGES.failed, { exact: true })).toBeVisible();
  await review.getByRole("button", { name: /Done/ }).click();
  await expect(detail.getByRole("button", { name: /Curiosity/ })).toContainText("Helpful");
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored[0].swipeActions ?? []).toEqual([]);
});

test("Regenerate Recommendations that fails: 'Regeneration Failed', and the recommendations shown before are kept", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await seedLocalSessions(page, [{ id: "local-1700000000034", briefSummary: "Chores rota", transcript: "Ana: a rota for the chores?\nBen: yes, weekly" }]);
  await page.reload();
  await history(page)
    .getByRole("button", { name: `${T.openPrefix}Chores rota` })
    .click();
  const detail = page.getByRole("dialog", { name: "Chores rota" });
  await detail.getByRole("tab", { name: "Summary" }).click();
  await expect(detail.getByRole("listitem").filter({ hasText: "Plan Saturday together" })).toBeVisible();

  await page.route("**/api/sessions/*/summary", (route) => route.abort("internetdisconnected"));
  await detail.getByRole("button", { name: SESSION_DETAIL_TEXTS.regenerateRecommendations }).click();
  await expect(page.getByRole("dialog", { name: "Analyzing Your Conversation" })).toBeVisible();
  // Matched by text: while the detail (a modal dialog) is open, Radix hides the toast region from the accessibility tree.
  await expect(page.getByText(SESSION_DETAIL_TEXTS.regenerationFailedTitle, { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(SESSION_DETAIL_TEXTS.regenerationFailedBody, { exact: true })).toBeVisible();
  const reopened = page.getByRole("dialog", { name: "Chores rota" });
  await reopened.getByRole("tab", { name: "Summary" }).click();
  await expect(reopened.getByRole("listitem").filter({ hasText: "Plan Saturday together" })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]"));
  expect(stored[0].recommendations).toEqual(["Plan Saturday together"]);
});

test("guest, a failed analysis whose transcript is gone or blank: the retry says 'Missing transcript data' or 'Empty transcript', and nothing is sent", async ({
  page,
  context,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  const failedAt = Date.UTC(2026, 10, 20, 10);
  // As keepFailedAnalysis writes them, one without its transcript (storage cleaned by hand, an older version's copy) and
  // one whose transcript holds no words.
  const failedAnalysis = (id: string, hour: number, transcript?: string) => ({
    id,
    isLocal: true,
    ...(transcript === undefined ? {} : { transcript }),
    createdAt: new Date(failedAt + hour * 3_600_000).toISOString(),
    timestamp: failedAt + hour * 3_600_000,
    failedAnalysis: { error: "Service Unavailable", timestamp: failedAt, attemptCount: 1 },
  });
  await page.evaluate(
    (sessions) => localStorage.setItem("local_sessions", JSON.stringify(sessions)),
    [failedAnalysis("local-1700000000037", 0), failedAnalysis("local-1700000000038", 1, "   ")],
  );
  await page.reload();
  const recorder = new RecorderPage(page);
  const analyses: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/api/analyze")) analyses.push(sent.url());
  });
  await expect(recorder.retryButtons).toHaveCount(2);

  // Named by when they were recorded (the browser runs in UTC): 10:00 has no transcript, 11:00 a blank one.
  await recorder.retryButtons.filter({ hasText: "10:00 AM" }).click();
  await expect(page.getByRole("listitem").getByText(ANALYSIS_TEXTS.missingTranscript, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(ANALYSIS_TEXTS.errorTitle, { exact: true })).toBeVisible();

  await recorder.retryButtons.filter({ hasText: "11:00 AM" }).click();
  await expect(page.getByRole("listitem").getByText(ANALYSIS_TEXTS.emptyTranscript, { exact: true })).toBeVisible();

  expect(analyses).toEqual([]);
  // Both still listed, and the recorder is free.
  await expect(recorder.retryButtons).toHaveCount(2);
  await expect(recorder.startButton).toBeEnabled();
});

test("a move into the account that the server cannot store ('Sessions Saved Locally') or refuses ('Migration Notice'): the sessions stay here, and the next visit moves them", async ({
  page,
  context,
  request,
}) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await seedLocalSessions(page, [
    { id: "local-1700000000035", briefSummary: "Budget review", transcript: "Ana: the budget again\nBen: fine" },
    { id: "local-1700000000036", briefSummary: "Visiting parents", transcript: "Ana: your parents on Friday?\nBen: sure" },
  ]);
  const migrate = "**/api/sessions/migrate**";
  await page.route(migrate, (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ localOnly: true }) }));
  const userId = `user_e2e_migrate_fail_${Date.now()}`;
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.reload();
  await expect(page.getByRole("listitem").getByText(T.migrationNoticeBody, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(T.savedLocallyTitle, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]").length)).toBe(2);
  await expect(history(page).getByRole("group")).toHaveCount(2);

  await page.unroute(migrate);
  await page.route(migrate, (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal error" }) }));
  await page.reload();
  await expect(page.getByRole("listitem").getByText(T.migrationNoticeTitle, { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(T.migrationNoticeBody, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]").length)).toBe(2);

  await page.unroute(migrate);
  await page.reload();
  await expect(page.getByRole("listitem").getByText(T.syncedBody(2), { exact: true })).toBeVisible();
  await expect(page.getByRole("listitem").getByText(T.syncedTitle, { exact: true })).toBeVisible();
  await expect.poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem("local_sessions") ?? "[]").length)).toBe(0);
  const token = await mintSessionToken(userId);
  const list = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(list.sessions).toHaveLength(2);
  await expect(history(page).getByRole("group")).toHaveCount(2);
});
