import { recognitionPolicy, shouldRestart } from "@/lib/domain/solo/speech-recognition-policy";

// The browser's speech recognition as a live-transcript aid (spec part 1, section 4), where it exists: Chrome and Safari
// have it (prefixed as webkitSpeechRecognition), Firefox and headless Chromium do not, and then this returns null and
// nothing else changes. The restart rules are lib/domain/solo/speech-recognition-policy.ts.

/** The part of the Web Speech API used here. */
export type SpeechRecognitionLike = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

export type LiveTranscriptAid = { stop(): void };

type Deps = {
  /** The constructor; feature-detected on window by default. */
  Recognition?: SpeechRecognitionConstructor | null;
  userAgent?: string;
  random?: () => number;
};

/** The browser's SpeechRecognition, or null where there is none. */
export function detectSpeechRecognition(scope: unknown = typeof window === "undefined" ? undefined : window): SpeechRecognitionConstructor | null {
  if (!scope || typeof scope !== "object") return null;
  const candidate = (scope as Record<string, unknown>).SpeechRecognition ?? (scope as Record<string, unknown>).webkitSpeechRecognition;
  return typeof candidate === "function" ? (candidate as SpeechRecognitionConstructor) : null;
}

/**
 * Listens in `lang` and reports each final phrase through `onText`; null where the browser has no speech recognition.
 * Restarts on end or error while listening (not after "aborted"), and proactively every 15 s (30 s on Android Chrome).
 */
export function startLiveTranscriptAid(
  { lang, onText }: { lang: string; onText: (text: string) => void },
  { Recognition = detectSpeechRecognition(), userAgent = typeof navigator === "undefined" ? "" : navigator.userAgent, random = Math.random }: Deps = {},
): LiveTranscriptAid | null {
  if (!Recognition) return null;
  const policy = recognitionPolicy(userAgent);
  let listening = true;
  let recognition: SpeechRecognitionLike | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;

  function scheduleRestart(): void {
    clearTimeout(restartTimer);
    restartTimer = setTimeout(begin, policy.restartDelayMs(random));
  }

  function begin(): void {
    if (!listening || !Recognition) return;
    const current = new Recognition();
    recognition = current;
    current.lang = lang;
    current.continuous = policy.continuous;
    current.interimResults = false;
    let lastError: string | undefined;
    current.onresult = (event) => {
      for (let index = event.resultIndex; index < event.results.length; index++) {
        const result = event.results[index];
        const text = result?.[0]?.transcript.trim();
        if (result?.isFinal && text) onText(text);
      }
    };
    current.onerror = (event) => {
      lastError = event.error;
    };
    current.onend = () => {
      if (recognition !== current) return;
      clearTimeout(refreshTimer);
      if (shouldRestart({ listening, error: lastError })) scheduleRestart();
    };
    try {
      current.start();
    } catch {
      // Already started or refused (no permission): the end handler or the next refresh tries again.
    }
    // Browsers end recognition on their own after a while: stop it first and let the end handler restart it.
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => {
      if (recognition === current) current.stop();
    }, policy.restartEveryMs);
  }

  begin();
  return {
    stop() {
      listening = false;
      clearTimeout(restartTimer);
      clearTimeout(refreshTimer);
      recognition?.abort();
      recognition = null;
    },
  };
}
