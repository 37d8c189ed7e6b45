import { type Page } from "@playwright/test";

import { fakeProviders } from "../fake-providers/client";
import { mintSessionToken } from "../helpers/clerk-test-auth";
import { checkScreen, expect, signIn, test } from "./support/app";
import { RecorderPage } from "./support/recorder";
import { ACCOUNT_SERVER } from "./support/urls";

// The readiness countdowns are jumped on the page's clock (support/app.ts).
test.use({ pageClock: true });

// Conversation signals (issue 17): the results show them as sentences with the speakers' names, a count opens the quotes
// behind it, a quote opens the transcript at that turn, and the history shows how they changed across conversations.
// The fake provider labels the recorded dialogue (tests/fake-providers/server.mjs, defaultSignalLabels): a bid from each
// speaker, each met; one criticism, answered with validation.
test.describe.configure({ mode: "serial" });

const analysis = {
  cards: [
    { dimension: "Curiosity", insight: "Ben asked what would help.", tips: ["Ask one more open question."], color: "deep-teal", icon: "search" },
    { dimension: "Timing", insight: "The turns were short and balanced.", tips: ["Keep pausing before you answer."], color: "sunflower", icon: "clock" },
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
const summary = { summary: "Curiosity resonated with you.", recommendations: ["Ask one open question a day"], encouragement: "Keep going together!" };

/** An earlier conversation, analysed through the API: one positive moment to two negative, a bid turned away. */
const earlier = {
  transcript: "Ana: You never call me back.\nBen: That is not fair at all.\nAna: Can we have dinner on Friday?\nBen: Thanks for the reminder.",
  speakerNames: { SPEAKER_01: "Ana", SPEAKER_02: "Ben" },
  segments: [
    { speaker: "SPEAKER_01", text: "You never call me back.", start: 0, end: 2 },
    { speaker: "SPEAKER_02", text: "That is not fair at all.", start: 2.5, end: 4 },
    { speaker: "SPEAKER_01", text: "Can we have dinner on Friday?", start: 4.5, end: 6 },
    { speaker: "SPEAKER_02", text: "Thanks for the reminder.", start: 30, end: 31 },
  ],
};
const earlierLabels = {
  labels: [
    { turn: 0, label: "criticism", quote: "You never call", responds_to: null },
    { turn: 1, label: "defensiveness", quote: "not fair at all", responds_to: 0 },
    { turn: 2, label: "bid", quote: "have dinner on Friday", responds_to: null },
    { turn: 3, label: "appreciation", quote: "Thanks for the reminder", responds_to: null },
  ],
};

const signals = (page: Page) => page.getByRole("region", { name: "Conversation signals" });

test("the results show the signals, a count opens its quotes, a quote opens the transcript, and the history shows the trend", async ({
  page,
  context,
  request,
}, testInfo) => {
  // Two analyses, a deck and the history: longer than one screen's test.
  test.setTimeout(120_000);
  const userId = `user_e2e_signals_${Date.now()}`;
  await fakeProviders.reset();
  await fakeProviders.queue("gemini.generate", { body: analysis }, { body: analysis }, { body: summary });
  await fakeProviders.queue("gemini.signals", { body: earlierLabels });

  const token = await mintSessionToken(userId);
  const seeded = await request.post(`${ACCOUNT_SERVER.url}/api/analyze`, { headers: { authorization: `Bearer ${token}` }, data: earlier });
  expect(seeded.status()).toBe(200);
  expect((await seeded.json()).signals).toMatchObject({ labelled: true, ratio: { positive: 1, negative: 2, value: 0.5 } });

  await signIn(context, ACCOUNT_SERVER, userId);
  await page.goto(ACCOUNT_SERVER.url);
  const recorder = new RecorderPage(page);
  await recorder.recordFor(2_000);
  await recorder.nameSpeakers(["Ana", "Ben"]);
  await expect(page.getByRole("heading", { name: "Conversation Summary" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Continue to Insights" }).click();
  await page.getByRole("button", { name: "Start Swiping Practice" }).click();
  await page.getByRole("button", { name: /Helpful/ }).click();
  await page.getByRole("button", { name: /Helpful/ }).click();
  await expect(page.getByRole("heading", { name: "Session Completed" })).toBeVisible();

  // The signals, in words, with the research line behind them.
  const view = signals(page);
  await expect(view).toBeVisible();
  await expect(view.getByText("Ana reached out once; Ben turned toward once.")).toBeVisible();
  await expect(view.getByText("Ben reached out once; Ana turned toward once.")).toBeVisible();
  await expect(view.getByText("3 positive moments and 1 negative moment.")).toBeVisible();
  await expect(view.getByText("That is 3 to 1.")).toBeVisible();
  await expect(view.getByText(/Gottman & Levenson 1992/)).toBeVisible();

  // A count opens the words it was counted from, with their times.
  const count = view.getByRole("button", { name: "1 negative moment: show the words behind it" });
  await count.click();
  await expect(count).toHaveAttribute("aria-expanded", "true");
  const quote = view.getByRole("button", { name: /^Open the transcript at 00:0\d Ana: you do not$/ });
  await expect(quote).toBeVisible();
  await checkScreen(page, "signals-quotes", testInfo);

  // The quote opens the transcript at the turn it was said in.
  await quote.click();
  const detail = page.getByRole("dialog", { name: "Making time for each other" });
  await expect(detail.getByRole("tab", { name: "Transcript" })).toHaveAttribute("aria-selected", "true");
  const focused = detail.locator('[aria-current="true"]');
  await expect(focused).toContainText("Sometimes I feel you do not really hear me.");
  await expect(focused).toBeInViewport();
  await detail.getByRole("button", { name: "Close" }).first().click();
  await expect(detail).toBeHidden();

  await page.getByRole("button", { name: "Finish Session" }).click();
  await expect(page.getByRole("listitem").getByText("Your session has been saved and will appear in your history.")).toBeVisible();

  // The history: how the ratio, repairs taken up and bids turned toward changed, oldest first.
  await page.reload();
  const trend = page.getByRole("region", { name: "Signals across conversations" });
  await expect(trend).toBeVisible({ timeout: 15_000 });
  await expect(trend.getByRole("img", { name: "Positive to negative, by conversation: 0.5 to 1, 3 to 1" })).toBeVisible();
  await expect(trend.getByRole("img", { name: "Turned toward, by conversation: 0 of 1 (0 %), 2 of 2 (100 %)" })).toBeVisible();
  await trend.locator("summary", { hasText: "Signals by conversation" }).click();
  await expect(trend.getByRole("table", { name: "Signals by conversation" }).getByRole("row", { name: /^Conversation 2, .* 3 to 1/ })).toBeVisible();
  await checkScreen(page, "signals-trend", testInfo);
});
