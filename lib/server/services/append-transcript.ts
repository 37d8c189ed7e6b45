import "server-only";

import { z } from "zod";

import { followUpSchema } from "@/lib/domain/sessions/session-schema";
import { type Prisma, getDb } from "@/lib/server/db";

import type { SessionDto } from "./session-dto";
import { ownedSessionId } from "./session-delete";
import { getSessionForUser } from "./session-store";

/** POST /api/sessions/{id}/append-transcript: the follow-up recording's transcript (required, not blank) and its details. */
export const appendTranscriptBodySchema = z.object({
  transcript: followUpSchema.shape.transcript.refine((value) => value.trim() !== "", "the transcript is empty"),
  transcriptionSegments: followUpSchema.shape.transcriptionSegments,
  speakerStats: followUpSchema.shape.speakerStats,
  speakers: followUpSchema.shape.speakers,
  speakerNames: followUpSchema.shape.speakerNames,
});

export type AppendTranscriptBody = z.infer<typeof appendTranscriptBodySchema>;

const asJson = (value: unknown) => (value === undefined || value === null ? undefined : (value as Prisma.InputJsonValue));

/**
 * Appends a "Growth Commitment" transcript to one of the caller's sessions (404 otherwise). The same transcript text is
 * stored once, so a retried append adds nothing. Regenerating the analysis afterwards is not done here.
 */
export async function appendTranscriptForUser(userId: string, id: string, body: AppendTranscriptBody): Promise<SessionDto> {
  const sessionId = await ownedSessionId(userId, id);
  await getDb().$transaction(async (tx) => {
    const duplicate = await tx.followUpTranscript.findFirst({ where: { sessionId, transcript: body.transcript }, select: { id: true } });
    if (!duplicate) {
      await tx.followUpTranscript.create({
        data: {
          sessionId,
          transcript: body.transcript,
          transcriptionSegments: asJson(body.transcriptionSegments),
          speakerStats: asJson(body.speakerStats),
          speakers: asJson(body.speakers),
          speakerNames: asJson(body.speakerNames),
        },
      });
    }
    await tx.session.update({ where: { id: sessionId }, data: { lastActivityAt: new Date() } });
  });
  return getSessionForUser(userId, sessionId);
}
