import { givenName } from "@/lib/domain/speakers/given-name";

import { analysisOf, isRecord, type HistorySession } from "./types";

// The names the user gave a session's speakers (spec part 2 section 3 "Session": speakerNames; older sessions keep them in
// the analysis). Screens show these names wherever the transcript says SPEAKER_01.

export type SpeakerNames = Record<string, string>;

/** Trimmed, non-blank names from each source, merged so that an earlier source wins for a speaker. Malformed sources are skipped. */
export function mergeSpeakerNames(...sources: unknown[]): SpeakerNames {
  // A Map, then own properties: a speaker id "__proto__" stays a name like any other instead of being dropped.
  const names = new Map<string, string>();
  for (const source of [...sources].reverse()) {
    if (!isRecord(source)) continue;
    for (const [speaker, name] of Object.entries(source)) if (typeof name === "string" && name.trim() !== "") names.set(speaker, name.trim());
  }
  return Object.fromEntries(names);
}

/** session.speakerNames, else the analysis's speakerNames, speaker by speaker. */
export function sessionSpeakerNames(session: Pick<HistorySession, "speakerNames" | "analysis">): SpeakerNames {
  return mergeSpeakerNames(session.speakerNames, analysisOf(session)?.speakerNames);
}

/** The name given to a speaker, else its id as it is. */
export function speakerNameOf(names: SpeakerNames, speaker: string): string {
  return givenName(names, speaker) ?? speaker;
}

// "SPEAKER_01:" at the start of a line (an optional "12. " before it), the shape transcripts are stored in.
const LABEL = /^(\s*(?:\d+[.)]\s*)?)([^:\n]{1,80}):/gm;
const SPEAKER_ID = /\bSPEAKER_\d+\b/g;

/**
 * The transcript with each "speaker:" label that has a name replaced by it, and any other SPEAKER_NN with a name too.
 * Labels without a name stay as they are.
 */
export function nameSpeakerLabels(text: string, names: SpeakerNames): string {
  return text
    .replace(LABEL, (label, prefix: string, speaker: string) => (Object.hasOwn(names, speaker.trim()) ? `${prefix}${names[speaker.trim()]}:` : label))
    .replace(SPEAKER_ID, (speaker) => speakerNameOf(names, speaker));
}
