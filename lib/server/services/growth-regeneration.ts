import "server-only";

import { parseTranscriptLines } from "@/lib/domain/analysis/analyze-request";
import { cleanRecommendations } from "@/lib/domain/analysis/summary";
import type { Analysis, MutualGrowthCard } from "@/lib/domain/analysis/types";
import { extractCommitments, type CommitmentDraft } from "@/lib/domain/growth/commitments";
import { namedTranscript } from "@/lib/domain/speakers/apply-names";
import type { TranscriptSegment } from "@/lib/domain/transcription/segments";

import { analyzeConversation, type AnalysisDeps } from "./analysis";

// After a growth follow-up (spec part 2 section 4): the analysis is run again over the conversation and the commitment
// the couple then agreed on, with the same provider chain (or the local analyzer) as /api/analyze, and nothing stored
// by it. What the completion screen shows comes from it: the new summary, recommendations, encouragement and growth card.

export type Regeneration = {
  summary: string;
  recommendations: string[];
  encouragement: string;
  mutualGrowthCard: MutualGrowthCard;
  /** What the follow-up agreed: the model's, else taken from the follow-up's words (issue 11 follow-through). */
  commitments: CommitmentDraft[];
};

const FOLLOW_UP_HEADING = "Growth conversation (what they agreed to do next):";

export type RegenerationInput = {
  /**
   * The first conversation: segments with the names given, or its plain transcript. Segments and names are read here, not
   * trusted: they come from a stored analysis that was saved as the browser kept it, and from a follow-up's free-form list.
   */
  conversation: { transcript: string; segments?: unknown; speakerNames?: unknown };
  followUp: { transcript: string; segments?: unknown; speakerNames?: unknown };
};

export async function regenerateWithFollowUp({ conversation, followUp }: RegenerationInput, deps: AnalysisDeps = {}): Promise<Regeneration> {
  const transcript = [readable(conversation), "", FOLLOW_UP_HEADING, readable(followUp)].join("\n").slice(0, 200_000);
  const first = usableSegments(conversation.segments);
  const second = usableSegments(followUp.segments);
  // The follow-up's speaker ids start again at SPEAKER_01: prefixed, and placed after the conversation in time, so the
  // metrics and the local analyzer see one conversation with its commitment at the end.
  const offset = first.reduce((end, segment) => Math.max(end, segment.end), 0) + 1;
  const segments =
    first.length > 0 && second.length > 0
      ? [...first, ...second.map((segment) => ({ ...segment, speaker: `GROWTH_${segment.speaker}`, start: segment.start + offset, end: segment.end + offset }))]
      : undefined;
  const followUpNames = Object.fromEntries(Object.entries(usableNames(followUp.speakerNames)).map(([id, name]) => [`GROWTH_${id}`, name]));
  const speakerNames = { ...usableNames(conversation.speakerNames), ...(segments ? followUpNames : {}) };
  // The signals are recomputed by the append itself (over the conversation and every follow-up), not from this merged text.
  const { analysis } = await analyzeConversation({ transcript, mode: "couple", speakerNames, ...(segments ? { segments } : {}) }, null, {
    ...deps,
    signalSteps: false,
  });
  return fromAnalysis(analysis, followUp);
}

/** The well-formed segments of a list, or none when it is not a list (a stored `transcriptionSegments: 5`). */
function usableSegments(segments: unknown): TranscriptSegment[] {
  if (!Array.isArray(segments)) return [];
  return segments.filter(
    (segment): segment is TranscriptSegment =>
      typeof segment === "object" &&
      segment !== null &&
      typeof segment.speaker === "string" &&
      typeof segment.text === "string" &&
      segment.text.trim() !== "" &&
      Number.isFinite(segment.start) &&
      Number.isFinite(segment.end),
  );
}

/** The names given to speakers: the string ones of a record, none for anything else. */
function usableNames(names: unknown): Record<string, string> {
  if (typeof names !== "object" || names === null || Array.isArray(names)) return {};
  return Object.fromEntries(Object.entries(names).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function readable(part: RegenerationInput["conversation"]): string {
  const segments = usableSegments(part.segments);
  return segments.length > 0 ? namedTranscript(segments, usableNames(part.speakerNames)) : part.transcript;
}

/** The commitments a follow-up states in its own words: what is kept when no model names them. */
export function followUpCommitments(followUp: RegenerationInput["followUp"]): CommitmentDraft[] {
  const segments = usableSegments(followUp.segments);
  return extractCommitments(segments.length > 0 ? segments : parseTranscriptLines(followUp.transcript), usableNames(followUp.speakerNames));
}

function fromAnalysis(analysis: Analysis, followUp: RegenerationInput["followUp"]): Regeneration {
  return {
    commitments: analysis.commitments && analysis.commitments.length > 0 ? analysis.commitments : followUpCommitments(followUp),
    summary: analysis.coachResponse,
    recommendations: cleanRecommendations(analysis.recommendations).slice(-3),
    encouragement: analysis.encouragement,
    mutualGrowthCard: analysis.mutualGrowthCard,
  };
}
