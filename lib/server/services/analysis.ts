import "server-only";

import { ANALYSIS_DEFAULTS } from "@/lib/domain/analysis/analysis-defaults";
import { ANALYSIS_JSON_SCHEMA, ANALYSIS_OPENAI_JSON_SCHEMA, parseModelAnalysis } from "@/lib/domain/analysis/analysis-schema";
import { analyzeRequestSchema, parseTranscriptLines, type AnalyzeRequest } from "@/lib/domain/analysis/analyze-request";
import { DIMENSION_DETAILS } from "@/lib/domain/analysis/dimensions";
import { anchorEvidence } from "@/lib/domain/analysis/evidence";
import { analyzeLocally } from "@/lib/domain/analysis/local-analyzer";
import { computeConversationMetrics } from "@/lib/domain/analysis/metrics";
import type { Analysis } from "@/lib/domain/analysis/types";
import { withLastTimeRecommendation, type CommitmentDraft } from "@/lib/domain/growth/commitments";
import { screenForSafety } from "@/lib/domain/safety/safety-screen";
import type { SignalsRecord } from "@/lib/domain/signals/record";
import { computeSpeakerStats, fillSegmentTimes, groupBySpeaker, type TranscriptSegment } from "@/lib/domain/transcription/segments";
import { storableJson } from "@/lib/domain/validation/storable-json";
import type { Identity } from "@/lib/server/auth/identity";
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { ApiError } from "@/lib/server/http/errors";
import { ANALYSIS_PROMPT_VERSION, buildAnalysisSystemPrompt, buildAnalysisUserPrompt } from "@/lib/server/prompts/analysis";
import { generateStructured, StructuredGenerationError, structuredStepsFromEnv, type StructuredStep } from "@/lib/server/providers/structured/chain";
import { createWithinSessionCaps } from "@/lib/server/security/quota";

import { createOnce, sessionIdForClientId } from "./client-id";
import { pendingCommitmentsForUser } from "./commitments";
import { findOwnedSession, sessionNotFound } from "./owned-session";
import { jsonColumn } from "./session-dto";
import { conversationSignals, labellingSteps } from "./signal-labels";
import { conversationSignalsOffThread } from "./signals-thread";

export type AnalyzeResult = { analysis: Analysis; sessionId: string | null; signals: SignalsRecord | null };
export type AnalysisDeps = {
  steps?: StructuredStep[];
  retryOptions?: Parameters<typeof generateStructured>[3];
  /** The conversation signals' provider chain (default: the analysis's); `false` skips the signals (null), as a regeneration does. */
  signalSteps?: StructuredStep[] | false;
};

/**
 * Analyses a named transcript. With no AI key the local analyzer answers (labelled offline). A signed-in user's session is
 * stored (or, when the analysis fails, kept with a failed-analysis marker so it can be retried); guests get the analysis
 * back and nothing is written on the server. A sessionId names one of the caller's sessions to analyse again (404 when it
 * is not theirs, and always for guests, whose sessions the server does not keep). One already analysed is answered by
 * storedAnalysisFor before the call, not analysed again.
 */
export async function analyzeConversation(request: AnalyzeRequest, identity: Identity | null, deps: AnalysisDeps = {}): Promise<AnalyzeResult> {
  if (request.sessionId && !identity) throw sessionNotFound();
  const storedId = identity ? await storedSessionIdOf(request, identity) : undefined;
  const segments = segmentsOf(request);
  const speakerNames = request.speakerNames ?? {};
  const steps = deps.steps ?? structuredStepsFromEnv(getEnv());
  // What the couple agreed last time (issue 11 follow-through): the analysis may say whether this conversation touched it.
  const previousCommitments = identity ? await pendingCommitmentsForUser(identity.userId, storedId ?? null) : (request.previousCommitments ?? []);

  // The signals' labelling runs beside the analysis (issue 17), never after it, and never fails it.
  const signalsCall = new AbortController();
  const signalsInput = { segments, speakerNames, mode: request.mode };
  const signalSteps = deps.signalSteps === false ? null : (deps.signalSteps ?? labellingSteps(steps));
  const signalsPromise = !signalSteps
    ? Promise.resolve(null)
    : // The environment's providers can be rebuilt on the worker thread; providers a caller hands in cannot cross to it.
      deps.signalSteps === undefined && deps.steps === undefined && getEnv().SIGNAL_LABELLING_THREAD === "worker"
      ? conversationSignalsOffThread(signalsInput, { stepsHere: signalSteps, deadline: deps.retryOptions?.deadline, signal: signalsCall.signal })
      : conversationSignals(signalsInput, { steps: signalSteps, retryOptions: deps.retryOptions, signal: signalsCall.signal }).catch(() => null);
  let analysis: Analysis;
  try {
    analysis =
      steps.length === 0
        ? withLastTime(analyzeLocally({ segments, speakerNames }), previousCommitments)
        : await analyzeWithAi(steps, { ...request, previousCommitments }, segments, speakerNames, deps);
  } catch (error) {
    signalsCall.abort();
    await signalsPromise;
    if (!(error instanceof StructuredGenerationError)) throw error;
    // The same recording sent twice at once (the first kept running after its connection dropped): the first stored its
    // analysis while this one failed. That is the answer; a failure marker would mark the analysed session as failed.
    const storedMeanwhile = await storedAnalysisFor(request, identity);
    if (storedMeanwhile) return storedMeanwhile;
    const failedSessionId = identity ? await keepFailedAnalysis(identity.userId, storedId, request, error.message) : undefined;
    throw new ApiError("unavailable", error.message, { isConnectionError: error.transient, ...(failedSessionId ? { failedSessionId } : {}) });
  }

  const safety = screenForSafety(request.transcript);
  // A model's answer is made storable where it is parsed (structured/chain.ts); this catches what the app itself writes
  // into an analysis, so a cut that splits a character can cost a "�" but never the user's session (jsonb refuses it).
  analysis = storableJson({
    ...analysis,
    // Quotes are checked against what was said and timed; invented ones are dropped (issue 11).
    cards: anchorEvidence(analysis.cards, segments).cards,
    ...(safety.concern ? { safety } : {}),
    speakers: groupBySpeaker(segments),
    speakerStats: request.speakerStats ?? computeSpeakerStats(segments),
    speakerNames,
    transcriptionSegments: segments,
  });
  const signals = await signalsPromise;
  const sessionId = identity ? await storeAnalyzedSession(identity.userId, storedId, request, analysis, signals) : null;
  return { analysis, sessionId, signals };
}

