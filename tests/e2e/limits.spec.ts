import { fakeProviders } from "../fake-providers/client";
import { expect, test } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { LIMITS_URL } from "./support/urls";

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
