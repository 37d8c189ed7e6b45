import { makePreloadPromptsHandler } from "@/lib/server/handlers/preload-prompts";

// POST /api/public/preload-prompts — anonymous variant of the same call
export const POST = makePreloadPromptsHandler("public");
