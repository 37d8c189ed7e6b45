import { isRecord } from "./types";

// Client-side session validity (spec part 2 section 5), checked before a session from storage or the server is opened
// or saved. lib/domain/sessions/session-schema.ts enforces the same rules on the server with zod; this version reports
// every problem in words instead of stopping at a parse error, so the UI can log warnings and still open what it can.

export type SessionValidity = { valid: boolean; errors: string[]; warnings: string[] };

export function checkSessionValidity(session: unknown): SessionValidity {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!isRecord(session)) return { valid: false, errors: ["Session is missing."], warnings };

  if (typeof session.id !== "string" || session.id.trim() === "") errors.push("Session has no id.");

  // Absent (undefined or null) means "no follow-ups"; anything else must be an array of { transcript: string }.
  const followUps = session.followUpTranscripts;
  if (followUps !== undefined && followUps !== null) {
    if (!Array.isArray(followUps)) errors.push("followUpTranscripts must be an array.");
    else
      followUps.forEach((item, index) => {
        if (!isRecord(item) || typeof item.transcript !== "string") errors.push(`followUpTranscripts[${index}] must be an object with a string transcript.`);
      });
  }

  const analysis = session.analysis;
  if (analysis === undefined || analysis === null) warnings.push("Session has no analysis.");
  else if (!isRecord(analysis)) errors.push("analysis must be an object.");
  else if (analysis.followUpTranscripts !== undefined && analysis.followUpTranscripts !== null && !Array.isArray(analysis.followUpTranscripts)) {
    errors.push("analysis.followUpTranscripts must be an array.");
  }

  return { valid: errors.length === 0, errors, warnings };
}