/**
 * The same recording analysed and stored already, its answer lost on the way (a tab closed or discarded while it ran, a
 * connection dropped, a request sent again): the stored analysis is the answer, with no provider call. A second paid call
 * would replace it, and the votes, summary and commitments made on its cards with it; and one that failed would mark an
 * analysed session as failed. Null when there is nothing to replay: a guest, a recording never stored, or a session whose
 * analysis failed or never ran. A named session (sessionId) must be the caller's (404).
 */
export async function storedAnalysisFor(request: AnalyzeRequest, identity: Identity | null): Promise<AnalyzeResult | null> {
  const storedId = identity ? await storedSessionIdOf(request, identity) : undefined;
  if (!storedId) return null;
  const session = await getDb().session.findUnique({
    where: { id: storedId },
    select: { analysis: true, signals: true, _count: { select: { failures: true } } },
  });
  const analysis = session?.analysis as Analysis | null | undefined;
  if (!session || session._count.failures > 0 || !Array.isArray(analysis?.cards) || analysis.cards.length === 0) return null;
  return { analysis: analysis!, sessionId: storedId, signals: (session.signals ?? null) as SignalsRecord | null };
}

/** A named session, which must be the caller's; else the recording's earlier session (its browser id is the idempotency key). */
async function storedSessionIdOf(request: AnalyzeRequest, identity: Identity): Promise<string | undefined> {
  if (request.sessionId) return (await findOwnedSession(identity.userId, request.sessionId)).id;
  return sessionIdForClientId(identity.userId, request.clientId);
}

/** POST /api/sessions/{id}/retry-analysis: the caller's session whose analysis failed, analysed again from what is stored. */
export async function retryFailedAnalysis(identity: Identity, id: string, deps: AnalysisDeps = {}): Promise<AnalyzeResult> {
  const session = await findOwnedSession(identity.userId, id, {
    select: {
      id: true,
      transcript: true,
      speakerNames: true,
      analysis: true,
      mode: true,
      conversationGuideHeadline: true,
      failures: { where: { kind: "analysis" }, select: { id: true } },
    },
  });
  if (session.failures.length === 0 || session.transcript.trim() === "") throw sessionNotFound();
  const stored = (session.analysis ?? {}) as { transcriptionSegments?: unknown };
  const kept = {
    transcript: session.transcript,
    mode: session.mode,
    conversationGuideHeadline: session.conversationGuideHeadline ?? undefined,
    sessionId: session.id,
  };
  const speakerNames = session.speakerNames ?? undefined;
  const segments = Array.isArray(stored.transcriptionSegments) && stored.transcriptionSegments.length > 0 ? stored.transcriptionSegments : undefined;
  // What was stored passed the save's rules, which are looser than the analysis request's (a blank name, a segment past
  // its time limit): the retry goes on without what no longer passes rather than refusing, for good, to ever run.
  for (const candidate of [{ ...kept, speakerNames, segments }, { ...kept, speakerNames }, { ...kept, segments }, kept]) {
    const request = analyzeRequestSchema.safeParse(candidate);
    if (request.success) return analyzeConversation(request.data, identity, deps);
  }
  throw new ApiError("bad_request", "This conversation can no longer be analysed as it is stored.");
}

