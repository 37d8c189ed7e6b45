import { type APIRequestContext, type Page } from "@playwright/test";

import { mintSessionToken } from "../../helpers/clerk-test-auth";
import { expect } from "./app";
import { ACCOUNT_SERVER } from "./urls";

// Sessions as the app keeps them, for tests that start with a history rather than record one.

/** An analysis about `briefSummary`, in the shape the analysis provider answers and the app stores. */
export const analysisAbout = (briefSummary: string) => ({
  cards: [
    { dimension: "Curiosity", insight: "Ben asked how Ana felt.", tips: ["Ask one more open question."], color: "deep-teal", icon: "search" },
    { dimension: "Timing", insight: "The turns were balanced.", tips: ["Keep pausing before you answer."], color: "sunflower", icon: "clock" },
  ],
  coachResponse: `You talked about **${briefSummary.toLowerCase()}**.`,
  briefSummary,
  recommendations: ["Plan Saturday together"],
  encouragement: "Keep going.",
  mutualGrowthCard: { dimension: "Mutual Aspirations & Growth", insight: "Make time.", tips: ["What would help?"], icon: "sparkles", color: "soft-tangerine" },
});

/** Sessions kept in this browser, as the app stores them (local_sessions); the page must be reloaded to list them. */
export async function seedLocalSessions(page: Page, sessions: { id: string; briefSummary: string; transcript: string }[]) {
  await page.evaluate(
    (stored) => localStorage.setItem("local_sessions", JSON.stringify(stored)),
    sessions.map(({ id, briefSummary, transcript }, index) => ({
      id,
      isLocal: true,
      transcript,
      analysis: analysisAbout(briefSummary),
      // What the summary's "Focus On" lists (the analysis's own recommendations stay as they came).
      recommendations: ["Plan Saturday together"],
      createdAt: new Date(Date.UTC(2026, 10, 20, 10 + index)).toISOString(),
      timestamp: Date.UTC(2026, 10, 20, 10 + index),
    })),
  );
}

/** A session in `userId`'s account, saved the way the app's final save sends it. */
export async function seedAccountSession(
  request: APIRequestContext,
  userId: string,
  id: string,
  briefSummary: string,
  transcript: string,
  createdAt = "2026-11-21T10:00:00.000Z",
) {
  const token = await mintSessionToken(userId);
  const response = await request.post(`${ACCOUNT_SERVER.url}/api/sessions/${id}?skipRegeneration=true`, {
    headers: { authorization: `Bearer ${token}` },
    data: { id, transcript, analysis: analysisAbout(briefSummary), createdAt },
  });
  expect(response.status()).toBe(200);
}
