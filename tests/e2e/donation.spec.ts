import type { Page } from "@playwright/test";

import { DONATION_TEXTS } from "../../components/donation/texts";
import { fakeProviders } from "../fake-providers/client";
import { expect, test, visitSignedOut } from "./support/app";
import { answerPayPalSdk, FAKE_PAYPAL_BUTTON } from "./support/fake-paypal-sdk";
import { ACCOUNT_SERVER, GUEST_SERVER, type AppServer } from "./support/urls";

// "Buy Us A Drink" in Settings (issue 13; spec part 1, sections 2, 4, 5, 8 and 9). PayPal's SDK is answered by a fake at the
// network boundary (support/fake-paypal-sdk.ts); the app's order routes run for real against the fake PayPal REST API. The
// account server is configured with a PayPal client id and secret (playwright.config.ts); the guest-only server with none.
test.describe.configure({ mode: "serial" });
test.beforeEach(async () => {
  await fakeProviders.reset();
});

async function openDonation(page: Page, context: Parameters<typeof visitSignedOut>[0], server: AppServer = ACCOUNT_SERVER) {
  await visitSignedOut(context, server);
  await page.goto(server.url);
  await page.getByRole("banner").getByRole("button", { name: "Settings", exact: true }).click();
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Buy Us A Drink" }).click();
  const dialog = page.getByRole("dialog", { name: "Buy Us A Drink" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const chip = (dialog: ReturnType<Page["getByRole"]>, amount: number) => dialog.getByRole("button", { name: `$${amount}`, exact: true });

test("chips 1 / 2 / 5 with $2 chosen, the custom amount's rules, a donation captured, and the dialog closing 2400 ms after 'Thank you!'", async ({
  page,
  context,
}) => {
  const sdk = await answerPayPalSdk(page);
  const dialog = await openDonation(page, context);

  for (const amount of [1, 2, 5]) await expect(chip(dialog, amount)).toBeVisible();
  await expect(chip(dialog, 2)).toHaveAttribute("aria-pressed", "true");
  await chip(dialog, 5).click();
  await expect(chip(dialog, 5)).toHaveAttribute("aria-pressed", "true");
  await expect(chip(dialog, 2)).toHaveAttribute("aria-pressed", "false");

  const pay = dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON });
  await expect(pay).toBeVisible();
  expect(sdk).toHaveLength(1);
  const sdkUrl = new URL(sdk[0]!);
  expect(sdkUrl.searchParams.get("currency")).toBe("USD");
  expect(sdkUrl.searchParams.get("intent")).toBe("capture");
  expect(sdkUrl.searchParams.get("client-id")).toHaveLength(80);

  // Non-numeric characters stripped, below $1: "Min $1", and a disabled "Enter at least $1" instead of the buttons.
  const custom = dialog.getByLabel("Custom amount");
  await custom.fill("abc0.5");
  await expect(custom).toHaveValue("0.5");
  await expect(dialog.getByText("Min $1", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Enter at least $1" })).toBeDisabled();
  await expect(pay).toBeHidden();
  await expect(chip(dialog, 5)).toHaveAttribute("aria-pressed", "false");

  // A decimal comma typed key by key is a decimal point: $3.50, never $350.
  await custom.fill("");
  await custom.pressSequentially("3,50");
  await expect(custom).toHaveValue("3.50");

  // At most 2 decimals kept.
  await custom.fill("3.456");
  await expect(custom).toHaveValue("3.45");
  await expect(dialog.getByText("Min $1", { exact: true })).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Enter at least $1" })).toBeHidden();

  // The page's own clock times the thank-you and the dialog's closing: the test's clock would also count how late a loaded
  // machine lets the test see them.
  await page.evaluate(() => {
    const marks: { thanked?: number; closed?: number } = {};
    (window as unknown as { __donationMarks: typeof marks }).__donationMarks = marks;
    // Settings stays open under it: the donation dialog is the one its title names.
    const donationDialog = () =>
      [...document.querySelectorAll('[role="dialog"]')].find(
        (element) => document.getElementById(element.getAttribute("aria-labelledby") ?? "")?.textContent?.trim() === "Buy Us A Drink",
      );
    const observer = new MutationObserver(() => {
      const dialog = donationDialog();
      if (marks.thanked === undefined && dialog?.textContent?.includes("Thank you!")) marks.thanked = performance.now();
      if (marks.thanked !== undefined && !dialog) {
        marks.closed = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await pay.click();
  // Four calls (two routes of the app, each with PayPal): when this is a shard's first test, the server loads those routes'
  // code for the first time, and beside the other shard that took more than 5 s.
  await expect(dialog.getByText("Thank you!", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText("Cheers to your next retro 🥂")).toBeVisible();
  const [order] = await fakeProviders.requests("paypal.orders");
  expect(order?.body).toMatchObject({ intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "USD", value: "3.45" } }] });
  expect(await fakeProviders.requests("paypal.capture")).toHaveLength(1);

  await expect(dialog).toBeHidden({ timeout: 5_000 });
  const marks = await page.evaluate(() => (window as unknown as { __donationMarks: { thanked?: number; closed?: number } }).__donationMarks);
  // 2400 ms in the spec; the observer sees both changes within a frame of when they happen.
  expect(marks.closed! - marks.thanked!).toBeGreaterThanOrEqual(2_300);

  // Closing reset the amount to $2 and cleared the custom field.
  await page.getByRole("dialog", { name: "Settings" }).getByRole("button", { name: "Buy Us A Drink" }).click();
  await expect(chip(dialog, 2)).toHaveAttribute("aria-pressed", "true");
  await expect(dialog.getByLabel("Custom amount")).toHaveValue("");
});

test("PayPal's script not loaded within 5 s: the time-out message with the ad-blocker advice", async ({ page, context }) => {
  await answerPayPalSdk(page, { delayMs: 8_000 });
  const dialog = await openDonation(page, context);
  await expect(dialog.getByText("Loading PayPal...")).toBeVisible();
  await page.waitForTimeout(4_000);
  await expect(dialog.getByText("PayPal is taking too long to load...")).toBeHidden();
  await expect(dialog.getByText("PayPal is taking too long to load...")).toBeVisible({ timeout: 2_500 });
  await expect(dialog.getByText(/ad blocker/)).toBeVisible();
});

test("the order cannot be created: 'We could not start the PayPal checkout', and the amount stays to try again", async ({ page, context }) => {
  await fakeProviders.queue("paypal.orders", { status: 500 });
  await answerPayPalSdk(page);
  const dialog = await openDonation(page, context);
  await dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON }).click();
  await expect(dialog.getByRole("alert")).toHaveText("We could not start the PayPal checkout. Please try again.");
  expect(await fakeProviders.requests("paypal.capture")).toHaveLength(0);

  // The next attempt works.
  await dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON }).click();
  await expect(dialog.getByText("Thank you!", { exact: true })).toBeVisible();
});

test("a capture PayPal fails once is asked once more, and the donation goes through", async ({ page, context }) => {
  await fakeProviders.queue("paypal.capture", { status: 500 });
  await answerPayPalSdk(page);
  const dialog = await openDonation(page, context);
  await dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON }).click();
  await expect(dialog.getByText("Thank you!", { exact: true })).toBeVisible();
  expect(await fakeProviders.requests("paypal.orders")).toHaveLength(1);
  expect(await fakeProviders.requests("paypal.capture")).toHaveLength(2);
});

