import type { Locator, Page } from "@playwright/test";

import { SESSION_TEXTS } from "../../components/session/texts";
import { checkScreen, expect, expectNoHorizontalScroll, PHONE_SIZES, test, visitSignedOut } from "./support/app";
import { FakeClerkFapi } from "./support/fake-clerk-fapi";
import { ACCOUNT_SERVER, GUEST_SERVER } from "./support/urls";

// The first run of a signed-out visitor (issue 12; spec part 2 sections 2, 4 and 5): the welcome card and its disclaimer,
// the five intro cards, the example session in the tutorial deck, then the recorder; a second visit goes straight to it.

// Every other spec starts as a returning visitor; this one is the first visit.
test.use({ disclaimerAccepted: false });

const INTRO_TITLES = [
  "Friendly Elephant in the Room",
  "Happier Together Proven!",
  "Real Talk Reimagined",
  "Habits For A Stronger Bond",
  "Start With Appreciation",
];

class WelcomeGate {
  readonly root: Locator;
  readonly disclaimer: Locator;
  readonly tryItOut: Locator;
  readonly signIn: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole("dialog", { name: "Welcome" });
    this.disclaimer = this.root.getByRole("checkbox", { name: /not therapy or mental-health treatment/ });
    this.tryItOut = this.root.getByRole("button", { name: "Try It Out" });
    this.signIn = this.root.getByRole("button", { name: "Sign In" });
  }
}

/** A finger drag of `dx` pixels across the middle of `target`. */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}

