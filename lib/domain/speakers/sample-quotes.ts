// Which lines the "Identify Speakers" screen shows for each speaker (spec part 2, section 5 "Quote selection").
import { truncateText } from "../text";
import { countWords, type TranscriptSegment } from "../transcription/segments";

const QUOTE_MIN_WORDS = 8;
const QUOTE_MAX_WORDS = 35;
const QUOTES_PER_SPEAKER = 2;
const QUOTE_TRUNCATE_CHARS = 200;

/** Words that make a line telling of who is speaking: feelings, needs and the relationship itself. */
const EMOTIONAL_OR_RELATIONAL = [
  "feel",
  "feels",
  "feeling",
  "felt",
  "love",
  "loved",
  "hurt",
  "hurts",
  "sorry",
  "appreciate",
  "appreciated",
  "thank",
  "thanks",
  "together",
  "us",
  "we",
  "our",
  "relationship",
  "trust",
  "listen",
  "listening",
  "heard",
  "understand",
  "understood",
  "afraid",
  "scared",
  "worried",
  "happy",
  "sad",
  "angry",
  "upset",
  "frustrated",
  "annoyed",
  "lonely",
  "miss",
  "care",
  "need",
  "needs",
  "want",
  "wish",
  "partner",
  "family",
  "respect",
  "support",
  "close",
  "distant",
  "fair",
  "promise",
  "important",
  "hope",
] as const;

const KEYWORD_PATTERN = new RegExp(`\\b(${EMOTIONAL_OR_RELATIONAL.join("|")})\\b`, "i");

export function hasEmotionalOrRelationalKeyword(text: string): boolean {
  return KEYWORD_PATTERN.test(text);
}

/**
 * Up to 2 segments of 8–35 words containing an emotional or relational keyword, by start time; when none qualifies, the
 * speaker's first 2 segments, each cut at 200 characters with an ellipsis.
 */
export function selectSampleQuotes(segments: TranscriptSegment[]): string[] {
  const telling = segments
    .filter((segment) => {
      const words = countWords(segment.text);
      return words >= QUOTE_MIN_WORDS && words <= QUOTE_MAX_WORDS && hasEmotionalOrRelationalKeyword(segment.text);
    })
    .sort((a, b) => a.start - b.start)
    .slice(0, QUOTES_PER_SPEAKER);
  if (telling.length > 0) return telling.map((segment) => segment.text);

  return [...segments]
    .sort((a, b) => a.start - b.start)
    .slice(0, QUOTES_PER_SPEAKER)
    .map((segment) => truncateText(segment.text, QUOTE_TRUNCATE_CHARS));
}
