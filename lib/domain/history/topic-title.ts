import { ANALYSIS_DEFAULTS } from "../analysis/analysis-defaults";
import { cutText } from "../text";
import { analysisOf, collapseWhitespace, isRecord, type HistorySession } from "./types";

// The title of a history card (spec part 2 section 9 "Topic title"). The spec allows "a random generic label" when
// nothing matches; we always use DEFAULT_TOPIC_TITLE instead, so a card keeps its title across renders and reloads
// and tests stay deterministic.

export const DEFAULT_TOPIC_TITLE = "Specific Topics Discussion";
/** The analysis default (spec part 2 section 3) says nothing about the session, so it never becomes a title. */
const DEFAULT_BRIEF_SUMMARY = ANALYSIS_DEFAULTS.briefSummary;
const MAX_TITLE_LENGTH = 80;

/**
 * Keywords per topic group, in the spec's order (the order also breaks ties). Whole words, lower case; a word also
 * matches with a plural/verb ending (s, es, ed, d, ing), so "argue" covers "argued" and "budget" covers "budgets".
 */
export const TOPIC_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  Communication: [
    "communicate",
    "communication",
    "listen",
    "listening",
    "talk",
    "conversation",
    "understand",
    "heard",
    "misunderstand",
    "explain",
    "express",
    "tone",
  ],
  Conflict: ["argue", "argument", "arguing", "fight", "conflict", "disagree", "disagreement", "angry", "upset", "frustrated", "yell", "blame", "annoyed"],
  Intimacy: ["intimacy", "intimate", "affection", "romance", "romantic", "sex", "touch", "cuddle", "kiss", "closeness", "passion", "date night"],
  Financial: [
    "money",
    "budget",
    "finance",
    "financial",
    "spend",
    "spending",
    "save",
    "savings",
    "debt",
    "bill",
    "rent",
    "mortgage",
    "salary",
    "expense",
    "loan",
  ],
  Household: ["chore", "dishes", "laundry", "clean", "cleaning", "cook", "cooking", "groceries", "housework", "tidy", "trash", "house", "apartment"],
  Family: ["family", "parents", "mother", "father", "mom", "dad", "sister", "brother", "in-law", "in-laws", "relatives", "grandma", "grandpa"],
  Time: ["time", "busy", "schedule", "quality time", "weekend", "evening", "together time", "rushed", "late", "hours"],
  Trust: ["trust", "honest", "honesty", "lie", "lying", "secret", "jealous", "jealousy", "betray", "faithful", "cheat", "reliable"],
  Planning: ["plan", "planning", "future", "goal", "vacation", "trip", "move", "moving", "decide", "decision", "organize", "calendar"],
  Commitment: ["commitment", "commit", "committed", "marriage", "married", "wedding", "engaged", "engagement", "promise", "long-term", "forever"],
  Boundaries: ["boundary", "boundaries", "space", "privacy", "alone", "limit", "respect", "personal space", "comfortable", "pressure", "overstep"],
  Parenting: ["kid", "kids", "child", "children", "baby", "parenting", "school", "bedtime", "homework", "daycare", "son", "daughter", "toddler"],
  Career: ["job", "work", "career", "boss", "office", "promotion", "colleague", "coworker", "interview", "project", "deadline", "workload"],
  Recreation: ["fun", "hobby", "hobbies", "game", "movie", "hike", "sport", "play", "friends", "party", "travel", "music", "relax"],
};

const ENDING = "(?:s|es|ed|d|ing)?";
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
const PATTERNS = Object.entries(TOPIC_KEYWORDS).map(
  ([topic, words]) => [topic, new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escape).join("|")})${ENDING}(?![\\p{L}\\p{N}])`, "giu")] as const,
);

/** Matches per topic group, highest first; groups without a match are left out; ties keep the spec's order. */
export function topicScores(text: string): { topic: string; count: number }[] {
  return PATTERNS.map(([topic, pattern]) => ({ topic, count: text.match(pattern)?.length ?? 0 }))
    .filter((score) => score.count > 0)
    .sort((a, b) => b.count - a.count);
}

export function topicTitle(session: Pick<HistorySession, "analysis" | "transcript">): string {
  const brief = analysisOf(session)?.briefSummary;
  if (typeof brief === "string") {
    const title = collapseWhitespace(brief);
    if (title !== "" && title.toLowerCase() !== DEFAULT_BRIEF_SUMMARY.toLowerCase()) return truncate(title);
  }
  const top = topicScores(transcriptForTopics(session)).slice(0, 2);
  return top.length > 0 ? top.map((score) => score.topic).join(" & ") : DEFAULT_TOPIC_TITLE;
}

/**
 * The transcript without "SPEAKER_01:" style labels (a speaker named "Time" must not make the topic "Time"); when it is
 * blank, the analysis segments' text.
 */
function transcriptForTopics(session: Pick<HistorySession, "analysis" | "transcript">): string {
  const transcript = typeof session.transcript === "string" ? session.transcript : "";
  // Blanks before a label stay on its line ([^\S\n]): with \s, each line of a run of blank lines scanned the rest of the run
  // (36 ms for a card's 4,000-character head of blank lines, on the server's thread, per card of every history page).
  if (transcript.trim() !== "") return transcript.replace(/^[^\S\n]*(?:\d+[.)][^\S\n]*)?[^:\n]{1,80}:/gm, " ");
  const segments = analysisOf(session)?.transcriptionSegments;
  if (!Array.isArray(segments)) return "";
  return segments.map((segment: unknown) => (isRecord(segment) && typeof segment.text === "string" ? segment.text : "")).join("\n");
}

function truncate(title: string): string {
  return title.length <= MAX_TITLE_LENGTH ? title : `${cutText(title, MAX_TITLE_LENGTH - 3).trimEnd()}...`;
}
