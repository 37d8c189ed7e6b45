import { readFileSync } from "node:fs";
import { type Page, type TestInfo } from "@playwright/test";

import { checkScreen, expect } from "./app";
import { RecorderPage } from "./recorder";

// The results journey shared by tests/e2e/results.spec.ts and results-follow-up.spec.ts: the analysis and summary the fake
// provider answers, the deck from the microphone to Session Completed, the reminder, and the growth commitment.

export const analysis = {
  cards: [
    {
      dimension: "Curiosity",
      insight: "Speaker 2 asked how Speaker 1 felt and listened to the answer.",
      tips: ["Ask one more open question.", "Check back on what you heard."],
      color: "deep-teal",
      icon: "search",
      evidence: ["Ask me about my day"],
    },
    {
      dimension: "Timing",
      insight: "The turns were short and balanced.",
      tips: ["Keep pausing before you answer."],
      color: "sunflower",
      icon: "clock",
      evidence: ["We never get time for us"],
    },
    {
      dimension: "Appreciation",
      insight: "There was little thanks yet.",
      tips: ["Name one thing you appreciated today."],
      color: "soft-tangerine",
      icon: "sparkles",
      evidence: ["just listen"],
    },
  ],
  coachResponse: "You talked about **making time for each other**.",
  briefSummary: "Making time for each other",
  recommendations: ["Plan Saturday together", "Ask one open question a day", "Say thank you once a day"],
  encouragement: "You are already listening to each other.",
  mutualGrowthCard: {
    dimension: "Mutual Aspirations & Growth",
    insight: "Make time for each other.",
    tips: ["What would a perfect Saturday look like?"],
    icon: "sparkles",
    color: "soft-tangerine",
  },
};
export const summary = {
  summary: "Curiosity and appreciation resonated with you.",
  recommendations: ["Ask one open question a day", "Say thank you once a day", "Plan Saturday"],
  encouragement: "Keep going together!",
};

export async function swipeCard(page: Page, dimension: string, direction: "right" | "left") {
  const card = page.getByRole("group", { name: dimension });
  const box = (await card.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(x + (direction === "right" ? 15 : -15) * step, y);
  await page.mouse.up();
}

export async function runDeck(page: Page, testInfo: TestInfo) {
  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await swipeThroughDeck(page, testInfo);
}

/** From the coach's summary of an analysis (the queued `analysis` and `summary`) to the completion screen. */
export async function swipeThroughDeck(page: Page, testInfo: TestInfo) {
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("making time for each other", { exact: true })).toBeVisible();
  await checkScreen(page, "coach-summary", testInfo);
  await page.getByRole("button", { name: "Continue to Insights" }).click();
  await page.getByRole("button", { name: "Start Swiping Practice" }).click();

  await expect(page.getByRole("heading", { name: "Curiosity" })).toBeVisible();
  await checkScreen(page, "insight-card", testInfo);
  await swipeCard(page, "Curiosity", "right"); // helpful
  await expect(page.getByRole("heading", { name: "Timing" })).toBeVisible();
  await page.getByRole("button", { name: "Dismiss", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Appreciation" })).toBeVisible();
  await page.getByRole("button", { name: /Helpful/ }).click();

  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();
  await expect(page.getByText("What Resonated")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Curiosity and appreciation resonated with you.")).toBeVisible();
  await expect(page.getByText("Keep going together!")).toBeVisible();
}

export async function checkReminder(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Set Reminder" }).click();
  const ics = readFileSync(await (await download).path()!, "utf8");
  expect(ics).toContain("SUMMARY:Relationship Check-in");
  expect(ics).toMatch(/TRIGGER:-PT15M/);
  // 14 days from today, moved forward to a Sunday, at 18:00 (the tests run in UTC).
  const start = /DTSTART(?:;[^:]*)?:(\d{8})T(\d{4})/.exec(ics);
  expect(start?.[2]).toBe("1800");
  const date = new Date(`${start![1]!.slice(0, 4)}-${start![1]!.slice(4, 6)}-${start![1]!.slice(6, 8)}T18:00:00Z`);
  expect(date.getUTCDay()).toBe(0);
  const days = (date.getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(13);
  expect(days).toBeLessThanOrEqual(21);
  expect(ics).toMatch(/DURATION:PT1H|DTEND/);
  await expect(page.getByRole("listitem").getByText("Reminder Set!", { exact: true })).toBeVisible();
}

export const regenerated = {
  ...analysis,
  coachResponse: "You agreed to keep Saturday mornings for each other.",
  recommendations: ["Plan Saturday together", "Ask one open question a day", "Put phones away on Saturday mornings"],
  encouragement: "A small promise, kept, goes a long way.",
  commitments: [{ text: "Keep Saturday mornings free", who: "both", byWhen: "every Saturday" }],
  mutualGrowthCard: {
    dimension: "Mutual Aspirations & Growth",
    insight: "Decide together what you will protect.",
    tips: ["Which hour of the week is just yours?"],
    icon: "sparkles",
    color: "soft-tangerine",
  },
};

export async function recordGrowthCommitment(page: Page, testInfo: TestInfo) {
  await page.getByRole("button", { name: "Create Mutual Growth Commitment" }).click();
  const card = page.getByRole("dialog", { name: "Mutual Aspirations & Growth" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Make time for each other.")).toBeVisible();
  await expect(card.getByText("What would a perfect Saturday look like?")).toBeVisible();
  await expect(card.getByRole("status")).toContainText("Recording in progress");
  await expect(card.getByRole("button", { name: "Next" })).toBeEnabled({ timeout: 5_000 });
  await checkScreen(page, "growth-card", testInfo);
  await page.waitForTimeout(2_000);
  await card.getByRole("button", { name: "Next" }).click();
  await expect(card).toBeHidden();
  // Naming again, with the names of the first recording suggested.
  const identify = page.getByRole("dialog", { name: "Identify Speakers" });
  await expect(identify).toBeVisible({ timeout: 15_000 });
  await expect(identify.getByLabel("Name")).toHaveValue("Ana");
  await new RecorderPage(page).nameSpeakers(["Ana", "Ben"]);
}
