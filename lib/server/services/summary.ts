import "server-only";

import { z } from "zod";

import { ANALYSIS_DEFAULTS } from "@/lib/domain/analysis/analysis-defaults";
import {
  cleanRecommendations,
  clientFallbackSummary,
  readStoredDeck,
  SERVER_FALLBACK_RECOMMENDATIONS,
  SERVER_FALLBACK_SUMMARY_TEXT,
} from "@/lib/domain/analysis/summary";
import type { InsightCard, SessionSummary, SwipeAction } from "@/lib/domain/analysis/types";
import { reminderDateForSummary } from "@/lib/domain/calendar/reminder";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { buildSummaryUserPrompt, SUMMARY_GEMINI_SCHEMA, SUMMARY_OPENAI_SCHEMA, SUMMARY_SYSTEM_PROMPT } from "@/lib/server/prompts/summary";
import { generateStructured, StructuredGenerationError, structuredStepsFromEnv, type StructuredStep } from "@/lib/server/providers/structured/chain";

import { findOwnedSession } from "./owned-session";
import { jsonColumn } from "./session-dto";
import { swipeActionSchema } from "./session-store";

const card = z
  .object({ dimension: z.string().max(100), insight: z.string().max(2_000), tips: z.array(z.string().max(1_000)).max(5).default([]) })
  .passthrough();

/** POST /api/public/sessions/{id}/summary: guests send what the summary needs, since the server keeps nothing of theirs. */
export const guestSummaryBodySchema = z.object({
  analysis: z.object({ cards: z.array(card).max(12) }).passthrough(),
  swipeActions: z.array(swipeActionSchema).max(50).default([]),
});
export const GUEST_SUMMARY_BODY_LIMIT_BYTES = 512 * 1024;

const modelSummarySchema = z.object({
  summary: z.string().trim().min(1).max(4_000),
  recommendations: z.array(z.string()).max(10),
  encouragement: z.string().trim().min(1).max(1_000),
});

export type SummaryDeps = { steps?: StructuredStep[]; now?: () => number; retryOptions?: Parameters<typeof generateStructured>[3] };

/**
 * The personalised summary after the deck. With no AI key it is built from the helpful cards' dimensions. When the AI
 * fails, a 503 carries a usable fallback body ({ fallback: true, summary, … }) that the browser may show.
 */
export async function generateSummary(cards: InsightCard[], swipeActions: SwipeAction[], deps: SummaryDeps = {}): Promise<SessionSummary> {
  const now = (deps.now ?? Date.now)();
  const steps = deps.steps ?? structuredStepsFromEnv(getEnv());
  if (steps.length === 0) return clientFallbackSummary(cards, swipeActions, now);

  try {
    const { value } = await generateStructured(
      steps,
      {
        name: "session_summary",
        system: SUMMARY_SYSTEM_PROMPT,
        user: buildSummaryUserPrompt(cards, swipeActions),
        geminiSchema: SUMMARY_GEMINI_SCHEMA,
        openAiSchema: SUMMARY_OPENAI_SCHEMA,
      },
      (raw) => {
        const parsed = modelSummarySchema.safeParse(raw);
        return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: "summary did not match its schema" };
      },
      deps.retryOptions,
    );
    return {
      summary: value.summary,
      recommendations: cleanRecommendations(value.recommendations).slice(0, 3),
      encouragement: value.encouragement,
      reminderDate: reminderDateForSummary(now),
    };
  } catch (error) {
    if (!(error instanceof StructuredGenerationError)) throw error;
    throw new ApiError("unavailable", "Summary generation failed", { fallback: true, ...serverFallbackSummary(now) });
  }
}

/** A stored session's summary as the summary route answers one. */
function keptSummary(row: { summary: string | null; recommendations: unknown; encouragement: string | null; reminderDate: Date | null }): SessionSummary {
  return {
    summary: row.summary ?? "",
    recommendations: Array.isArray(row.recommendations) ? row.recommendations.filter((item): item is string => typeof item === "string") : [],
    encouragement: row.encouragement ?? ANALYSIS_DEFAULTS.encouragement,
    reminderDate: row.reminderDate?.getTime() ?? reminderDateForSummary(Date.now()),
  };
}

function serverFallbackSummary(now: number): SessionSummary {
  return {
    summary: SERVER_FALLBACK_SUMMARY_TEXT,
    recommendations: [...SERVER_FALLBACK_RECOMMENDATIONS],
    encouragement: ANALYSIS_DEFAULTS.encouragement,
    reminderDate: reminderDateForSummary(now),
    fallback: true,
  };
}

/** A guest's session, from the cards and votes the browser sends; nothing is stored. */
export function summarizeGuestSession(body: z.infer<typeof guestSummaryBodySchema>, deps: SummaryDeps = {}): Promise<SessionSummary> {
  const now = (deps.now ?? Date.now)();
  const deck = readStoredDeck(
    body.analysis.cards,
    body.swipeActions.map((swipe) => ({ ...swipe, timestamp: swipe.timestamp ?? now })),
  );
  return generateSummary(deck.cards, deck.swipeActions, deps);
}

/** Signed-in: summarises a stored session and completes it (summary, recommendations, reminder 14 days ahead). */
export async function summarizeStoredSession(userId: string, id: string, deps: SummaryDeps = {}): Promise<SessionSummary> {
  const row = await findOwnedSession(userId, id, {
    select: { id: true, analysis: true, swipeActions: true, summary: true, recommendations: true, encouragement: true, reminderDate: true },
  });
  // The stored cards are read, not cast: a session saved with odd cards is summarised from its well-formed ones.
  const deck = readStoredDeck(
    (row.analysis as { cards?: unknown } | null)?.cards,
    row.swipeActions.map((swipe) => ({ cardIndex: swipe.cardIndex, action: swipe.action, timestamp: swipe.votedAt.getTime() })),
  );

  let summary: SessionSummary;
  let failure: ApiError | null = null;
  try {
    summary = await generateSummary(deck.cards, deck.swipeActions, deps);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.details?.fallback) throw error;
    failure = error;
    // A regeneration that failed keeps the summary the session has: the generic one replaces nothing (spec part 2: the
    // generic summary is what a session is saved with when its first summary fails). The failure's body is that kept
    // summary, so a client that uses the body (its copy lacked the summary) shows, and saves back, what is stored.
    if (row.summary?.trim()) throw new ApiError(failure.code, failure.message, { ...keptSummary(row), fallback: true });
    summary = serverFallbackSummary((deps.now ?? Date.now)());
  }
  await getDb().session.update({
    where: { id: row.id },
    data: {
      summary: summary.summary,
      recommendations: jsonColumn(summary.recommendations),
      encouragement: summary.encouragement,
      reminderDate: new Date(summary.reminderDate),
      isCompleted: true,
      lastActivityAt: new Date(),
    },
  });
  if (failure) throw failure;
  return summary;
}
