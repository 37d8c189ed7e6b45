import type { Json } from "./hostile";

// Valid request bodies of the API's kinds. The fuzz test matches them to a route by the schema the route parses with (a seed
// a schema accepts is that route's), then changes one place in them, so the hostile value sits deep inside an otherwise
// valid request and reaches the service and the database instead of stopping at the first check. A route whose schema no
// seed fits is still fuzzed with bodies generated from its schema (shapedLike).

const TRANSCRIPT = "Ana: Can we plan the weekend together?\nBen: Yes, let's keep Saturday morning free.";

/** A browser session as the save and migrate routes take it. */
export function sessionSeed(id: string): Json {
  return {
    id,
    transcript: TRANSCRIPT,
    analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: ["Ask again."] }] },
    swipeActions: [{ cardIndex: 0, action: "helpful", timestamp: 1_763_632_800_000 }],
    createdAt: "2026-11-20T10:00:00.000Z",
    timestamp: 1_763_632_800_000,
    name: "Weekend plans",
    summary: "Planning the weekend",
    recommendations: ["Plan Saturday"],
    encouragement: "Onwards.",
    reminderSet: true,
    reminderDate: 1_764_000_000_000,
    speakerNames: { A: "Ana", B: "Ben" },
    followUpTranscripts: [{ transcript: "Ana: We did it!", createdAt: "2026-11-21T10:00:00.000Z", speakerNames: { A: "Ana" } }],
    bufferedTurns: [{ speakerLabel: "A", text: "Hi" }],
  };
}

export const SEEDS: Json[] = [
  { userLabel: "Ana", guideContext: { headline: "Plan the weekend", description: "What would make Saturday feel like ours?" }, language: "en-US" },
  sessionSeed("local-1733000000000"),
  { sessions: [sessionSeed("local-1733000000001"), sessionSeed("local-1733000000002")] },
  {
    swipeActions: [
      { cardIndex: 0, action: "helpful" },
      { cardIndex: 1, action: "unhelpful", timestamp: 1_763_632_800_000 },
    ],
  },
  {
    transcript: "Ana: Saturday mornings are ours.\nBen: Agreed.",
    speakerNames: { A: "Ana", B: "Ben" },
    transcriptionSegments: [{ speaker: "A", text: "Saturday mornings are ours.", start: 0, end: 2 }],
    speakerStats: { A: { totalTime: 2, wordCount: 4, segments: 1 } },
    context: { transcript: TRANSCRIPT, speakerNames: { A: "Ana" } },
  },
  {
    transcript: TRANSCRIPT,
    fullTranscript: TRANSCRIPT,
    mode: "couple",
    conversationGuideHeadline: "Plan the weekend",
    speakerNames: { A: "Ana", B: "Ben" },
    segments: [
      { speaker: "A", text: "Can we plan the weekend together?", start: 0, end: 2 },
      { speaker: "B", text: "Yes, let's keep Saturday morning free.", start: 2, end: 4 },
    ],
    speakerStats: { A: { totalTime: 2, wordCount: 7, segments: 1 } },
    previousCommitments: [{ text: "Keep Saturday morning free", who: "Ben", byWhen: "Saturday" }],
    clientId: "rec-1733000000000",
  },
  {
    audio: Buffer.from("fake webm audio bytes for the fuzz test").toString("base64"),
    mimeType: "audio/webm;codecs=opus",
    language: "en-US",
    minSpeakers: 1,
    maxSpeakers: 2,
    soloMode: false,
    speakerName: "Ana",
    clientId: "rec-1733000000001",
  },
  { analysis: { cards: [{ dimension: "Curiosity", insight: "You asked.", tips: ["Ask again."] }] }, swipeActions: [{ cardIndex: 0, action: "helpful" }] },
  { commitmentId: "00000000-0000-4000-8000-000000000000", outcome: "kept" },
  { amount: "5.00", currency: "USD" },
  // A recording sent in parts (issue 14 §2): its plan, and a part's transcription with a speaker clip.
  {
    clientId: "rec-1733000000002",
    mimeType: "audio/ogg;codecs=opus",
    language: "en",
    parts: [
      { startMs: 0, bytes: 10, pieces: ["9".repeat(64)] },
      { startMs: 600_000, bytes: 20, pieces: ["a".repeat(64)] },
    ],
  },
  { speakerReferences: [{ name: "SPEAKER_01", audio: "UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA=" }] },
];