test("the payment cannot be captured: 'Something went wrong capturing the payment'; a cancelled payment returns to idle", async ({ page, context }) => {
  // The capture and the one asked again after it.
  await fakeProviders.queue("paypal.capture", { status: 500 }, { status: 500 });
  await answerPayPalSdk(page);
  const dialog = await openDonation(page, context);
  await dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Something went wrong capturing the payment. Please try again.");

  await page.evaluate(() => Object.assign(window, { __fakePayPalBuyer: "cancel" }));
  await dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON }).click();
  // The second order was created, then the buyer cancelled: no capture, no error, no thanks.
  await expect.poll(async () => (await fakeProviders.requests("paypal.orders")).length).toBe(2);
  await expect(dialog.getByRole("alert")).toBeHidden();
  await expect(dialog.getByText("Thank you!", { exact: true })).toBeHidden();
  await expect(dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON })).toBeVisible();
  expect(await fakeProviders.requests("paypal.capture")).toHaveLength(2);
});

test("no PayPal client id configured: the dialog says it must be set, and loads nothing from PayPal", async ({ page, context }) => {
  const sdk = await answerPayPalSdk(page);
  const dialog = await openDonation(page, context, GUEST_SERVER);
  await expect(dialog.getByText("The PayPal client ID must be set in the environment (NEXT_PUBLIC_PAYPAL_CLIENT_ID) to enable donations.")).toBeVisible();
  await expect(chip(dialog, 2)).toHaveAttribute("aria-pressed", "true");
  expect(sdk).toEqual([]);
});

