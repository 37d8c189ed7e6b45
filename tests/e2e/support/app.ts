import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";

import { DISCLAIMER_ACCEPTED_KEY, DISCLAIMER_COOKIE } from "../../../lib/client/onboarding/keys";
import { browserSessionCookies, devBrowserCookies } from "../../helpers/clerk-test-auth";
import { E2E_HOST, type AppServer } from "./urls";

/** Requests that may leave the machine: none. Clerk's hosted script, fonts, analytics… are refused at once instead of
 * hanging on DNS, and the hosts they tried are listed on the test for review. */
const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname) || url.protocol === "data:" || url.protocol === "blob:";

// React reports a server/client mismatch as a recoverable error (minified in production builds: #418, #423, #425).
const HYDRATION_ERROR = /hydrat|react\.dev\/errors\/(418|419|422|423|425)\b/i;

/** Chromium's console line for a blocked load, inline script, eval or worker ("… violates the following Content Security
 * Policy directive …", older versions "Refused to …"). Violations inside workers reach only the console. */
const CSP_CONSOLE_MESSAGE = /Content Security Policy/i;

/** Binding the init script reports each `securitypolicyviolation` event through, from every page and frame of the context. */
const CSP_BINDING = "__e2eReportCspViolation";

export const test = base.extend<{
  noExternalNetwork: void;
  noHydrationErrors: void;
  noCspViolations: void;
  disclaimerAccepted: boolean;
  preAcceptDisclaimer: void;
  pageClock: boolean;
  installPageClock: void;
}>({
  // With test.use({ pageClock: true }) (the files that record), every page's timers and dates run on Playwright's clock, which
  // keeps real time until a test moves it on: a test jumps a wait the app counts (the readiness card's 3-2-1, a 30 s
  // time-out) instead of sitting through it. Installed before the first page loads, so every timer the app sets is on it (one
  // set on the real clock before an install could no longer be cleared). Not everywhere: under it, performance.timeOrigin is
  // the test's start on every page, so the page a Google sign-in returns to looks older than the cookie it must clear.
  pageClock: [false, { option: true }],
  installPageClock: [
    async ({ context, pageClock }, use) => {
      if (pageClock) await context.clock.install();
      await use();
    },
    { auto: true },
  ],
  // A signed-out first visit opens on the welcome gate (issue 12). Every test but the onboarding journey starts as a
  // returning visitor who accepted the disclaimer on this device; onboarding.spec.ts opts out with
  // test.use({ disclaimerAccepted: false }).
  disclaimerAccepted: [true, { option: true }],
  preAcceptDisclaimer: [
    async ({ context, disclaimerAccepted }, use) => {
      if (disclaimerAccepted) {
        await context.addInitScript((key) => {
          try {
            if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, new Date().toISOString());
          } catch {
            // Opaque origins (about:blank, data:) have no storage.
          }
        }, DISCLAIMER_ACCEPTED_KEY);
        // And the cookie the acceptance sets beside it, so the server's HTML opens on the recorder (cookies are per host, not
        // per port: one covers every test server).
        await context.addCookies([{ name: DISCLAIMER_COOKIE, value: "1", domain: E2E_HOST, path: "/", sameSite: "Lax" }]);
      }
      await use();
    },
    { auto: true },
  ],
  // A page whose first client render differs from the server's HTML is thrown away and rendered again: slower, and it
  // flickers. Every test fails on it.
  noHydrationErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
      });
      page.on("pageerror", (error) => {
        if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
      });
      await use();
      expect(errors, "hydration errors").toEqual([]);
    },
    { auto: true },
  ],
  // The pages must work under their Content-Security-Policy (proxy.ts, lib/server/security/headers.ts): anything the policy
  // blocks — a script without the nonce, an eval, a request to a host it does not list — fails the test. No exceptions: a
  // host the test machine cannot reach is refused by noExternalNetwork below as a network error, which is not a violation,
  // so a violation always means production would block it too.
  noCspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding(CSP_BINDING, ({ frame }, violation: string) => violations.push(`${violation} (page ${frame.url()})`));
      await context.addInitScript((binding) => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as Record<string, (violation: string) => void>)[binding];
          report?.(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile || "?"}:${event.lineNumber}`);
        });
      }, CSP_BINDING);
      context.on("console", (message) => {
        if (message.type() === "error" && CSP_CONSOLE_MESSAGE.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  noExternalNetwork: [
    async ({ context }, use, testInfo) => {
      const blocked = new Set<string>();
      await context.route(
        (url) => !isLoopback(url),
        (route) => {
          blocked.add(new URL(route.request().url()).host);
          return route.abort("internetdisconnected");
        },
      );
      await use();
      if (blocked.size > 0) testInfo.annotations.push({ type: "blocked external hosts", description: [...blocked].join(", ") });
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The tests that also run at the second phone size (the "iphone" project): the screens and main journeys, where layout can
 * differ. Error paths and storage rules do not depend on the viewport and run once, which keeps CI under its time budget.
 */
export const PHONE_SIZES = "@phone-sizes";

/**
 * A signed-out visitor. On a Clerk server the browser carries the development instance's dev-browser cookie, as any browser
 * does after its first visit; without it Clerk redirects page loads to its (unreachable) servers.
 */
export async function visitSignedOut(context: BrowserContext, server: AppServer): Promise<void> {
  if (server.clerk) await context.addCookies(devBrowserCookies(server.url));
}

/** Signs the browser in on `server` as `userId` with offline-verifiable Clerk cookies. */
export async function signIn(context: BrowserContext, server: AppServer, userId: string): Promise<void> {
  await context.addCookies(await browserSessionCookies(userId, server.url));
}

/**
 * The page fits the phone's width: nothing makes the document scroll sideways. With mobile emulation Chromium widens
 * `innerWidth` to the content (600px content gives innerWidth 600 on a 412px phone), so the layout viewport
 * (`documentElement.clientWidth`) and the configured viewport are the widths that count.
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  const width = Math.min(innerWidth, clientWidth, page.viewportSize()?.width ?? innerWidth);
  expect(scrollWidth, `document is ${scrollWidth}px wide on a ${width}px wide phone`).toBeLessThanOrEqual(width);
}

/** What the screens are held to: WCAG 2.2 levels A and AA, as axe-core tags them. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** The screens this worker has checked, per project: a journey shared by many tests (the deck) reaches the same screen each time. */
const checkedScreens = new Set<string>();

/**
 * Full-page pictures of the screens are for a person to look at: a local run takes them, CI only when E2E_SCREENSHOTS=1
 * (nobody looks at a CI machine's output, and on its two cores one picture of a long screen took 4 to 18 s).
 */
const TAKE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

/**
 * CI's second pass (TEST_SCOPE=database, against PostgreSQL) runs the same build as the first, which audited every screen:
 * the database changes no markup, so the second pass spends its time on what it can change.
 */
const SCREENS_CHECKED_IN_FIRST_PASS = process.env.TEST_SCOPE === "database";

/**
 * Waits (5 s at most) for the page's finite animations and transitions to end; endless ones (a spinner) are left running.
 * An element caught mid-fade (a toast coming in) has less contrast than the screen it lands on, and axe would report it.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * A screen as a user meets it, in two checks: a full-page screenshot for human review (<the run's output dir,
 * test-results…>/screens/<name>-<project>.png; TAKE_SCREENSHOTS), and an axe-core audit against WCAG 2.2 A and AA (names,
 * labels, contrast, roles, landmarks). A violation fails the test, listed with its elements; the test goes on, so one run
 * lists them all. Once per screen name and project: the next test reaching it meets the same screen.
 */
export async function checkScreen(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  const key = `${testInfo.project.name}/${name}`;
  if (checkedScreens.has(key) || SCREENS_CHECKED_IN_FIRST_PASS) return;
  checkedScreens.add(key);
  if (TAKE_SCREENSHOTS) {
    const dir = path.join(testInfo.project.outputDir, "screens");
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}-${testInfo.project.name}.png`), fullPage: true });
  }
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect.soft(found, `accessibility of the screen "${name}"`).toEqual([]);
}

