// What of a session kept on this device goes to the account when it moves there (a migration, or a change a tab made to
// a session after its move).

const MIGRATED_FIELDS = [
  "id",
  "transcript",
  "analysis",
  "swipeActions",
  "createdAt",
  "timestamp",
  "isCompleted",
  "isExample",
  "name",
  "summary",
  "recommendations",
  "encouragement",
  "reminderSet",
  "reminderDate",
  "followUpTranscripts",
  "conversationGuideHeadline",
  "mode",
  "speakerNames",
  // The follow-through a guest answered and the conversation's signals: the server keeps both with the session, and the
  // device's copy is removed once it is in the account, so leaving them out would lose them.
  "commitments",
  "signals",
] as const;

/** Only the fields the server's session schema knows; browser-only fields (audio keys, mime types) stay behind. */
export function migrationItem(session: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(MIGRATED_FIELDS.filter((key) => session[key] !== undefined && session[key] !== null).map((key) => [key, session[key]]));
}
