/**
 * The IndexedDB database the recordings are kept in (audio-store.ts). On its own so the first screen can ask whether it
 * exists without loading the audio store.
 */
export const AUDIO_DATABASE_NAME = "coach-audio";
