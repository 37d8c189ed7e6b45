// Which name the app shows for the user (spec part 1, section 3 "User").
import { cutText, firstCharacter, isVisiblyBlank } from "./text";

export type NameSources = { storedName?: string | null; fullName?: string | null; firstName?: string | null };

const DEFAULT_USER_NAME = "User";
/**
 * The user's own label where the spec says "their name or 'You'" (part 1 sections 2 and 4, part 2 sections 2 and 5): the
 * Live Transcript, a lone speaker's suggested name, a Solo Journal's one voice (the browser's and the server's alike).
 */
export const OWN_NAME_FALLBACK = "You";
/**
 * The longest name the app uses: the profile field's maxLength, and what the server takes as the coach's user label and
 * the solo speaker's name. A longer account name (the identity provider allows more) is cut to it.
 */
export const DISPLAY_NAME_MAX_LENGTH = 80;

export function resolveDisplayName(sources: NameSources): string {
  return resolveOwnName(sources) ?? DEFAULT_USER_NAME;
}

/**
 * The user's own name when they have one, else null: where the spec labels the user "their name or 'You'" (the solo
 * transcript, a lone speaker's suggested name), a nameless account is "You", not the profile's stand-in "User".
 */
export function resolveOwnName({ storedName, fullName, firstName }: NameSources): string | null {
  for (const candidate of [storedName, fullName, firstName]) {
    const trimmed = candidate?.trim();
    if (trimmed && !isVisiblyBlank(trimmed)) return cutText(trimmed, DISPLAY_NAME_MAX_LENGTH).trimEnd();
  }
  return null;
}

/** The avatar's letter: the name's first character as a whole (a flag or an emoji with its skin tone, not half of it). */
export function initialOf(name: string): string {
  const first = firstCharacter(name.trim());
  return first && !isVisiblyBlank(first) ? first.toLocaleUpperCase() : DEFAULT_USER_NAME[0]!;
}

/**
 * A profile name change is saved only when, trimmed, it is non-empty and differs from the current name. Only zero-width
 * characters count as empty: the header would show a blank avatar.
 */
export function isSavableNameChange(current: string, next: string): boolean {
  const trimmed = next.trim();
  return !isVisiblyBlank(trimmed) && trimmed !== current.trim();
}
