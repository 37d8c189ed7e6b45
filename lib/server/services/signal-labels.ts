import "server-only";

import { z } from "zod";

import {
  chunkTurns,
  LABELS_JSON_SCHEMA,
  LABELS_OPENAI_JSON_SCHEMA,
  modelLabelsAnswerSchema,
  promptLines,
  validateLabels,
  type TurnLabel,
} from "@/lib/domain/signals/labels";
import { buildSignalsRecord, readSignalsRecord, signalTurns, withFollowUps, type SignalsRecord } from "@/lib/domain/signals/record";
import type { SignalsMode } from "@/lib/domain/signals/signals";
import type { SignalSegment, Turn } from "@/lib/domain/signals/turns";
import { getEnv } from "@/lib/server/env";
import { buildSignalLabelsSystemPrompt, buildSignalLabelsUserPrompt, SIGNAL_LABELS_PROMPT_NAME } from "@/lib/server/prompts/signal-labels";
import { generateStructured, type StructuredStep } from "@/lib/server/providers/structured/chain";
import type { StructuredPrompt } from "@/lib/server/providers/structured/types";

// The conversation signals of issue 17: one structured call per conversation (chunks of at most 200 turns for a long one,
// at most 4 at once) labels turns with exact quotes, the domain checks every label and computes every number. It runs beside
// the analysis and never fails it: with no key, every provider failing or the time budget spent, the signals come back
// unlabelled (the timing, pronoun and floor signals need no model).

/** The whole labelling (every chunk, retries and fallbacks) ends within this, well inside the analysis route's own budget. */
export const SIGNAL_LABELS_BUDGET_MS = 60_000;
/** Chunks of one conversation in flight at once. */
export const MAX_PARALLEL_CHUNKS = 4;
/**
 * At most this many turns are labelled in one request, 25 calls: as many as an analysis's 5,000 segments can make. A
 * follow-up's body of tiny alternating turns could otherwise make hundreds of paid calls behind one admitted request; past
 * it the signals come back unlabelled.
 */
export const MAX_LABELLED_TURNS = 5_000;

export type SignalLabelDeps = {
  steps?: StructuredStep[];
  retryOptions?: Parameters<typeof generateStructured>[3];
  budgetMs?: number;
  /** Aborts the labelling (the analysis failed, so nobody will read the signals). */
  signal?: AbortSignal;
};

/** Thrown into the provider chain once the labelling is cancelled: a status that is never retried. */
class LabellingCancelled extends Error {
  readonly status = 499;
  constructor() {
    super("signal labelling cancelled");
    this.name = "LabellingCancelled";
  }
}

/** The same providers, each call also ended by `outer` (the budget or a cancel), after which none is tried again. */
function cancellable(steps: StructuredStep[], outer: AbortSignal): StructuredStep[] {
  return steps.map(({ provider, policy }) => ({
    policy,
    provider: {
      name: provider.name,
      async generate(prompt: StructuredPrompt, signal: AbortSignal) {
        if (outer.aborted) throw new LabellingCancelled();
        try {
          return await provider.generate(prompt, AbortSignal.any([signal, outer]));
        } catch (error) {
          throw outer.aborted ? new LabellingCancelled() : error;
        }
      },
    },
  }));
}

/** The labelling's providers: the analysis's, or none when the operator turned the labelling off (SIGNAL_LABELLING=off). */
export function labellingSteps(steps: StructuredStep[]): StructuredStep[] {
  return getEnv().SIGNAL_LABELLING === "off" ? [] : steps;
}

export function signalLabelsPrompt(chunk: readonly Turn[], names: Readonly<Record<string, string>>): StructuredPrompt {
  return {
    name: SIGNAL_LABELS_PROMPT_NAME,
    system: buildSignalLabelsSystemPrompt(),
    user: buildSignalLabelsUserPrompt(promptLines(chunk, names)),
    geminiSchema: LABELS_JSON_SCHEMA,
    openAiSchema: LABELS_OPENAI_JSON_SCHEMA,
    temperature: 0,
  };
}

/** Runs `task` over `items` with at most `limit` in flight; the first failure rejects (the rest are left to the caller to cancel). */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The checked labels of every turn, or null when the model could not label the conversation (no provider, more than
 * MAX_LABELLED_TURNS turns, every provider failed on some chunk, the budget ran out, or cancelled). A chunk's labels are
 * checked against that chunk's turns only: a turn the model was not shown cannot be labelled, or answered, from it.
 */
