import "server-only";

import { z } from "zod";

import { jsonNestsDeeperThan } from "@/lib/domain/validation/json-depth";
import { findUnstorableJson, MAX_JSON_DEPTH, UNSTORABLE_MESSAGES } from "@/lib/domain/validation/storable-json";

import { ApiError, describeZodError } from "./errors";
import { bodyChunks, bodyReadBounds } from "./read-body";

export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Reads a JSON body with a byte limit, then validates it. Malformed JSON is a 400, an oversized body a 413, a body too slow
 * to arrive a 408 (read-body.ts), a schema failure a 400 with the failing fields named: bad input never reaches the handler and never becomes a 500.
 */
export async function parseJson<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { limitBytes = DEFAULT_BODY_LIMIT_BYTES, allowEmpty = false }: { limitBytes?: number; allowEmpty?: boolean } = {},
): Promise<z.infer<Schema>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);

  const text = await readTextWithLimit(request, limitBytes);
  if (text.trim() === "") {
    if (allowEmpty) return schema.parse({});
    throw new ApiError("bad_request", "Request body is empty; expected JSON.");
  }

  // Before JSON.parse, which would first build every level (json-depth.ts): the same 400 findUnstorableJson gives below.
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ApiError("bad_request", `Invalid request: body: ${UNSTORABLE_MESSAGES.depth}`);

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "Request body is not valid JSON.");
  }

  // One place for every string: what PostgreSQL cannot store is a 400 here, never a 500 from the database.
  const unstorable = findUnstorableJson(value);
  if (unstorable) throw new ApiError("bad_request", `Invalid request: ${unstorable.path || "body"}: ${UNSTORABLE_MESSAGES[unstorable.reason]}`);

  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError("bad_request", `Invalid request: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

function tooLarge(limitBytes: number): ApiError {
  return new ApiError("payload_too_large", `Request body is too large (limit ${describeSize(limitBytes)}).`);
}

/** A limit as people read it: "100 bytes", "2 KB", "6.0 MB" (a small limit in MB read "0.0 MB"). */
export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.floor(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Streams the body within its time bounds and stops as soon as the limit is passed, so a huge upload is never buffered whole. */
async function readTextWithLimit(request: Request, limitBytes: number): Promise<string> {
  const decoder = new TextDecoder();
  let received = 0;
  let text = "";
  for await (const chunk of bodyChunks(request, bodyReadBounds(request, limitBytes))) {
    received += chunk.byteLength;
    if (received > limitBytes) throw tooLarge(limitBytes);
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}