test("an incomplete client id: 'Invalid Client ID' with the hint, and no SDK request", async ({ page, context }) => {
  const sdk = await answerPayPalSdk(page);
  // The one server answer faked here: a server configured with a truncated id (the rule is unit-tested in
  // lib/domain/donation/amount.test.ts; this checks what the dialog shows for it).
  await page.route("**/api/public/donations/config", (route) => route.fulfill({ json: { clientId: "AbC123-truncated", ordersEnabled: true } }));
  const dialog = await openDonation(page, context);
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("Invalid Client ID");
  await expect(alert).toContainText("complete client ID");
  expect(sdk).toEqual([]);
});

test("a custom amount above the maximum: a disabled 'Enter at most $500' instead of the pay button, and $500 itself is paid", async ({ page, context }) => {
  await answerPayPalSdk(page);
  const dialog = await openDonation(page, context);
  const pay = dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON });
  await expect(pay).toBeVisible();

  const custom = dialog.getByLabel(DONATION_TEXTS.customLabel);
  await custom.fill("500.01");
  await expect(custom).toHaveValue("500.01");
  await expect(dialog.getByRole("button", { name: DONATION_TEXTS.enterAtMost })).toBeDisabled();
  await expect(pay).toBeHidden();
  await expect(chip(dialog, 2)).toHaveAttribute("aria-pressed", "false");

  // The maximum itself is allowed: the pay button is back, and it orders exactly that.
  await custom.fill("500");
  await expect(dialog.getByRole("button", { name: DONATION_TEXTS.enterAtMost })).toBeHidden();
  await pay.click();
  await expect(dialog.getByText(DONATION_TEXTS.successTitle, { exact: true })).toBeVisible();
  const orders = await fakeProviders.requests("paypal.orders");
  expect(orders).toHaveLength(1);
  expect(orders[0]?.body).toMatchObject({ purchase_units: [{ amount: { currency_code: "USD", value: "500.00" } }] });
});

test("a server with a client id but no PayPal secret: 'Donations are not configured on this server yet', and nothing loads from PayPal", async ({
  page,
  context,
}) => {
  const sdk = await answerPayPalSdk(page);
  // The server's own answer, as a server configured without PAYPAL_CLIENT_SECRET gives it: orders not enabled.
  await page.route("**/api/public/donations/config", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), ordersEnabled: false } });
  });
  const dialog = await openDonation(page, context);
  await expect(dialog.getByText(DONATION_TEXTS.ordersDisabled, { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: FAKE_PAYPAL_BUTTON })).toHaveCount(0);
  await expect(chip(dialog, 2)).toHaveAttribute("aria-pressed", "true");
  expect(sdk).toEqual([]);
  expect(await fakeProviders.requests("paypal.orders")).toHaveLength(0);
});
