import { truncateText } from "../text";
import { followUpEpoch, mergeFollowUps } from "./follow-ups";
import { markdownToPlainText } from "./markdown-text";
import { nameSpeakerLabels, sessionSpeakerNames } from "./speaker-names";
import { collapseWhitespace, toEpoch, type HistorySession } from "./types";

// Order, merge and paging of the history list (spec part 2 sections 2 "Session history" and 9 "history constants").

export const HISTORY_PAGE_SIZE = 5;
export const PREVIEW_LENGTH = 120;

/**
 * Latest of update, any follow-up, creation (or the legacy timestamp) in epoch ms; 0 when none can be read. A session from
 * the account's list carries the server's own sort key, which wins: the list is paged in that order, so the history shows
 * the pages in the order they came. A copy kept on this device has no update date: its last write stands for it.
 */
export function lastActivity(
  session: Pick<HistorySession, "updatedAt" | "changedAt" | "createdAt" | "timestamp" | "followUpTranscripts" | "analysis" | "lastActivityAt">,
): number {
  const listed = toEpoch(session.lastActivityAt);
  if (listed !== null) return listed;
  const dates = [session.updatedAt ?? session.changedAt, session.createdAt, session.timestamp].map(toEpoch);
  const followUps = mergeFollowUps(session).followUps.map(followUpEpoch);
  return Math.max(0, ...[...dates, ...followUps].filter((at): at is number => at !== null));
}

/** Newest first; a new array. Equal activity keeps the input order (Array.prototype.sort is stable). */
export function sortHistory<T extends HistorySession>(sessions: readonly T[]): T[] {
  return sessions
    .map((session) => ({ session, at: lastActivity(session) }))
    .sort((a, b) => b.at - a.at)
    .map(({ session }) => session);
}

/**
 * One history list from this device's sessions and the account's. A local session is the same as a server one when its
 * id is the server session's id or clientId (migration keeps the browser's id as clientId); the server copy wins.
 * Local sessions the server does not know (guest sessions, failed recordings awaiting retry) stay in the list.
 * Tutorial/example sessions never appear. Within one source, a repeated id keeps its first copy. Sorted newest first.
 */
export function mergeSessions<L extends HistorySession, S extends HistorySession>(local: readonly L[], server: readonly S[]): (L | S)[] {
  const serverSessions = uniqueById(server.filter(isListed));
  const knownIds = new Set<string>();
  for (const session of serverSessions) {
    knownIds.add(session.id);
    if (typeof session.clientId === "string" && session.clientId !== "") knownIds.add(session.clientId);
  }
  const localOnly = uniqueById(local.filter(isListed)).filter((session) => !knownIds.has(session.id));
  return sortHistory<L | S>([...serverSessions, ...localOnly]);
}

/** The sessions shown after some presses of "Load More Sessions": visibleCount starts at HISTORY_PAGE_SIZE. */
export function paginate<T>(list: readonly T[], visibleCount: number): { items: T[]; hasMore: boolean; nextVisibleCount: number } {
  const count = Math.max(HISTORY_PAGE_SIZE, Number.isFinite(visibleCount) ? Math.floor(visibleCount) : HISTORY_PAGE_SIZE);
  return { items: list.slice(0, count), hasMore: list.length > count, nextVisibleCount: count + HISTORY_PAGE_SIZE };
}

/**
 * First 120 characters of the transcript as plain text, "..." appended when cut: markdown marks are dropped and speaker
 * labels show the names the user gave (SPEAKER_01 → "Ana") before the cut, then whitespace is collapsed. The cut never
 * splits a character (an emoji, an accented letter).
 */
export function preview(session: Pick<HistorySession, "transcript" | "speakerNames" | "analysis">): string {
  const transcript = typeof session.transcript === "string" ? session.transcript : "";
  const text = collapseWhitespace(nameSpeakerLabels(markdownToPlainText(transcript), sessionSpeakerNames(session)));
  return truncateText(text, PREVIEW_LENGTH);
}

function isListed(session: HistorySession | null | undefined): session is HistorySession {
  return !!session && typeof session.id === "string" && session.id !== "" && session.isExample !== true;
}

function uniqueById<T extends HistorySession>(sessions: readonly T[]): T[] {
  const seen = new Set<string>();
  return sessions.filter((session) => !seen.has(session.id) && !!seen.add(session.id));
}
