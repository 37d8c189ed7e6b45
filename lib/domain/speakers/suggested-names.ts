// Name suggestions on the "Identify Speakers" screen (spec part 1 section 4, part 2 section 5).
import { OWN_NAME_FALLBACK } from "../display-name";
import { cutText, isVisiblyBlank } from "../text";

/** The name input's maxLength; a longer suggestion (a profile name may have 80) is cut to it on confirming. */
export const SPEAKER_NAME_MAX_LENGTH = 60;

const GENERIC_SPEAKER_ID = /^SPEAKER_\d+$/;

/**
 * One speaker: the account holder's name, or "You". Several: the provider's original name where it gave a real one,
 * otherwise "Speaker 1", "Speaker 2", … in order.
 */
export function suggestSpeakerNames(
  speakerIds: string[],
  userName: string | null | undefined,
  originalNames: Record<string, string> = {},
): Record<string, string> {
  if (speakerIds.length === 1) {
    const only = speakerIds[0]!;
    return { [only]: userName?.trim() || OWN_NAME_FALLBACK };
  }
  return Object.fromEntries(
    speakerIds.map((id, index) => {
      const original = originalNames[id]?.trim();
      return [id, original && !GENERIC_SPEAKER_ID.test(original) && !/^[A-Z]$/.test(original) ? original : `Speaker ${index + 1}`];
    }),
  );
}

/**
 * A confirmed speaker name: trimmed, and blank means "not given". Blank includes a name of only zero-width characters,
 * which would show as an empty badge. A long name is cut without splitting a character.
 */
export function normalizeSpeakerName(input: string): string | null {
  const trimmed = input.trim().replace(/\s+/g, " ");
  return isVisiblyBlank(trimmed) ? null : cutText(trimmed, SPEAKER_NAME_MAX_LENGTH).trimEnd();
}
