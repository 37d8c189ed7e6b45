import { isDeviceSessionId } from "../session-ids";
import { historyItemStatus } from "./history-item";
import { analysisOf, isRecord } from "./types";

// Signing out on a shared browser (spec part 1, "Signing out clears the cached profile and sessions data"): the copies
// the leaving account kept here would otherwise wait, unseen but readable, for the next person. None of them is a
// plain mirror of the server: each was kept because the account did not take something (a vote or a save it refused,
// an analysis it could not store). So no copy may simply be dropped. The ones below can be handed to the account (the
// migration, idempotent by id), and only those it then confirms (or says it deleted) leave the browser. The account may
// have changed its own copy since (on another device, or here after the copy was kept): each goes marked with its age
// (keptCopyItem), and the account then keeps its newer copy and confirms it, so the stale one leaves without overwriting
// anything. Everything still waiting for a retry stays, whoever signs out: no recording is ever lost (design rule 5).

export type KeptCopy = Record<string, unknown> & { id: string };

/** A field that is there at all: a damaged marker or audio reference still counts, so doubt keeps the copy. */
const present = (value: unknown) => value !== undefined && value !== null && value !== "" && value !== false;

/**
 * The leaving account's kept sessions that its account may take over, in stored order. Left out, and so kept:
 *  - a guest's copy (no owner) or another account's: not the leaving user's to send or delete;
 *  - a failed transcription or analysis: it waits for its retry from this device;
 *  - a copy pointing at audio (audioKey) or at a recording it was transcribed from: that audio may still be needed;
 *  - a copy without an analysis, or a tutorial: the account does not take them, so nothing would confirm them.
 */
export function copiesToHandOver(items: readonly unknown[], ownerId: string): KeptCopy[] {
  if (!ownerId) return [];
  return items.filter(
    (item): item is KeptCopy =>
      isRecord(item) &&
      typeof item.id === "string" &&
      item.id !== "" &&
      item.ownerId === ownerId &&
      !present(item.failedTranscription) &&
      !present(item.failedAnalysis) &&
      historyItemStatus(item) === "normal" &&
      !present(item.audioKey) &&
      !present(item.transcribedFrom) &&
      analysisOf(item) !== null &&
      item.isExample !== true,
  );
}

/**
 * The sent copies the account's answer confirms it holds now (its `migrated` list), each with the account's id for it;
 * anything else it said, or a malformed answer, confirms nothing.
 */
export function confirmedMoves(sent: readonly { id: string }[], migrated: unknown): { localId: string; accountId: string }[] {
  const sentIds = new Set(sent.map((item) => item.id));
  if (!Array.isArray(migrated)) return [];
  const confirmed = new Map<string, string>();
  for (const entry of migrated) {
    if (isRecord(entry) && typeof entry.localId === "string" && sentIds.has(entry.localId) && typeof entry.id === "string" && entry.id !== "") {
      if (!confirmed.has(entry.localId)) confirmed.set(entry.localId, entry.id);
    }
  }
  return [...confirmed].map(([localId, accountId]) => ({ localId, accountId }));
}

/**
 * The sent copies of the account's own sessions (a server id) that the account no longer has: deleted there, on another
 * device or by its retention. The user asked for them gone, so the copy goes too, as a change after a move does
 * (sendToAccountCopy's "gone"). A copy under this browser's id is never among them: the account stores one it lacks.
 */
export function deletedInAccount(sent: readonly { id: string }[], skipped: unknown): string[] {
  const sentIds = new Set(sent.map((item) => item.id));
  if (!Array.isArray(skipped)) return [];
  const deleted = skipped.flatMap((entry) =>
    isRecord(entry) && entry.reason === "not_found" && typeof entry.localId === "string" && sentIds.has(entry.localId) && !isDeviceSessionId(entry.localId)
      ? [entry.localId]
      : [],
  );
  return [...new Set(deleted)];
}
