import "server-only";

import { getEnv } from "@/lib/server/env";
import { withErrors } from "@/lib/server/http/handler";
import { TRANSCRIPTION_PROMPT_VERSION } from "@/lib/server/prompts/transcription";

import { withScopeHeader, type ApiScope } from "./session-route";

/**
 * POST /api/preload-prompts — called before recording starts (5 s time-out, failure ignored by the client). Loads the
 * prompt modules so the first transcription does not pay for it, and warns early when no AI provider is configured.
 * Neither variant needs the caller, so this one route is not a scopedRoute (whose account variant requires a sign-in).
 */
export function makePreloadPromptsHandler(scope: ApiScope) {
  return withErrors(async () => {
    const env = getEnv();
    const configured = Boolean(env.OPENAI_API_KEY || env.GEMINI_API_KEY);
    return withScopeHeader(
      Response.json({
        message: `Prompts ready (${TRANSCRIPTION_PROMPT_VERSION})`,
        warning: configured ? undefined : "AI provider not configured: recordings are kept on this device until it is.",
      }),
      scope,
    );
  });
}
