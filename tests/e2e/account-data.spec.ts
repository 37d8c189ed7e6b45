import { readFile } from "node:fs/promises";
import { type APIRequestContext, type Page } from "@playwright/test";

import { DATA_TEXTS, PROFILE_TEXTS } from "../../components/profile/texts";
import { fakeProviders } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { expect, Shell, signIn, test } from "./support/app";
import { seedAccountSession, seedLocalSessions } from "./support/sessions";
import { ACCOUNT_SERVER, GUEST_SERVER } from "./support/urls";

// The user's rights over their data (issue 15, section 5): download everything, delete everything after a confirmation,
// for an account (on the server) and for a guest (this browser only).
test.describe.configure({ mode: "serial" });

const history = (page: Page) => page.getByRole("region", { name: "Session History" });
const dataCard = (page: Page) => page.getByRole("region", { name: DATA_TEXTS.heading });

/** Session number `index` of `userId`'s account, about `briefSummary`. */
const saveSession = (request: APIRequestContext, userId: string, index: number, briefSummary: string) =>
  seedAccountSession(
    request,
    userId,
    `local-${1_700_000_000_000 + index}`,
    briefSummary,
    `Ana: we talked about ${briefSummary}`,
    new Date(Date.UTC(2026, 10, index)).toISOString(),
  );

// The download's toast sits at the foot of the screen, over Settings' "Return to App" when the page ends there; while the
// pointer is over it Radix holds it open, so a click aimed at the button behind it would wait forever. A user closes it.
// Matched by text: Settings is a modal dialog, and Radix hides the toast region from the accessibility tree meanwhile.
async function closeDownloadToast(page: Page) {
  const toast = page.locator("li").filter({ hasText: DATA_TEXTS.downloadStarted });
  await expect(toast).toBeVisible();
  await toast.locator('[aria-label="Dismiss notification"]').click();
  await expect(toast).toBeHidden();
}

/** Delete all my data, confirmed with `choice`: the data only (the default) or, signed in, the account too. */
async function confirmDeleteAll(page: Page, choice: string = DATA_TEXTS.confirmDelete) {
  await dataCard(page).getByRole("button", { name: DATA_TEXTS.deleteAll }).click();
  const dialog = page.getByRole("dialog", { name: DATA_TEXTS.confirmTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: choice, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test("signed in: Download my data gives the account's JSON; Delete all my data, once confirmed, empties the history and nothing else", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_data_${Date.now()}`;
  const otherId = `${userId}_other`;
  const token = await mintSessionToken(userId);
  const otherToken = await mintSessionToken(otherId);
  await saveSession(request, userId, 1, "Weekend plans");
  await saveSession(request, userId, 2, "Chores rota");
  await saveSession(request, otherId, 3, "Someone else's talk");

  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await expect(history(page).getByRole("group")).toHaveCount(2);

  await new Shell(page).profileButton.click();
  const profile = page.getByRole("dialog", { name: "Profile Settings" });
  await expect(profile).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), dataCard(page).getByRole("button", { name: DATA_TEXTS.download }).click()]);
  await closeDownloadToast(page);
  expect(download.suggestedFilename()).toMatch(/^relationship-coach-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported).toMatchObject({ format: "relationship-coach-export", account: { userId } });
  expect(exported.sessions.map((session: { transcript: string }) => session.transcript).sort()).toEqual([
    "Ana: we talked about Chores rota",
    "Ana: we talked about Weekend plans",
  ]);
  expect(JSON.stringify(exported)).not.toContain("Someone else");

  // Cancel first: nothing is deleted.
  await dataCard(page).getByRole("button", { name: DATA_TEXTS.deleteAll }).click();
  await page.getByRole("dialog", { name: DATA_TEXTS.confirmTitle }).getByRole("button", { name: DATA_TEXTS.cancel }).click();
  await expect(page.getByRole("dialog", { name: DATA_TEXTS.confirmTitle })).toBeHidden();

  await confirmDeleteAll(page);
  await expect(dataCard(page).getByRole("status")).toHaveText(DATA_TEXTS.deletedAccount);
  await profile.getByRole("button", { name: "Return to App" }).click();
  await expect(history(page).getByRole("group")).toHaveCount(0);
  await expect(history(page).getByText("Weekend plans")).toBeHidden();

  // The server agrees, and the other account's session is still there.
  const mine = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(mine.sessions).toEqual([]);
  const theirs = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${otherToken}` } })).json();
  expect(theirs.sessions).toHaveLength(1);
});

test("signed in: Delete my data and my account - Clerk refuses the account first ('could not be deleted', the data gone), then the retry deletes it and signs out", async ({
  page,
  context,
  request,
}) => {
  const userId = `user_e2e_data_account_${Date.now()}`;
  const token = await mintSessionToken(userId);
  await saveSession(request, userId, 1, "Weekend plans");
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await expect(history(page).getByRole("group")).toHaveCount(1);
  await fakeProviders.reset();
  await fakeProviders.queue("clerk.users.delete", { status: 500 });

  await new Shell(page).profileButton.click();
  await confirmDeleteAll(page, DATA_TEXTS.confirmDeleteAccount);
  await expect(dataCard(page).getByRole("status")).toHaveText(DATA_TEXTS.accountDeleteFailed);
  const mine = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(mine.sessions).toEqual([]);

  // The retry repeats the account step: Clerk deletes the user, and this browser is signed out.
  await confirmDeleteAll(page, DATA_TEXTS.confirmDeleteAccount);
  await expect(history(page).getByText(/You are not signed in/)).toBeVisible({ timeout: 15_000 });
  await expect(new Shell(page).profileButton).toBeHidden();
  // Signed out by a reload here (the test signs in without Clerk's script): the page after it says what happened.
  await expect(page.getByRole("listitem").getByText(DATA_TEXTS.deletedWithAccount, { exact: true })).toBeVisible();
  const deletions = await fakeProviders.requests("clerk.users.delete");
  expect(deletions.map(({ method, path, auth }) => ({ method, path, auth }))).toEqual([
    { method: "DELETE", path: `/v1/users/${userId}`, auth: "bearer" },
    { method: "DELETE", path: `/v1/users/${userId}`, auth: "bearer" },
  ]);
});

