// What the fake transcription providers answer (server.mjs and tests/msw/providers.ts), and the caps they hold each request
// to, as the real services do. Plain JS so the node fake server runs it as it is.

/** The default transcript: the dialogue of tests/fixtures/two-voices.wav, two speakers alternating. [speaker, start, end, text] */
export const DIALOGUE = [
  ["A", 0.0, 3.2, "Can we plan this weekend together? We never get time for us."],
  ["B", 3.5, 5.9, "I would like that. Saturday morning, no phones."],
  ["A", 6.2, 8.6, "Sometimes I feel you do not really hear me."],
  ["B", 8.9, 11.2, "I hear you. What would help you feel heard?"],
  ["A", 11.5, 13.6, "Ask me about my day, and just listen."],
  ["B", 13.9, 15.8, "Deal. Saturday is just for us."],
];
export const DIALOGUE_DURATION = 16.1;

/** gpt-4o-transcribe-diarize refuses audio longer than this per request. */
export const OPENAI_DIARIZE_MAX_SECONDS = 1400;
/** Gemini's inline-data request limit (larger audio must go through its Files API). */
export const GEMINI_INLINE_MAX_BYTES = 20 * 1024 * 1024;

/** OpenAI's error for audio over the diarization model's cap. */
export function diarizeTooLong(durationSeconds) {
  return {
    error: {
      message: `audio duration ${Number(durationSeconds.toFixed(3))} seconds is longer than ${OPENAI_DIARIZE_MAX_SECONDS} seconds which is the maximum for this model`,
      type: "invalid_request_error",
      param: null,
      code: "invalid_value",
    },
  };
}

/** Gemini's error for a request over the inline limit. */
export function geminiPayloadTooLarge() {
  return { error: { code: 400, message: `Request payload size exceeds the limit: ${GEMINI_INLINE_MAX_BYTES} bytes.`, status: "INVALID_ARGUMENT" } };
}

/** Seconds between the starts of two turns of a long dialogue, and how long each turn lasts. */
const TURN_SECONDS = 10;
const TURN_LENGTH = 8;

/**
 * The dialogue for audio of `durationSeconds` (null: unknown): the default dialogue for short or unknown audio, else two
 * speakers taking turns every 10 s to the audio's end. Speakers are "A" and "B", or the first two known speaker names.
 * @param {number | null} durationSeconds
 * @param {string[]} [names]
 * @returns {{ speaker: string; start: number; end: number; text: string }[]}
 */
export function dialogueFor(durationSeconds, names = []) {
  const label = (speaker) => (speaker === "A" ? names[0] : names[1]) ?? speaker;
  if (durationSeconds === null || durationSeconds <= DIALOGUE_DURATION + TURN_SECONDS) {
    return DIALOGUE.map(([speaker, start, end, text]) => ({ speaker: label(speaker), start, end, text }));
  }
  const turns = [];
  for (let index = 0, start = 0; start < durationSeconds; index += 1, start += TURN_SECONDS) {
    const [speaker, , , text] = DIALOGUE[index % DIALOGUE.length];
    // The last turn runs to the audio's end.
    const end = start + TURN_SECONDS >= durationSeconds ? durationSeconds : start + TURN_LENGTH;
    turns.push({ speaker: label(speaker), start, end: Number(end.toFixed(3)), text: `${text} (${index + 1})` });
  }
  return turns;
}

/** The known speaker names the Gemini transcription got: the lines before its reference clips (speakerReferenceLabel). */
export function geminiKnownSpeakerNames(texts) {
  return texts.flatMap((text) => {
    const match = /^Reference clip of the speaker named (".*"):$/.exec(text ?? "");
    if (!match) return [];
    try {
      return [JSON.parse(match[1])];
    } catch {
      return [];
    }
  });
}
