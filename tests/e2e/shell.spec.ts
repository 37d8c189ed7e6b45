import { checkScreen, expect, expectNoHorizontalScroll, PHONE_SIZES, Shell, signIn, test, visitSignedOut } from "./support/app";
import { ACCOUNT_SERVER, ACCOUNT_URL, APP_SERVERS } from "./support/urls";

// The shell a visitor sees first (spec part 1 section 2, part 2 sections 2 and 6): header bar, Settings overlay, legal pages
// and the 404 page, in both run modes of one build, at phone sizes.

for (const server of APP_SERVERS) {
  test.describe(`shell on the ${server.name} server, signed out`, { tag: PHONE_SIZES }, () => {
    test.beforeEach(({ context }) => visitSignedOut(context, server));

    test("header bar and Settings overlay", async ({ page }, testInfo) => {
      await page.goto(`${server.url}/`);
      const shell = new Shell(page);
      await expect(shell.banner).toBeVisible();
      await expect(shell.homeButton).toBeVisible();
      await expect(shell.settingsButton).toBeVisible();
      await expect(shell.profileButton).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      // The main action is in the first screen of a phone, without scrolling.
      const recordButton = (await page.getByRole("button", { name: "Start recording" }).boundingBox())!;
      expect(recordButton.y + recordButton.height).toBeLessThanOrEqual(page.viewportSize()!.height);
      await checkScreen(page, `home-${server.name}`, testInfo);

      const settings = await shell.openSettings();
      await expect(settings.about).toBeVisible();
      await expect(settings.privacySwitch).toBeChecked();
      await expect(settings.language).toHaveValue("en-US");
      await expect(settings.language.getByRole("option")).toHaveCount(25);
      await expect(settings.feedbackLink).toHaveAttribute("href", /^mailto:\S+@\S+/);
      if (server.clerk) await expect(settings.signInWithGoogle).toBeVisible();
      else await expect(settings.signInWithGoogle).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await checkScreen(page, `settings-${server.name}`, testInfo);

      await settings.returnButton.click();
      await expect(settings.root).toBeHidden();
      await expect(shell.settingsButton).toBeFocused();
    });

    test("Privacy by Design off is stored and survives a reload", async ({ page }) => {
      await page.goto(`${server.url}/`);
      const shell = new Shell(page);
      const settings = await shell.openSettings();
      await expect(settings.privacySwitch).toBeChecked();

      await settings.privacySwitch.click();
      await expect(settings.privacySwitch).not.toBeChecked();
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem("privacyMode"))).toBe("false");

      await page.reload();
      const reopened = await new Shell(page).openSettings();
      await expect(reopened.privacySwitch).not.toBeChecked();

      // And back on: the setting is a real toggle, not a one-way latch.
      await reopened.privacySwitch.click();
      await expect(reopened.privacySwitch).toBeChecked();
      await expect.poll(() => page.evaluate(() => window.localStorage.getItem("privacyMode"))).not.toBe("false");
    });

    test("unknown path is a 404 'Page Not Found'", async ({ page }, testInfo) => {
      const response = await page.goto(`${server.url}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Page Not Found").first()).toBeVisible();
      await expectNoHorizontalScroll(page);
      await checkScreen(page, `not-found-${server.name}`, testInfo);
    });
  });
}

test.describe("shell on the account server, signed in", { tag: PHONE_SIZES }, () => {
  test("header offers Profile Settings and Settings never offers Google sign-in", async ({ page, context }, testInfo) => {
    await signIn(context, ACCOUNT_SERVER, "user_e2e_shell");
    const response = await page.goto(`${ACCOUNT_URL}/`);
    // A rejected session cookie would send the browser to Clerk's servers (blocked here) instead of rendering the page.
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${ACCOUNT_URL}/`);

    const shell = new Shell(page);
    await expect(shell.profileButton).toBeVisible();
    await expect(shell.settingsButton).toBeVisible();
    await expectNoHorizontalScroll(page);
    await checkScreen(page, "home-signed-in", testInfo);

    const settings = await shell.openSettings();
    await expect(settings.about).toBeVisible();
    await expect(settings.signInWithGoogle).toHaveCount(0);
  });
});

test.describe("legal pages", { tag: PHONE_SIZES }, () => {
  test.beforeEach(({ context }) => visitSignedOut(context, ACCOUNT_SERVER));

  const pages = [
    { path: "/privacy-policy", title: "Privacy Policy", screen: "privacy-policy" },
    { path: "/terms-of-service", title: "Terms of Service", screen: "terms-of-service" },
  ];

  for (const legal of pages) {
    test(`${legal.path} renders with a way back`, async ({ page }, testInfo) => {
      const response = await page.goto(`${ACCOUNT_URL}${legal.path}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: legal.title })).toBeVisible();
      const back = page.getByRole("link", { name: "Back to App" }).first();
      await expect(back).toHaveAttribute("href", "/");
      await expectNoHorizontalScroll(page);
      await checkScreen(page, legal.screen, testInfo);

      await back.click();
      await expect(page).toHaveURL(`${ACCOUNT_URL}/`);
    });
  }

  test("terms have sections 1. to 13.", async ({ page }) => {
    await page.goto(`${ACCOUNT_URL}/terms-of-service`);
    for (let section = 1; section <= 13; section += 1) {
      await expect(page.getByRole("heading", { name: new RegExp(`^${section}\\.\\s`) }), `section ${section}.`).toHaveCount(1);
    }
    await expect(page.getByRole("heading", { name: /^14\.\s/ })).toHaveCount(0);
  });
});
