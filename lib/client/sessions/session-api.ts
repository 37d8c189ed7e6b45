import type { Analysis, SessionSummary, SwipeAction } from "@/lib/domain/analysis/types";
import { extractErrorMessage, looksLikeHtml } from "@/lib/domain/errors/classify";
import { sessionListPageSchema, type SessionListPage } from "@/lib/domain/history/session-list";
import type { TranscriptionResultData } from "@/lib/domain/transcription/transcription-result";

import { apiJson, apiRequest, ApiRequestError } from "../api/request";
import { callTranscriptionEndpoint } from "../transcription/transcribe-client";

// Every /api/sessions* call of the spec (part 1 section 7, part 2 section 7), one typed function each. Paths are built
// here and nowhere else; the request helper still rewrites them to /api/public/… for guests. A failed call throws
// SessionApiError, decoded once from the server's JSON error body.

const base = "/api/sessions";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const SESSION_PATHS = {
  list: () => base,
  migrate: () => `${base}/migrate?skipRegeneration=true`,
  session: one,
  swipe: (id: string) => `${one(id)}/swipe`,
  summary: (id: string) => `${one(id)}/summary`,
  reminderClick: (id: string) => `${one(id)}/reminder-cta-click`,
  retryAnalysis: (id: string) => `${one(id)}/retry-analysis`,
  retryTranscription: (id: string) => `${one(id)}/retry-transcription`,
  appendTranscript: (id: string) => `${one(id)}/append-transcript`,
  invalidateCache: (id: string) => `${one(id)}/invalidate-cache`,
} as const;

/** A failed session call: the HTTP status (0 when the network failed), the server's code and message, and its extra fields. */
export class SessionApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: Record<string, unknown>;

  constructor(message: string, { status, code = null, details = {} }: { status: number; code?: string | null; details?: Record<string, unknown> }) {
    super(message);
    this.name = "SessionApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  /** The network failed, or an HTML page (a host's or proxy's error page) came back instead of JSON. */
  get isConnectionError(): boolean {
    return this.status === 0 || this.code === "html";
  }

  /** A usable summary in a failed summary call's body (the server's fallback), or null. */
  get fallbackSummary(): SessionSummary | null {
    return typeof this.details.summary === "string" ? (this.details as unknown as SessionSummary) : null;
  }
}

/** Turns whatever a failed call threw into a SessionApiError. */
export function toSessionApiError(error: unknown): SessionApiError {
  if (error instanceof SessionApiError) return error;
  if (error instanceof ApiRequestError) {
    if (looksLikeHtml(error.body)) return new SessionApiError(error.message, { status: error.status, code: "html" });
    let details: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(error.body);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
    } catch {
      // A body that is not JSON has no details; its text is the message.
    }
    const code = typeof details.code === "string" ? details.code : null;
    return new SessionApiError(extractErrorMessage(error.body) || error.message, { status: error.status, code, details });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new SessionApiError(`Connection error: ${message}`, { status: 0 });
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSessionApiError(error);
  }
}

/** A session as the server answers it; loosely typed here, read through the history and results types. */
export type SessionRecord = Record<string, unknown> & { id: string };
export type SaveSessionBody = Record<string, unknown> & { id: string };
export type MigrateAnswer = {
  success: boolean;
  migratedCount: number;
  migrated?: { localId: string; id: string }[];
  skipped?: { localId: string | null; reason: string }[];
};
export type FollowUpBody = {
  transcript: string;
  transcriptionSegments?: unknown;
  speakerStats?: unknown;
  speakers?: unknown;
  speakerNames?: Record<string, string>;
  /** A guest's session, which the server does not keep: what the regeneration needs to know of it. */
  context?: { transcript: string; speakerNames?: Record<string, string>; cards?: unknown[] };
};

type Signal = { signal?: AbortSignal };

/** GET /api/sessions gives up after this long (spec part 1 sections 7 and 9, "session-list fetch time-out 3 s"). */
export const SESSION_LIST_TIMEOUT_MS = 3000;

