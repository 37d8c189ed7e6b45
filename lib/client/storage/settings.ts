import { browserStorage, STORAGE_KEYS, type KeyValueStorage } from "./browser-keys";

export const DEFAULT_SPEECH_LANGUAGE = "en-US";

/** Privacy by Design is on unless explicitly stored as "false". */
export function readPrivacyMode(storage: KeyValueStorage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(STORAGE_KEYS.privacyMode) !== "false";
  } catch {
    return true;
  }
}

export function writePrivacyMode(enabled: boolean, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.privacyMode, enabled ? "true" : "false");
  } catch {
    // Storage can be unavailable (private mode, quota): the setting then lasts for this page only.
  }
}

export function readSpeechLanguage(storage: KeyValueStorage | null = browserStorage()): string {
  try {
    return storage?.getItem(STORAGE_KEYS.speechLanguage) ?? DEFAULT_SPEECH_LANGUAGE;
  } catch {
    return DEFAULT_SPEECH_LANGUAGE;
  }
}

export function writeSpeechLanguage(language: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.speechLanguage, language);
  } catch {
    // See writePrivacyMode.
  }
}

export function readDisplayName(storage: KeyValueStorage | null = browserStorage()): string | null {
  try {
    const value = storage?.getItem(STORAGE_KEYS.userDisplayName)?.trim();
    return value ? value : null;
  } catch {
    return null;
  }
}
