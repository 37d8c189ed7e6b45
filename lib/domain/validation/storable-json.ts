// What PostgreSQL cannot store, found before it gets there (hardening issue, section 1): text and jsonb both refuse the
// NUL character, and jsonb refuses unpaired UTF-16 surrogates; and free-form JSON nested without end is a cost with no
// use. One walk over a parsed body, iterative so that no depth can overflow the stack.
// Prisma also reads some plain objects as values of its own (its serializer goes by shape, not class): one with
// "__prismaRawParameters__": true is replaced by its "values" unescaped, one with "toStringTag": "[object Decimal]" is
// taken for a Decimal. In a user's JSON they made a 500 or stored something other than what was sent, so they are
// refused too ("reserved").

export const MAX_JSON_DEPTH = 32;

export type UnstorableJson = { path: string; reason: "nul" | "surrogate" | "depth" | "reserved" };

/** Whether an object's entry makes Prisma take the object for one of its own values. */
const isReservedEntry = (key: string, value: unknown) =>
  (key === "__prismaRawParameters__" && value === true) || (key === "toStringTag" && value === "[object Decimal]");

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemIn(text: string): UnstorableJson["reason"] | null {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "surrogate";
  return null;
}

/** The first place in a parsed JSON value (keys included) that cannot be stored, or null when all of it can. */
export function findUnstorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): UnstorableJson | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === "string") {
      const reason = problemIn(current);
      if (reason) return { path, reason };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (depth >= maxDepth) return { path, reason: "depth" };
    const entries: [string, unknown][] = Array.isArray(current) ? current.map((item, index) => [String(index), item]) : Object.entries(current);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      const reason = Array.isArray(current) ? null : isReservedEntry(key, child) ? "reserved" : problemIn(key);
      if (reason) return { path: childPath, reason };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** A text PostgreSQL can store: NUL characters removed, unpaired surrogates replaced by U+FFFD (what a decoder shows). */
export function storableText(text: string): string {
  return problemIn(text) === null ? text : text.replace(/\u0000/g, "").replace(LONE_SURROGATES, "\uFFFD");
}

/**
 * A parsed JSON value with every string (keys included) made storable by storableText, and without the entries Prisma would
 * misread (isReservedEntry): for what a provider answers, which the app repairs and keeps rather than refusing as it
 * refuses a user's body. The value is returned as it is when
 * nothing needs it; otherwise a copy is made (recursively: a provider's answer is parsed from a bounded response).
 */
export function storableJson<T>(value: T): T {
  if (findUnstorableJson(value, Number.POSITIVE_INFINITY) === null) return value;
  return repaired(value) as T;
}

function repaired(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(repaired);
  return Object.fromEntries(Object.entries(value).flatMap(([key, child]) => (isReservedEntry(key, child) ? [] : [[storableText(key), repaired(child)]])));
}

export const UNSTORABLE_MESSAGES: Record<UnstorableJson["reason"], string> = {
  nul: "text contains a NUL character, which cannot be stored",
  surrogate: "text contains an unpaired UTF-16 surrogate, which cannot be stored",
  depth: `JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
  reserved: "this key and value are reserved by the database layer and cannot be stored",
};

/** Dates the app accepts: from 2000 to 2100, as epoch milliseconds or an ISO date string of a real calendar day. */
export const EARLIEST_DATE_MS = Date.UTC(2000, 0, 1);
export const LATEST_DATE_MS = Date.UTC(2100, 0, 1);

// An ISO 8601 date ("2026-11-23") or date and time ("2026-11-23T10:00:00.000Z"; seconds, fraction and offset optional).
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/** Whether year-month-day names a day of the calendar (no 30 February, no 29 February outside leap years). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * An epoch-ms number or an ISO 8601 date string as a Date within the accepted range, or null. Strings are read strictly:
 * `new Date` rolls a day that does not exist into the next month ("2026-02-30" is 2 March) and guesses at other formats,
 * so a date the user never meant would be stored; only ISO dates of real calendar days pass.
 */
export function dateInRange(value: number | string): Date | null {
  if (typeof value === "string") {
    const parts = ISO_DATE.exec(value);
    if (!parts || !isCalendarDay(Number(parts[1]), Number(parts[2]), Number(parts[3]))) return null;
  }
  const date = new Date(value);
  const time = date.getTime();
  return Number.isFinite(time) && time >= EARLIEST_DATE_MS && time <= LATEST_DATE_MS ? date : null;
}
