import "server-only";

import { z } from "zod";

import { MIGRATE_MAX_SESSIONS, MIGRATION_NOTICE } from "@/lib/domain/history/migration-batches";
import { KEPT_COPY_MAX_AGE_MS } from "@/lib/domain/history/migration-item";
import { ApiError, isDatabaseUnreachable, isErasedAccountRefusal } from "@/lib/server/http/errors";

import { migrateCommitments } from "./commitments";
import { saveSessionForUser, sessionBodySchema, type KeptCopy } from "./session-store";

// POST /api/sessions/migrate: a guest's browser sessions, moved into the account they just signed in to.

/** Why nothing was migrated, in the answer the browser expects (localOnly): its sessions stay where they are. */
export const notMigrated = (code: "unauthorized" | "unavailable") =>
  new ApiError(code, MIGRATION_NOTICE, { success: false, localOnly: true, migratedCount: 0, warning: null });

/** Items are checked one by one below, so one broken local session never blocks the others. */
export const migrateBodySchema = z.object({ sessions: z.array(z.unknown()).max(MIGRATE_MAX_SESSIONS) });

/**
 * A session as the migration takes it. `keptCopy` marks a copy the signed-in account kept on a device (a vote or save it
 * refused), sent back at sign-out or at a later visit: by then the account may have changed its own copy (another device,
 * a regenerated summary), which such a copy must not overwrite (keptCopyItem, lib/domain/history/migration-item.ts). A
 * guest's session and a change sent right after its move carry no mark and update the account's copy as before.
 */
const migrateItemSchema = sessionBodySchema.extend({
  keptCopy: z
    .object({ changedMsAgo: z.number().int().min(0).max(KEPT_COPY_MAX_AGE_MS).nullable() })
    .strict()
    .optional(),
});

export type MigrateSkipReason = "invalid" | "not_found" | "failed";

export type MigrateResult = {
  success: true;
  migratedCount: number;
  warning: string | null;
  error: null;
  localOnly: false;
  /** Browser id → server id of every session now in the account: the browser may clear exactly these local copies. */
  migrated: { localId: string; id: string }[];
  /** What stayed behind and why (tutorial sessions are left out on purpose and not listed). */
  skipped: { localId: string | null; reason: MigrateSkipReason }[];
};

/**
 * Saves each session for the caller with the same rules as POST /api/sessions/{id}: idempotent by the browser id
 * (clientId, unique per user), so running twice, after an interruption or from a second device creates no duplicates; a
 * server id the caller does not own is skipped, never created. Tutorial sessions (isExample) are not migrated. Items are
 * saved in order, one after the other, so a list holding the same id twice also ends as one session. A kept copy the
 * account holds a newer version of is left out of the account's copy yet listed as migrated: the account holds the
 * session, and the device may let its copy go.
 * A database that cannot be reached aborts the whole run with a 503 and localOnly, an account erased meanwhile with a 401;
 * any other failure skips one item.
 */
export async function migrateSessionsForUser(userId: string, items: unknown[]): Promise<MigrateResult> {
  const migrated: MigrateResult["migrated"] = [];
  const skipped: MigrateResult["skipped"] = [];
  // A kept copy's age is measured from the request, not from each item's turn in this loop.
  const receivedAt = Date.now();
  for (const item of items) {
    const parsed = migrateItemSchema.safeParse(item);
    if (!parsed.success) {
      skipped.push({ localId: idOf(item), reason: "invalid" });
      continue;
    }
    const session = parsed.data;
    if (session.isExample) continue;
    try {
      const saved = await saveSessionForUser(userId, session.id, session, keptCopyOf(session.keptCopy, receivedAt));
      // The commitments a guest answered on this device come along with their session (issue 11 follow-through).
      await migrateCommitments(userId, saved.id, (item as { commitments?: unknown }).commitments);
      migrated.push({ localId: session.id, id: saved.id });
    } catch (error) {
      // The account was erased while this ran: nothing more is stored, and the run ends as a caller nobody knows (401).
      if (isErasedAccountRefusal(error)) throw error;
      if (isDatabaseUnreachable(error)) {
        console.error("[migrate] the database cannot be reached");
        throw notMigrated("unavailable");
      }
      if (error instanceof ApiError && error.code === "not_found") {
        skipped.push({ localId: session.id, reason: "not_found" });
        continue;
      }
      console.error(`[migrate] a session could not be saved: ${error instanceof Error ? error.name : "unknown error"}`);
      skipped.push({ localId: session.id, reason: "failed" });
    }
  }
  return { success: true, migratedCount: migrated.length, warning: describeSkipped(skipped), error: null, localOnly: false, migrated, skipped };
}

/** The device's age of a kept copy as this server's time of its last change (the device's own clock plays no part). */
function keptCopyOf(mark: z.infer<typeof migrateItemSchema>["keptCopy"], receivedAt: number): KeptCopy | undefined {
  if (!mark) return undefined;
  return { changedAt: mark.changedMsAgo === null ? null : new Date(receivedAt - mark.changedMsAgo) };
}

function idOf(item: unknown): string | null {
  if (typeof item !== "object" || item === null) return null;
  const id = (item as { id?: unknown }).id;
  return typeof id === "string" ? id.slice(0, 100) : null;
}

const REASON_TEXT: Record<MigrateSkipReason, string> = {
  invalid: "invalid or incomplete",
  not_found: "not found in this account",
  failed: "could not be saved",
};

function describeSkipped(skipped: MigrateResult["skipped"]): string | null {
  if (skipped.length === 0) return null;
  const counts = new Map<MigrateSkipReason, number>();
  for (const { reason } of skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const parts = [...counts].map(([reason, count]) => `${count} ${REASON_TEXT[reason]}`);
  return `${skipped.length} ${skipped.length === 1 ? "session was" : "sessions were"} not migrated (${parts.join(", ")}).`;
}
