import "server-only";

import { getDb } from "@/lib/server/db";
import { continueAfterAnswer } from "@/lib/server/http/after-answer";
import { describeForLog } from "@/lib/server/http/errors";
import { partPrefix, pieceKey, type AudioPieceStore } from "@/lib/server/storage/audio-piece-store";

// A transcribed part's audio leaves the server once its transcript is answered (the privacy page says so). But the answer,
// paid for at the provider, must not wait on an object store (a listing and deletes of 30 s each) until the host kills
// the function at maxDuration: the transcript would be lost and its retry paid again. So, with an object store:
//  1. the part's piece rows go, and an UploadPartToClear row takes their place in the same transaction: from then on
//     something in the database points to the objects until they are gone;
//  2. the objects are deleted, waited for at most PART_AUDIO_WAIT_MS and never past the route's budget;
//  3. a deletion still running when the answer goes out goes on after it (continueAfterAnswer: Next's `after`, which a
//     hosted function waits for), and removes the marker when done;
//  4. what that did not finish (the function frozen or killed, the store failing) the retention job does: every server
//     process runs it every 15 minutes, and the cron and every new upload start it too (retention-schedule.ts). Minutes,
//     not the 24 hours after which an abandoned upload is purged. The browser's DELETE of the upload, once every part is
//     transcribed, clears the upload's whole prefix sooner still.
// The database store keeps a piece's bytes in its row: deleting the rows is the deletion, one statement, done at once.

/** The longest a part's answer waits for the object store to delete the part's pieces. */
export const PART_AUDIO_WAIT_MS = 5_000;
/** Parts the retention job clears per run; any left wait for its next run. */
const CLEAR_PER_RUN = 500;

type Part = { uploadId: string; part: number; pieces: number };

/** After a part's transcription: its audio leaves the server, without ever holding its answer past `deadline`. */
export async function dropPartAudio({ uploadId, part, pieces }: Part, store: AudioPieceStore, deadline = Number.POSITIVE_INFINITY): Promise<void> {
  const db = getDb();
  let marked: Date;
  try {
    if (store.kind === "database") {
      await db.uploadPiece.deleteMany({ where: { uploadId, part } });
      return;
    }
    marked = await db.$transaction(async (tx) => {
      await tx.uploadPiece.deleteMany({ where: { uploadId, part } });
      const marker = { uploadId, part, createdAt: new Date() };
      await tx.uploadPartToClear.upsert({ where: { uploadId_part: { uploadId, part } }, create: marker, update: { createdAt: marker.createdAt } });
      return marker.createdAt;
    });
  } catch (error) {
    // The answer still goes out (the transcript was paid for); the pieces go with the upload, deleted or expired.
    console.error(`[uploads] a transcribed part's audio could not be deleted yet: ${describeForLog(error)}`);
    return;
  }

  const keys = Array.from({ length: pieces }, (_, piece) => pieceKey(uploadId, part, piece));
  const clearing = Promise.all(keys.map((key) => store.delete(key)))
    // Only this marker: a newer one is a later transcription's of the same part, whose pieces were sent again.
    .then(() => db.uploadPartToClear.deleteMany({ where: { uploadId, part, createdAt: marked } }))
    .then(
      () => true,
      (error: unknown) => {
        console.error(`[uploads] a transcribed part's audio is left to the retention job: ${describeForLog(error)}`);
        return true;
      },
    );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waitMs = Math.max(0, Math.min(PART_AUDIO_WAIT_MS, deadline - Date.now()));
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
  const finished = await Promise.race([clearing, late]);
  clearTimeout(timer);
  if (!finished) continueAfterAnswer(clearing.then(() => undefined));
}

/**
 * A part's pieces sent again (its answer was lost on the way, and it is transcribed again): its audio is wanted again, so
 * the retention job must not delete the objects now being stored under the same keys.
 */
export async function keepPartAudio(uploadId: string, part: number, store: AudioPieceStore): Promise<void> {
  if (store.kind !== "database") await getDb().uploadPartToClear.deleteMany({ where: { uploadId, part } });
}

/** The retention job: the objects of transcribed parts that their transcription could not delete. Answers how many parts. */
export async function clearTranscribedPartsAudio(store: AudioPieceStore): Promise<number> {
  const db = getDb();
  const due = await db.uploadPartToClear.findMany({ orderBy: { createdAt: "asc" }, take: CLEAR_PER_RUN });
  let cleared = 0;
  for (const { uploadId, part, createdAt } of due) {
    try {
      if (store.kind !== "database") await store.deletePrefix(partPrefix(uploadId, part));
      await db.uploadPartToClear.deleteMany({ where: { uploadId, part, createdAt } });
      cleared += 1;
    } catch (error) {
      console.error(`[uploads] a transcribed part's audio could not be cleared; the next run tries again: ${describeForLog(error)}`);
    }
  }
  return cleared;
}