test(
  "first visit: disclaimer gate → five intro cards → tutorial deck → recorder; a second visit skips the welcome",
  { tag: PHONE_SIZES },
  async ({ page }, testInfo) => {
    // The whole first visit with four screens audited (about 22 s on a quiet machine): 60 s ran out once under load.
    test.setTimeout(90_000);
    await page.goto(`${GUEST_SERVER.url}/`);
    const gate = new WelcomeGate(page);
    await expect(gate.root).toBeVisible();
    await expect(gate.root.getByRole("heading", { name: "Welcome to Relationship Retro" })).toBeVisible();
    await expect(gate.root.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    await expect(gate.root.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    // Guest-only mode: accounts are off, so no button leads to a sign-in page that does not exist.
    await expect(gate.signIn).toHaveCount(0);
    await expect(gate.tryItOut).toBeDisabled();
    await expectNoHorizontalScroll(page);
    await checkScreen(page, "onboarding-welcome", testInfo);

    await gate.disclaimer.check();
    await expect(gate.tryItOut).toBeEnabled();
    await gate.disclaimer.uncheck();
    await expect(gate.tryItOut).toBeDisabled();
    await gate.disclaimer.check();
    await gate.tryItOut.click();

    // The intro cards: Next, a swipe left past 80 px, a swipe under it that does nothing, a swipe right back.
    const intro = page.getByRole("region", { name: "Introduction" });
    const progress = intro.getByRole("progressbar");
    await expect(intro.getByRole("heading", { name: INTRO_TITLES[0] })).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", "1");
    await checkScreen(page, "onboarding-intro", testInfo);
    await intro.getByRole("button", { name: "Next" }).click();
    await expect(intro.getByRole("heading", { name: INTRO_TITLES[1] })).toBeVisible();
    await swipe(page, intro.getByRole("group", { name: INTRO_TITLES[1] }), -60);
    await expect(intro.getByRole("heading", { name: INTRO_TITLES[1] })).toBeVisible();
    await swipe(page, intro.getByRole("group", { name: INTRO_TITLES[1] }), -120);
    await expect(intro.getByRole("heading", { name: INTRO_TITLES[2] })).toBeVisible();
    await swipe(page, intro.getByRole("group", { name: INTRO_TITLES[2] }), 120);
    await expect(intro.getByRole("heading", { name: INTRO_TITLES[1] })).toBeVisible();
    for (const title of INTRO_TITLES.slice(2)) {
      await intro.getByRole("button", { name: "Next" }).click();
      await expect(intro.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(progress).toHaveAttribute("aria-valuenow", "5");
    await expect(intro.getByRole("button", { name: "Next" })).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await intro.getByRole("button", { name: "Start" }).click();

    // The example session in the tutorial deck.
    const tutorial = page.getByRole("dialog", { name: "Tutorial" });
    await expect(tutorial.getByRole("heading", { name: "Welcome to Tutorial!" })).toBeVisible();
    await checkScreen(page, "onboarding-tutorial", testInfo);
    await tutorial.getByRole("button", { name: "Continue to Analysis" }).click();
    await tutorial.getByRole("button", { name: "Start Swiping Practice" }).click();
    for (let card = 0; card < 4; card++) {
      await expect(tutorial.getByText("Tutorial Practice")).toBeVisible();
      await tutorial.getByRole("button", { name: card % 2 ? /Dismiss/ : /Helpful/ }).click();
    }
    await expect(tutorial.getByRole("heading", { name: "Tutorial Completed" })).toBeVisible();
    const download = page.waitForEvent("download");
    await tutorial.getByRole("button", { name: "Set Reminder for Next Sunday 10 AM" }).click();
    expect((await download).suggestedFilename()).toBe("relationship-check-in.ics");
    // By text: the tutorial is an aria-modal dialog, so role queries do not see the toast behind it.
    const reminderToast = page.getByText(SESSION_TEXTS.reminderSetTitle, { exact: true });
    await expect(reminderToast).toBeVisible();
    await tutorial.getByRole("button", { name: "Finish Session" }).click();

    // The recorder, then the Add to Home Screen modal 500 ms later.
    await expect(tutorial).toBeHidden();
    await expect(page.getByRole("dialog", { name: "Add to Home Screen" })).toBeVisible();
    // Escape closes the topmost of Radix's dismissable layers, and a toast still up sometimes came out on top of a dialog
    // opened after it (2 runs in 6 closed the toast instead), so the dialogs' Escapes below wait for the reminder's to end.
    await expect(reminderToast).toBeHidden({ timeout: 10_000 });
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    // What opened the tutorial went with the welcome: the keyboard's focus is at the record button, not lost on the page.
    await expect(page.getByRole("button", { name: "Start recording" })).toBeFocused();
    // The example session never shows in the history.
    await expect(page.getByRole("region", { name: "Session History" })).not.toContainText("Sharing weekend chores");
    expect(await page.evaluate(() => window.localStorage.getItem("disclaimerAcceptedAt"))).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Help / about, from the header and from the privacy card's info icon; closing returns focus to the opener.
    const helpFromHeader = page.getByRole("banner").getByRole("button", { name: "Help and about" });
    await helpFromHeader.click();
    const help = page.getByRole("dialog", { name: "About Relationship Retro" });
    await expect(help).toContainText("not therapy or mental-health treatment");
    await expectNoHorizontalScroll(page);
    await checkScreen(page, "help-modal", testInfo);
    await help.getByRole("button", { name: "Close" }).click();
    await expect(help).toBeHidden();
    await expect(helpFromHeader).toBeFocused();
    await page.getByRole("region", { name: "Privacy by Design" }).getByRole("button", { name: "Help and about" }).click();
    await expect(help).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();

    // A second visit, in a new tab (no tutorial flag for this tab): straight to the recorder.
    const second = await page.context().newPage();
    await second.goto(`${GUEST_SERVER.url}/`);
    await expect(second.getByRole("button", { name: "Start recording" })).toBeVisible();
    await expect(new WelcomeGate(second).root).toHaveCount(0);
  },
);

test("with accounts on, the welcome card's Sign In waits for the disclaimer and leads to /sign-in; Skip jumps to the tutorial", async ({ page, context }) => {
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(`${ACCOUNT_SERVER.url}/`);
  const gate = new WelcomeGate(page);
  await expect(gate.signIn).toBeDisabled();
  await gate.disclaimer.check();
  await expect(gate.signIn).toBeEnabled();
  await gate.tryItOut.click();
  await page.getByRole("region", { name: "Introduction" }).getByRole("button", { name: "Skip" }).click();
  const tutorial = page.getByRole("dialog", { name: "Tutorial" });
  await expect(tutorial.getByRole("heading", { name: "Welcome to Tutorial!" })).toBeVisible();
  // Closing the tutorial also completes onboarding.
  await tutorial.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog", { name: "Add to Home Screen" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Start recording" })).toBeFocused();

  // A fresh visit on a device that never accepted: Sign In goes to the sign-in screen, which brings Clerk (home has none).
  await page.evaluate(() => window.localStorage.clear());
  await new FakeClerkFapi().install(context);
  const fresh = await context.newPage();
  await fresh.goto(`${ACCOUNT_SERVER.url}/`);
  const freshGate = new WelcomeGate(fresh);
  await freshGate.disclaimer.check();
  await freshGate.signIn.click();
  await expect(fresh).toHaveURL(/\/sign-in$/);
  await expect(fresh.getByRole("textbox", { name: "Email" })).toBeEnabled({ timeout: 15_000 });
});