export async function labelTurns(
  turns: readonly Turn[],
  names: Readonly<Record<string, string>>,
  deps: SignalLabelDeps & { steps: StructuredStep[] },
): Promise<{ labels: TurnLabel[]; rejectedLabels: number } | null> {
  if (deps.steps.length === 0 || turns.length > MAX_LABELLED_TURNS) return null;
  if (turns.length === 0) return { labels: [], rejectedLabels: 0 };
  const budgetMs = deps.budgetMs ?? SIGNAL_LABELS_BUDGET_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), budgetMs);
  const onOuterAbort = () => controller.abort();
  deps.signal?.addEventListener("abort", onOuterAbort, { once: true });
  if (deps.signal?.aborted) controller.abort();
  const steps = cancellable(deps.steps, controller.signal);

  try {
    const checked = await inPool(chunkTurns(turns), MAX_PARALLEL_CHUNKS, async (chunk) => {
      const shown: Turn[] = [];
      for (const turn of chunk) shown[turn.index] = turn;
      const { value } = await generateStructured(
        steps,
        signalLabelsPrompt(chunk, names),
        (raw) => {
          const parsed = modelLabelsAnswerSchema.safeParse(raw);
          return parsed.success ? { ok: true, value: parsed.data.labels } : { ok: false, error: "the answer is not { labels: [...] }" };
        },
        deps.retryOptions,
      );
      return validateLabels(value, shown);
    });
    return { labels: checked.flatMap((check) => check.labels), rejectedLabels: checked.reduce((sum, check) => sum + check.rejectedLabels, 0) };
  } catch {
    // Whatever went wrong (outage, budget, cancel): no labels rather than a partial count that would mislead.
    return null;
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener("abort", onOuterAbort);
    // Chunks still in flight after a failure have nothing left to contribute.
    controller.abort();
  }
}

export type SignalsInput = {
  segments: readonly SignalSegment[];
  speakerNames: Readonly<Record<string, string>>;
  mode: SignalsMode;
};

/** The signals record of a conversation: turns from its segments, labels from the model when one answers, every number by code. */
export async function conversationSignals(
  { segments, speakerNames, mode }: SignalsInput,
  deps: SignalLabelDeps & { steps: StructuredStep[] },
): Promise<SignalsRecord> {
  // Called just before the analysis: yield first, so the analysis's request goes out before this call's own work.
  await new Promise((resolve) => setImmediate(resolve));
  const turns = signalTurns(segments);
  const speakers = [...new Set(segments.map((segment) => segment.speaker))];
  // Solo: the label counts are all two-person signals, so there is nothing to ask the model (labelled when one is configured).
  const labelled = mode === "solo" ? (deps.steps.length > 0 ? { labels: [], rejectedLabels: 0 } : null) : await labelTurns(turns, speakerNames, deps);
  return buildSignalsRecord({ turns, labels: labelled?.labels ?? null, rejectedLabels: labelled?.rejectedLabels ?? 0, mode, speakers });
}

// ---- After a growth follow-up is appended ----

const segmentSchema = z.object({ speaker: z.string(), text: z.string(), start: z.number().finite(), end: z.number().finite() });
const segmentsOf = (value: unknown): SignalSegment[] =>
  Array.isArray(value) ? value.flatMap((item) => (segmentSchema.safeParse(item).success ? [item as SignalSegment] : [])) : [];
const namesOf = (value: unknown): Record<string, string> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
    : {};

export type SessionForSignals = {
  mode: string;
  analysis: unknown;
  speakerNames: unknown;
  signals: unknown;
  followUpTranscripts: { transcriptionSegments?: unknown; speakerNames?: unknown }[];
};

/**
 * The session's signals recomputed over the conversation and every follow-up (placed after it, speakers matched by name).
 * The conversation's turns keep their numbers, so the labels already kept are checked again and kept, and only the turns
 * after them go to the model. Null when the session has no timed segments to count from (the stored signals then stay).
 */
export async function signalsWithFollowUps(session: SessionForSignals, deps: SignalLabelDeps & { steps: StructuredStep[] }): Promise<SignalsRecord | null> {
  const analysis = (session.analysis ?? {}) as { transcriptionSegments?: unknown; speakerNames?: unknown };
  const conversation = segmentsOf(analysis.transcriptionSegments);
  if (conversation.length === 0) return null;
  const names = { ...namesOf(analysis.speakerNames), ...namesOf(session.speakerNames) };
  const followUps = session.followUpTranscripts.map((followUp) => ({
    segments: segmentsOf(followUp.transcriptionSegments),
    speakerNames: namesOf(followUp.speakerNames),
  }));
  const combined = withFollowUps(conversation, names, followUps);
  // Names of the follow-ups' own speakers (prefixed ids) the session's names do not hold.
  const ownNames = Object.fromEntries(Object.entries(combined.speakerNames).filter(([id]) => !(id in names)));
  const turns = signalTurns(combined.segments);
  const speakers = [...new Set(combined.segments.map((segment) => segment.speaker))];
  const mode: SignalsMode = session.mode === "solo" ? "solo" : "couple";
  if (mode === "solo") return buildSignalsRecord({ turns, labels: deps.steps.length > 0 ? [] : null, mode, speakers, speakerNames: ownNames });

  const previous = readSignalsRecord(session.signals);
  const reusable = previous?.labelled ? Math.min(previous.turns, turns.length) : 0;
  const kept = reusable
    ? validateLabels(
        previous!.labels.filter((label) => label.turn < reusable).map((label) => ({ ...label, responds_to: label.respondsTo })),
        turns,
      ).labels
    : [];
  const fresh = await labelTurns(turns.slice(reusable), combined.speakerNames, deps);
  return buildSignalsRecord({
    speakerNames: ownNames,
    turns,
    labels: fresh ? [...kept, ...fresh.labels] : null,
    rejectedLabels: (reusable ? previous!.rejectedLabels : 0) + (fresh?.rejectedLabels ?? 0),
    mode,
    speakers,
  });
}