export const sessionApi = {
  /**
   * GET /api/sessions?cursor=…&limit=…&cacheBuster={ts} — one page of the account's history (for guests the public list,
   * which is empty). The answer is checked against the list's schema: a malformed one fails like a failed call.
   */
  list: ({ signal, cursor, limit }: Signal & { cursor?: string | null; limit?: number } = {}): Promise<SessionListPage> =>
    call(async () => {
      const query = new URLSearchParams();
      if (cursor) query.set("cursor", cursor);
      if (limit !== undefined) query.set("limit", String(limit));
      query.set("cacheBuster", String(Date.now()));
      const answer = await apiJson<unknown>("GET", `${SESSION_PATHS.list()}?${query}`, {
        headers: { "x-request-source": "history" },
        signal,
        timeoutMs: SESSION_LIST_TIMEOUT_MS,
      });
      const page = sessionListPageSchema.safeParse(answer);
      if (!page.success) throw new SessionApiError("The session list could not be read.", { status: 200, code: "malformed" });
      return page.data;
    }),

  /** GET /api/sessions/{id}?…refresh=true&_t={ts} — the full session, never from a cache; `from: "history"` when opened there. */
  get: (
    id: string,
    { signal, from, force, timeoutMs, accountOnly }: Signal & { from?: "history"; force?: boolean; timeoutMs?: number; accountOnly?: boolean } = {},
  ) => {
    const query = `${from ? `from=${from}&` : ""}refresh=true${force ? "&force=true" : ""}&_t=${Date.now()}`;
    return call(() => apiJson<SessionRecord>("GET", `${SESSION_PATHS.session(id)}?${query}`, { signal, timeoutMs, accountOnly }));
  },

  /** POST /api/sessions/{id}?skipRegeneration=true — the final save (and its retry). */
  save: (body: SaveSessionBody) => call(() => apiJson<SessionRecord>("POST", `${SESSION_PATHS.session(body.id)}?skipRegeneration=true`, { body })),

  /** POST /api/sessions/{id}/swipe — the card votes. */
  swipe: (id: string, swipeActions: SwipeAction[]) => call(() => apiJson<{ success: boolean }>("POST", SESSION_PATHS.swipe(id), { body: { swipeActions } })),

  /** POST /api/sessions/{id}/summary — guests send the cards and votes, since the server keeps nothing of theirs. */
  summary: (id: string, body: { analysis: { cards: Analysis["cards"] }; swipeActions: SwipeAction[] }) =>
    call(() => apiJson<SessionSummary>("POST", SESSION_PATHS.summary(id), { body })),

  /** POST /api/sessions/{id}/reminder-cta-click — usage only; a failure is of no interest to the user. */
  reminderClick: (id: string) => call(() => apiRequest("POST", SESSION_PATHS.reminderClick(id))).then(() => undefined),

  /** POST /api/sessions/{id}/retry-analysis — re-runs an analysis the account kept after it failed. */
  retryAnalysis: (id: string) => call(() => apiJson<{ analysis: Analysis; sessionId: string; signals?: unknown }>("POST", SESSION_PATHS.retryAnalysis(id))),

  /** POST /api/sessions/{id}/retry-transcription — the server's kept recording, transcribed again (guests: always 404). */
  retryTranscription: (id: string): Promise<TranscriptionResultData> =>
    callTranscriptionEndpoint(() => apiRequest("POST", SESSION_PATHS.retryTranscription(id))),

  /** POST /api/sessions/{id}/append-transcript — a follow-up ("Growth Commitment") transcript. */
  appendTranscript: (id: string, body: FollowUpBody) =>
    call(() => apiJson<SessionRecord & { status: "ok" | "partial_failure"; error?: string }>("POST", SESSION_PATHS.appendTranscript(id), { body })),

  /** GET /api/sessions/{id}/invalidate-cache. */
  invalidateCache: (id: string) => call(() => apiJson<{ success: boolean }>("GET", SESSION_PATHS.invalidateCache(id))),

  /** POST /api/sessions/migrate?skipRegeneration=true — this device's sessions, moved into the account. */
  migrate: (sessions: Record<string, unknown>[], { signal }: Signal = {}) =>
    call(() => apiJson<MigrateAnswer>("POST", SESSION_PATHS.migrate(), { body: { sessions }, signal })),

  /**
   * DELETE /api/sessions/{id} with the force-delete header; a failed attempt is repeated once in its retry form
   * (?retry=true&force=true). A 404 means it is already gone, which is what the caller wanted.
   */
  remove: async (id: string): Promise<void> => {
    const headers = { "x-force-delete": "true" };
    for (const path of [SESSION_PATHS.session(id), `${SESSION_PATHS.session(id)}?retry=true&force=true`]) {
      try {
        await call(() => apiRequest("DELETE", path, { headers }));
        return;
      } catch (error) {
        if (error instanceof SessionApiError && error.isNotFound) return;
        if (path.includes("retry=true")) throw error;
      }
    }
  },
};
