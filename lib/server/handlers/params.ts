import "server-only";

import { z } from "zod";

import { ApiError } from "@/lib/server/http/errors";

const sessionIdSchema = z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/);

/** A session id from the path; anything malformed is simply not found. */
export async function sessionIdParam(params: Promise<{ id: string }>): Promise<string> {
  const { id } = await params;
  const parsed = sessionIdSchema.safeParse(id);
  if (!parsed.success) throw new ApiError("not_found", "Session not found");
  return parsed.data;
}
