// The opaque cursor of GET /api/sessions: the last listed session's sort key (its last activity) and its id, which breaks
// ties between sessions with the same instant, so a page never repeats or skips one. The browser only hands it back.

import { LATEST_DATE_MS } from "@/lib/domain/validation/storable-json";

export type ListCursor = { at: Date; id: string };

const VERSION = "v1";
/** A session id as the server accepts it (sessionIdSchema): the cursor never carries anything else. */
const ID = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_CURSOR_CHARS = 200;
/** No session's activity is later than the latest date the server stores; a later one (year 10000 and on, which the database
 * cannot even read) is not a cursor this server wrote. */
const MAX_EPOCH_MS = LATEST_DATE_MS;

export function encodeListCursor({ at, id }: ListCursor): string {
  return toBase64Url(`${VERSION}:${at.getTime()}:${id}`);
}

/** The cursor's position, or null for anything this server did not write (the route answers that with a 400). */
export function decodeListCursor(cursor: string): ListCursor | null {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const text = fromBase64Url(cursor);
  const parts = text?.split(":");
  if (!parts || parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, epoch = "", id = ""] = parts;
  if (!/^\d{1,16}$/.test(epoch) || Number(epoch) > MAX_EPOCH_MS || !ID.test(id)) return null;
  return { at: new Date(Number(epoch)), id };
}

// btoa/atob exist in browsers and in Node, so this module runs on both; the text is ASCII by construction.
function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(encoded: string): string | null {
  try {
    return atob(encoded.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
}