/** A toast titled `title` saying `body`, then closed so that it covers nothing of Settings. Matched by text (see above). */
async function expectFailureToast(page: Page, title: string, body: string) {
  const toast = page.locator("li").filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast.getByText(body, { exact: true })).toBeVisible();
  await toast.locator('[aria-label="Dismiss notification"]').click();
  await expect(toast).toBeHidden();
}

test("signed in: when Download my data or Delete all my data fails, the toast says so and every session is still there", async ({ page, context, request }) => {
  const userId = `user_e2e_data_fail_${Date.now()}`;
  const token = await mintSessionToken(userId);
  await saveSession(request, userId, 1, "Weekend plans");
  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  await expect(history(page).getByRole("group")).toHaveCount(1);

  await new Shell(page).profileButton.click();
  const profile = page.getByRole("dialog", { name: "Profile Settings" });
  await expect(profile).toBeVisible();
  const serverError = { status: 500, contentType: "application/json", body: JSON.stringify({ error: "Internal error" }) };

  await page.route("**/api/account/export", (route) => route.fulfill(serverError));
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  await dataCard(page).getByRole("button", { name: DATA_TEXTS.download }).click();
  await expectFailureToast(page, DATA_TEXTS.downloadFailedTitle, DATA_TEXTS.downloadFailedBody);
  await expect(dataCard(page).getByRole("button", { name: DATA_TEXTS.download })).toBeEnabled();
  expect(downloads).toEqual([]);

  await page.route("**/api/account/data", (route) => (route.request().method() === "DELETE" ? route.fulfill(serverError) : route.fallback()));
  await confirmDeleteAll(page);
  await expectFailureToast(page, DATA_TEXTS.deleteFailedTitle, DATA_TEXTS.deleteFailedBody);
  // The card's outcome line stays empty (and so hidden): nothing says the data was deleted.
  await expect(dataCard(page).getByRole("status", { includeHidden: true })).toBeEmpty();
  await profile.getByRole("button", { name: "Return to App" }).click();

  // Nothing was deleted: the history lists the session, after a reload too, and the account still holds it.
  await expect(history(page).getByRole("group")).toHaveCount(1);
  await page.reload();
  await expect(history(page).getByRole("group")).toHaveCount(1);
  await expect(history(page).getByText("Weekend plans").first()).toBeVisible();
  const mine = await (await request.get(`${ACCOUNT_SERVER.url}/api/sessions`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(mine.sessions).toHaveLength(1);
});

test("guest: Delete all my data in Settings removes this browser's sessions, with no call to the server", async ({ page }) => {
  await page.goto(GUEST_SERVER.url);
  await seedLocalSessions(page, [{ id: "local-1700000000009", briefSummary: "Guest talk", transcript: "Ana: a guest's talk" }]);
  await page.reload();
  await expect(history(page).getByRole("group")).toHaveCount(1);

  const settings = await new Shell(page).openSettings();
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
  });

  const [download] = await Promise.all([page.waitForEvent("download"), dataCard(page).getByRole("button", { name: DATA_TEXTS.download }).click()]);
  await closeDownloadToast(page);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported).toMatchObject({ source: "this-device", sessions: [{ id: "local-1700000000009", transcript: "Ana: a guest's talk" }] });

  await confirmDeleteAll(page);
  await expect(dataCard(page).getByRole("status")).toHaveText(DATA_TEXTS.deletedDevice);
  await settings.returnButton.click();
  await expect(history(page).getByRole("group")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("local_sessions"))).toBeNull();
  expect(apiCalls).toEqual([]);
});

test("Profile Settings: Update Name says 'Profile updated', and a browser that refuses to keep the name says so and keeps what was typed", async ({
  page,
  context,
}) => {
  await signIn(context, ACCOUNT_SERVER, `user_e2e_profile_name_${Date.now()}`);
  await page.goto(ACCOUNT_SERVER.url);
  await new Shell(page).profileButton.click();
  const profile = page.getByRole("dialog", { name: PROFILE_TEXTS.title });
  const name = profile.getByLabel(PROFILE_TEXTS.nameLabel);
  const update = profile.getByRole("button", { name: PROFILE_TEXTS.updateName });
  await name.fill("Ana");
  await update.click();
  // Matched by text: the profile is a modal dialog, and Radix hides the toast region from the accessibility tree meanwhile.
  await expect(page.getByText(PROFILE_TEXTS.updatedTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(PROFILE_TEXTS.updatedBody, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("userDisplayName"))).toBe("Ana");

  // The browser's storage now refuses the write (full, or blocked).
  await page.evaluate(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === "userDisplayName") throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      setItem.call(this, key, value);
    };
  });
  await name.fill("Ana Maria");
  await update.click();
  await expect(page.getByText(PROFILE_TEXTS.updateFailed, { exact: true })).toBeVisible();
  await expect(name).toHaveValue("Ana Maria");
  expect(await page.evaluate(() => localStorage.getItem("userDisplayName"))).toBe("Ana");
});
