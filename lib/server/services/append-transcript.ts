import "server-only";

import { z } from "zod";

import { isRecord } from "@/lib/domain/history/types";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { ApiError, describeForLog, fromDatabaseError } from "@/lib/server/http/errors";
import { structuredStepsFromEnv } from "@/lib/server/providers/structured/chain";

import type { AnalysisDeps } from "./analysis";
import { storeCommitments } from "./commitments";
import { followUpCommitments, regenerateWithFollowUp, type RegenerationInput } from "./growth-regeneration";
import { findOwnedSession } from "./owned-session";
import { jsonColumn, type SessionDto } from "./session-dto";
import { FOLLOW_UPS_FULL_MESSAGE, followUpRow, followUpSchema, getSessionForUser, MAX_FOLLOW_UPS_PER_SESSION } from "./session-store";
import { labellingSteps, signalsWithFollowUps } from "./signal-labels";

/** POST /api/sessions/{id}/append-transcript: the follow-up recording's transcript (required, not blank) and its details. */
export const appendTranscriptBodySchema = z.object({
  transcript: followUpSchema.shape.transcript.refine((value) => value.trim() !== "", "the transcript is empty"),
  transcriptionSegments: followUpSchema.shape.transcriptionSegments,
  speakerStats: followUpSchema.shape.speakerStats,
  speakers: followUpSchema.shape.speakers,
  speakerNames: followUpSchema.shape.speakerNames,
  /** A guest's session, which the server does not keep: what the regeneration needs (ignored for a signed-in user's). */
  context: z
    .object({
      transcript: followUpSchema.shape.transcript.refine((value) => value.trim() !== "", "the conversation is empty"),
      speakerNames: followUpSchema.shape.speakerNames,
      /** What the conversation signals are recomputed from (issue 17): its segments, its earlier follow-ups, its signals. */
      segments: followUpSchema.shape.transcriptionSegments,
      followUps: z
        .array(z.object({ transcriptionSegments: followUpSchema.shape.transcriptionSegments, speakerNames: followUpSchema.shape.speakerNames }))
        .max(50)
        .optional(),
      signals: z.unknown().optional(),
    })
    .optional(),
});

export type AppendTranscriptBody = z.infer<typeof appendTranscriptBodySchema>;

/** The answer of an append: "partial_failure" when the follow-up is stored but the analysis could not be regenerated. */
export type AppendOutcome = { status: "ok" } | { status: "partial_failure"; error: string };

/**
 * Appends a "Growth Commitment" transcript to one of the caller's sessions (404 otherwise), then regenerates the summary,
 * recommendations, encouragement and growth card with it. The follow-up is stored first and kept whatever the
 * regeneration does. The same transcript text is stored once, so a retried append adds nothing and only regenerates.
 */
export async function appendAndRegenerateForUser(
  userId: string,
  id: string,
  body: AppendTranscriptBody,
  deps: AnalysisDeps = {},
): Promise<SessionDto & AppendOutcome> {
  const stored = await appendTranscriptForUser(userId, id, body);
  // Read by the regeneration, not trusted: the analysis was saved as the browser kept it (`transcriptionSegments: 5` too).
  const analysis = (stored.analysis ?? {}) as { transcriptionSegments?: unknown; speakerNames?: unknown };
  // The conversation signals are recomputed with the follow-up beside the regeneration, and kept whatever it does.
  const signalSteps = deps.signalSteps === false ? [] : (deps.signalSteps ?? labellingSteps(deps.steps ?? structuredStepsFromEnv(getEnv())));
  const signals = signalsWithFollowUps(stored, { steps: signalSteps, retryOptions: deps.retryOptions })
    .then(async (record) => {
      if (record) await getDb().session.update({ where: { id: stored.id }, data: { signals: jsonColumn(record) } });
    })
    .catch(() => undefined);
  try {
    const regenerated = await regenerateWithFollowUp(
      {
        conversation: {
          transcript: stored.transcript,
          segments: analysis.transcriptionSegments,
          speakerNames: stored.speakerNames ?? analysis.speakerNames,
        },
        followUp: followUpOf(body),
      },
      deps,
    );
    await signals;
    await storeCommitments(userId, stored.id, regenerated.commitments);
    await getDb().$transaction(async (tx) => {
      // The first update locks the row until the commit, and the analysis is read again under it: a save that landed while
      // the model answered (another tab, a vote) is kept, with only the growth card replaced, not written over by the
      // analysis as it was before the model was asked.
      const current = await tx.session.update({
        where: { id: stored.id },
        data: {
          summary: regenerated.summary,
          recommendations: regenerated.recommendations,
          encouragement: regenerated.encouragement,
          lastActivityAt: new Date(),
        },
        select: { analysis: true },
      });
      const analysis = isRecord(current.analysis) ? current.analysis : {};
      await tx.session.update({ where: { id: stored.id }, data: { analysis: jsonColumn({ ...analysis, mutualGrowthCard: regenerated.mutualGrowthCard }) } });
    });
    return { ...(await getSessionForUser(userId, stored.id)), status: "ok" };
  } catch (error) {
    await signals;
    // What the database answers for itself (the session deleted meanwhile, the account erased, the database busy or gone)
    // is that answer: a partial failure's retry could not succeed either.
    const database = error instanceof ApiError ? null : fromDatabaseError(error);
    if (database) throw database;
    // The follow-up is stored by now: whatever stopped the regeneration, the answer says so ("partial_failure", which the
    // browser offers to retry), never a 500 that reads as if nothing was kept. What no provider explains is logged.
    if (!(error instanceof ApiError)) console.error(`[append] the regeneration failed after the follow-up was stored: ${describeForLog(error)}`);
    const reason = error instanceof ApiError ? error.message : "the analysis could not be regenerated";
    // The commitment is remembered even when the analysis could not be regenerated: taken from the follow-up's words.
    await storeCommitments(userId, stored.id, followUpCommitments(followUpOf(body)));
    return { ...(await getSessionForUser(userId, stored.id)), status: "partial_failure", error: `Analysis generation failed: ${reason}` };
  }
}

