import type { APIRequestContext, Page } from "@playwright/test";

import { fakeProviders } from "../fake-providers/client";
import { expect, test, visitSignedOut } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { ACCOUNT_SERVER, GUEST_SERVER } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// The installable app (issue 13): the web app manifest and its icons, the service worker (app/sw.ts, served by
// app/serwist/[path]/route.ts) and the home screen opening and recording with no connection. Service workers are blocked in
// the other specs (playwright.config.ts: a worker would answer requests their page.route() calls expect to see); here they
// run, under the same Content-Security-Policy checks as every page.
test.use({ serviceWorkers: "allow" });
test.describe.configure({ mode: "serial" });

type ManifestIcon = { src: string; sizes: string; type?: string; purpose?: string };

/** Width and height from a PNG's IHDR chunk (bytes 16 to 23), after checking the PNG signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function expectPngOfSize(request: APIRequestContext, url: string, sizes: string): Promise<void> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  const { width, height } = pngSize(await response.body());
  expect(`${width}x${height}`, url).toBe(sizes);
}

/** Waits until the service worker controls the page and has stored the home page for offline use. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.waitForFunction(async () => Boolean(await caches.match("/")), undefined, { timeout: 15_000 });
}

test("the manifest is complete, every icon is served at its declared size, and Chromium finds the app installable", async ({ page, request }) => {
  const response = await page.goto(GUEST_SERVER.url);
  expect(response?.status()).toBe(200);

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/manifest.webmanifest");
  const manifestResponse = await request.get(`${GUEST_SERVER.url}${manifestHref}`);
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: "Relationship Retro",
    short_name: expect.any(String),
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
  });

  const icons: ManifestIcon[] = manifest.icons;
  const sizes = (purpose: string) => icons.filter((icon) => (icon.purpose ?? "any").split(" ").includes(purpose)).map((icon) => icon.sizes);
  expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(sizes("maskable")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  for (const icon of icons) await expectPngOfSize(request, `${GUEST_SERVER.url}${icon.src}`, icon.sizes);

  // iOS takes its home-screen icon from the page, not the manifest.
  const appleIcon = page.locator('link[rel="apple-touch-icon"]');
  await expect(appleIcon).toHaveAttribute("sizes", "180x180");
  await expectPngOfSize(request, `${GUEST_SERVER.url}${await appleIcon.getAttribute("href")}`, "180x180");

  // Chromium's own installability check (what Lighthouse's installable-manifest audit reported): no errors. Playwright's
  // test contexts are incognito ones, which Chromium never installs from; that one reason is about the test browser, not the
  // app (npm run bench runs the same check in a normal profile).
  await waitForOfflineReady(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
});

test("the service worker registers for the whole app and controls the page", async ({ page }) => {
  await page.goto(GUEST_SERVER.url);
  await waitForOfflineReady(page);
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration("/");
    return { scope: found?.scope, script: found?.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${GUEST_SERVER.url}/`, script: `${GUEST_SERVER.url}/serwist/sw.js`, controller: `${GUEST_SERVER.url}/serwist/sw.js` });
  // The build's chunks are precached; no API answer ever is.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached.some((url) => url.startsWith("/_next/static/chunks/"))).toBe(true);
  expect(cached).toContain("/icons/icon-192.png");
  expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);
});

test("with the network cut the home screen opens and records; the recording waits on the device and is transcribed once back online", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await fakeProviders.reset();
  await visitSignedOut(context, ACCOUNT_SERVER);
  await page.goto(ACCOUNT_SERVER.url);
  await waitForOfflineReady(page);

  await context.setOffline(true);
  const offlineResponse = await page.reload();
  expect(offlineResponse?.fromServiceWorker()).toBe(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  // The copy the worker kept, with the policy it was sent with: its nonce still matches the page's scripts (any mismatch
  // would be a CSP violation, which fails this test).
  const cachedPolicy = await page.evaluate(async () => (await caches.match("/"))?.headers.get("content-security-policy"));
  expect(offlineResponse?.headers()["content-security-policy"]).toBe(cachedPolicy);

  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);
  const dialog = page.getByRole("dialog", { name: "Connection Error" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText("Connection error: Your recording is saved locally")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6_000 });
  await expect(recorder.history.getByText("Transcription failed", { exact: true })).toBeVisible();
  expect(Object.values(await recorder.storedChunkCounts())[0]).toBeGreaterThan(0);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(0);

  // Back online, the waiting recording is sent by itself.
  await context.setOffline(false);
  await expect(page.getByText("Transcription Successful", { exact: true })).toBeVisible({ timeout: 15_000 });
  await recorder.nameSpeakers(["Ana", "Ben"]);
  expect(await fakeProviders.requests("openai.transcriptions")).toHaveLength(1);
  // The server has the transcript: the browser keeps no audio.
  await expect.poll(() => recorder.storedChunkCounts()).toEqual({});
});

test("Settings opens the Add to Home Screen modal with Chrome's 3 steps on an Android phone", async ({ page }) => {
  await page.goto(GUEST_SERVER.url);
  await page.getByRole("banner").getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Settings" });
  await settings.getByRole("button", { name: "Add to Home Screen" }).click();
  const modal = page.getByRole("dialog", { name: "Add to Home Screen" });
  await expect(modal).toBeVisible();
  const steps = modal.getByRole("region", { name: "In Chrome" }).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.first()).toContainText("menu");
  await modal.getByRole("button", { name: "Maybe Later" }).click();
  await expect(modal).toBeHidden();
  await expect(settings).toBeVisible();
});
