// Types of dialogue.mjs (plain JS for the node fake server), for the TypeScript tests and msw handlers.
export type DialogueTurn = { speaker: string; start: number; end: number; text: string };
export const DIALOGUE: [string, number, number, string][];
export const DIALOGUE_DURATION: number;
export const OPENAI_DIARIZE_MAX_SECONDS: number;
export const GEMINI_INLINE_MAX_BYTES: number;
export function diarizeTooLong(durationSeconds: number): { error: { message: string; type: string; param: null; code: string } };
export function geminiPayloadTooLarge(): { error: { code: number; message: string; status: string } };
export function dialogueFor(durationSeconds: number | null, names?: string[]): DialogueTurn[];
export function geminiKnownSpeakerNames(texts: (string | undefined)[]): string[];