/** A guest's follow-up: the same regeneration from the context the browser sends, and nothing stored. */
export async function regenerateForGuest(body: AppendTranscriptBody, deps: AnalysisDeps = {}) {
  if (!body.context) throw new ApiError("bad_request", "Invalid request: context: the conversation is needed for a session kept in the browser");
  const { context } = body;
  // The conversation signals, recomputed beside the regeneration from what the browser keeps (null: nothing to count from).
  const signalSteps = deps.signalSteps === false ? [] : (deps.signalSteps ?? labellingSteps(deps.steps ?? structuredStepsFromEnv(getEnv())));
  const signals = signalsWithFollowUps(
    {
      mode: "couple",
      analysis: { transcriptionSegments: context.segments },
      speakerNames: context.speakerNames,
      signals: context.signals,
      followUpTranscripts: [...(context.followUps ?? []), { transcriptionSegments: body.transcriptionSegments, speakerNames: body.speakerNames }],
    },
    { steps: signalSteps, retryOptions: deps.retryOptions },
  ).catch(() => null);
  try {
    const regenerated = await regenerateWithFollowUp(
      {
        conversation: { transcript: body.context.transcript, speakerNames: body.context.speakerNames },
        followUp: followUpOf(body),
      },
      deps,
    );
    const { mutualGrowthCard, ...summary } = regenerated;
    return { status: "ok" as const, ...summary, analysis: { mutualGrowthCard }, signals: await signals };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      status: "partial_failure" as const,
      error: `Analysis generation failed: ${error.message}`,
      commitments: followUpCommitments(followUpOf(body)),
      signals: await signals,
    };
  }
}

/**
 * Stores a follow-up once on one of the caller's sessions (404 otherwise) and bumps its activity date. The update comes
 * first: it locks the session's row until the commit, so the same follow-up sent twice at once is looked up by the second
 * request only after the first has stored it.
 */
async function appendTranscriptForUser(userId: string, id: string, body: AppendTranscriptBody): Promise<SessionDto> {
  const { id: sessionId } = await findOwnedSession(userId, id);
  await getDb().$transaction(async (tx) => {
    await tx.session.update({ where: { id: sessionId }, data: { lastActivityAt: new Date() } });
    const duplicate = await tx.followUpTranscript.findFirst({ where: { sessionId, transcript: body.transcript }, select: { id: true } });
    if (duplicate) return;
    if ((await tx.followUpTranscript.count({ where: { sessionId } })) >= MAX_FOLLOW_UPS_PER_SESSION)
      throw new ApiError("unprocessable", FOLLOW_UPS_FULL_MESSAGE);
    await tx.followUpTranscript.create({ data: followUpRow(sessionId, body) });
  });
  return getSessionForUser(userId, sessionId);
}

function followUpOf(body: AppendTranscriptBody): RegenerationInput["followUp"] {
  return { transcript: body.transcript, segments: body.transcriptionSegments, speakerNames: body.speakerNames };
}