/** Header bar of every screen (spec part 1, section 2). */
export class Shell {
  readonly banner: Locator;
  readonly homeButton: Locator;
  readonly settingsButton: Locator;
  readonly profileButton: Locator;

  constructor(readonly page: Page) {
    this.banner = page.getByRole("banner");
    this.homeButton = this.banner.getByRole("button", { name: "Relationship Retro: go to home" });
    this.settingsButton = this.banner.getByRole("button", { name: "Settings", exact: true });
    this.profileButton = this.banner.getByRole("button", { name: "Open Profile Settings" });
  }

  async openSettings(): Promise<SettingsDialog> {
    await this.settingsButton.click();
    const dialog = new SettingsDialog(this.page);
    // The overlay's code loads on the first tap (components/shell/lazy-overlays.tsx): under CI's load that alone once took more than 5 s.
    await expect(dialog.root).toBeVisible({ timeout: 15_000 });
    return dialog;
  }
}

/** The Settings overlay. */
export class SettingsDialog {
  readonly root: Locator;
  readonly about: Locator;
  readonly privacySwitch: Locator;
  readonly language: Locator;
  readonly feedbackLink: Locator;
  readonly signInWithGoogle: Locator;
  readonly returnButton: Locator;

  constructor(page: Page) {
    this.root = page.getByRole("dialog", { name: "Settings" });
    this.about = this.root.getByRole("heading", { name: "About" });
    this.privacySwitch = this.root.getByRole("switch", { name: "Privacy by Design" });
    this.language = this.root.getByRole("combobox", { name: "Recording Language" });
    this.feedbackLink = this.root.getByRole("link", { name: "Send us feedback" });
    this.signInWithGoogle = page.getByRole("button", { name: "Sign in with Google" });
    this.returnButton = this.root.getByRole("button", { name: "Return to App" });
  }
}
