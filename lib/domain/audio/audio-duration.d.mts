// Types of audio-duration.mjs (plain JS for the node fake server), for the server, the TypeScript tests and msw handlers.
export function oggOpusDurationSeconds(bytes: Uint8Array): number | null;
export function wavDurationSeconds(bytes: Uint8Array): number | null;
export function webmDurationSeconds(bytes: Uint8Array): number | null;
export function audioDurationSeconds(bytes: Uint8Array): number | null;