async function analyzeWithAi(
  steps: StructuredStep[],
  request: AnalyzeRequest,
  segments: TranscriptSegment[],
  speakerNames: Record<string, string>,
  deps: AnalysisDeps,
): Promise<Analysis> {
  const metrics = segments.length > 0 ? computeConversationMetrics(segments) : null;
  const prompt = {
    name: "conversation_analysis",
    system: buildAnalysisSystemPrompt(DIMENSION_DETAILS.map((dimension) => ({ title: dimension.title, definition: dimension.definition }))),
    user: buildAnalysisUserPrompt({ transcript: request.transcript, speakerNames, metrics, previousCommitments: request.previousCommitments }),
    geminiSchema: ANALYSIS_JSON_SCHEMA,
    openAiSchema: ANALYSIS_OPENAI_JSON_SCHEMA,
  };
  const { value } = await generateStructured(
    steps,
    prompt,
    (raw) => {
      const parsed = parseModelAnalysis(raw, { source: "ai", promptVersion: ANALYSIS_PROMPT_VERSION });
      return parsed.ok ? { ok: true, value: parsed.analysis } : { ok: false, error: parsed.error };
    },
    deps.retryOptions,
  );
  return metrics ? { ...value, metrics } : value;
}

function withLastTime(analysis: Analysis, previous: readonly CommitmentDraft[]): Analysis {
  return { ...analysis, recommendations: withLastTimeRecommendation(analysis.recommendations, previous) };
}

/** Segments from the browser, or, for a plain transcript, "speaker: text" lines with estimated times. */
function segmentsOf(request: AnalyzeRequest): TranscriptSegment[] {
  if (request.segments && request.segments.length > 0) return request.segments.filter((segment) => segment.text.trim() !== "");
  const turns = parseTranscriptLines(request.transcript);
  return fillSegmentTimes(turns.map((turn) => ({ speaker: turn.speaker, text: turn.text }))) as TranscriptSegment[];
}

async function storeAnalyzedSession(
  userId: string,
  storedId: string | undefined,
  request: AnalyzeRequest,
  analysis: Analysis,
  signals: SignalsRecord | null,
): Promise<string> {
  const db = getDb();
  const data = {
    transcript: request.fullTranscript ?? request.transcript,
    analysis: jsonColumn(analysis),
    signals: jsonColumn(signals),
    speakerNames: jsonColumn(request.speakerNames ?? {}),
    mode: request.mode === "solo" ? ("solo" as const) : ("couple" as const),
    conversationGuideHeadline: request.conversationGuideHeadline ?? null,
    lastActivityAt: new Date(),
  };
  if (storedId) {
    await db.$transaction([db.session.update({ where: { id: storedId }, data }), db.failureMarker.deleteMany({ where: { sessionId: storedId } })]);
    return storedId;
  }
  // The caps were checked before the provider call (handlers/analyze.ts); checked again here under the account's lock, as
  // analyses finishing at once could all have passed that check. A refusal now, after a paid analysis, is the same answer
  // the early check gives (the 422 of the stored-sessions bound, the day's 429): the browser still holds the transcript,
  // as after any failed analysis, and the user can make room and analyse again. Storing past the bound instead would let
  // concurrent requests take an account past it without limit.
  const create = () =>
    createWithinSessionCaps(userId, request.clientId, (tx) =>
      tx.session.create({ data: { userId, clientId: request.clientId, name: sessionName(analysis), ...data }, select: { id: true } }),
    );
  return createOnce(
    userId,
    request.clientId,
    async () => (await create()).id,
    (id) => storeAnalyzedSession(userId, id, request, analysis, signals),
  );
}

async function keepFailedAnalysis(userId: string, storedId: string | undefined, request: AnalyzeRequest, error: string): Promise<string> {
  const db = getDb();
  const marker = { kind: "analysis" as const, error: error.slice(0, 500) };
  if (storedId) {
    await db.failureMarker.upsert({
      where: { sessionId_kind: { sessionId: storedId, kind: "analysis" } },
      create: { sessionId: storedId, ...marker },
      update: { error: marker.error, attemptCount: { increment: 1 }, lastFailedAt: new Date() },
    });
    return storedId;
  }
  // A failed analysis' session counts like any other: made under the caps, as in storeAnalyzedSession.
  const create = () =>
    createWithinSessionCaps(userId, request.clientId, (tx) =>
      tx.session.create({
        data: {
          userId,
          clientId: request.clientId,
          transcript: request.fullTranscript ?? request.transcript,
          speakerNames: jsonColumn(request.speakerNames ?? {}),
          analysis: jsonColumn({ transcriptionSegments: request.segments ?? [], speakerNames: request.speakerNames ?? {} }),
          mode: request.mode === "solo" ? "solo" : "couple",
          conversationGuideHeadline: request.conversationGuideHeadline ?? null,
          name: `Recording ${new Date().toISOString().slice(0, 10)}`,
          failures: { create: marker },
        },
        select: { id: true },
      }),
    );
  return createOnce(
    userId,
    request.clientId,
    async () => (await create()).id,
    (id) => keepFailedAnalysis(userId, id, request, error),
  );
}

function sessionName(analysis: Analysis): string {
  return analysis.briefSummary && analysis.briefSummary !== ANALYSIS_DEFAULTS.briefSummary
    ? analysis.briefSummary.slice(0, 120)
    : `Conversation ${new Date().toISOString().slice(0, 10)}`;
}
