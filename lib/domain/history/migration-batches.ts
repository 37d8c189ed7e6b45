// A guest's sessions move into the account at sign-in in requests the server accepts: at most MIGRATE_MAX_SESSIONS
// sessions and MIGRATE_BODY_LIMIT_BYTES of JSON each. Sent as one request, a history past either bound was refused
// whole at every sign-in, and nothing ever moved.

/**
 * The spec's 'Migration Notice' text (part 2 section 8): whatever stops a migration, the sessions stay in the browser. The
 * server's refusal carries it as its error and the history's toast says it, one wording for both.
 */
export const MIGRATION_NOTICE = "Sessions remain on this device only.";

/** The most sessions one migration request carries (the server refuses more). */
export const MIGRATE_MAX_SESSIONS = 100;
/** The largest migration request body the server reads, in bytes. */
export const MIGRATE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** What a batch aims at: half the server's bound, leaving room for the envelope and for estimates that run short. */
const BATCH_TARGET_BYTES = MIGRATE_BODY_LIMIT_BYTES / 2;

/**
 * `items` in order, cut into batches of at most `maxItems` items and, where items allow, `maxBytes` bytes of JSON each.
 * An item bigger than `maxBytes` on its own goes alone (the server says whether it takes it).
 */
export function migrationBatches<T>(
  items: readonly T[],
  {
    maxItems = MIGRATE_MAX_SESSIONS,
    maxBytes = BATCH_TARGET_BYTES,
    sizeOf = jsonBytes,
  }: { maxItems?: number; maxBytes?: number; sizeOf?: (item: T) => number } = {},
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (batch.length > 0 && (batch.length >= maxItems || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The UTF-8 length of `value` as JSON (a comma between items included). */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? "") + 1;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // A surrogate pair is one character of four bytes; JSON.stringify leaves no lone half (it writes it as \uXXXX).
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}
