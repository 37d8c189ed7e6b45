import { makePreloadPromptsHandler } from "@/lib/server/handlers/preload-prompts";

// POST /api/preload-prompts — warm the prompts before a recording; says whether AI is configured
export const POST = makePreloadPromptsHandler("account");
