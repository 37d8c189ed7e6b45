import type { TranscriptSegment } from "../transcription/segments";
import { givenName } from "./given-name";

/** "Name: text" lines, with each speaker id replaced by the confirmed name (ids without a name stay as they are). */
export function namedTranscript(segments: TranscriptSegment[], names: Record<string, string>): string {
  return segments.map((segment) => `${givenName(names, segment.speaker) ?? segment.speaker}: ${segment.text}`).join("\n");
}

/** The next speaker still to confirm after `current`, wrapping around; null when everyone is confirmed. */
export function nextUnconfirmed(speakerIds: string[], confirmed: ReadonlySet<string>, current: number): number | null {
  for (let step = 1; step <= speakerIds.length; step++) {
    const index = (current + step) % speakerIds.length;
    if (!confirmed.has(speakerIds[index]!)) return index;
  }
  return null;
}
