import type { Page, Request, Response } from "@playwright/test";

import { PART_CHUNK_STRIDE } from "../../../lib/client/recordings/audio-store";
import { PART_OVERLAP_SECONDS, RECORDING_PART_SECONDS } from "../../../lib/domain/transcription/long-recording";
import { generateOggOpus } from "../../helpers/generated-audio";

// A long recording (issue 14 §2) put on the device as the recorder and a failed upload leave it: its parts' chunks and
// meta in IndexedDB (lib/client/recordings/audio-store.ts), and the failed entry the history lists with "Tap to retry"
// (saveFailedRecordingAsLocalSession in lib/client/recordings/local-recordings.ts).

export const LONG_MIME_TYPE = "audio/ogg;codecs=opus";

/** Parts of RECORDING_PART_SECONDS, each starting PART_OVERLAP_SECONDS before the previous one ends, as the recorder cuts them. */
export function partStartsMs(parts: number): number[] {
  return Array.from({ length: parts }, (_, part) => part * (RECORDING_PART_SECONDS - PART_OVERLAP_SECONDS) * 1000);
}

export type SeededRecording = { id: string; sessionId: string; parts: number; bytes: number[] };

/**
 * Seeds a recording of `parts` parts of generated Ogg Opus (silent frames, a valid file the browser and the fake providers
 * can read the duration of), each part stored in chunks as the recorder writes them, and its failed-upload entry.
 * The page must be on the app's origin; reload it afterwards so the history reads the entry.
 */
export async function seedFailedLongRecording(page: Page, { parts, recordedAt = Date.UTC(2026, 10, 20, 18, 30) }: { parts: number; recordedAt?: number }) {
  const id = `rec-long-${recordedAt}`;
  const sessionId = `local-${recordedAt}`;
  const starts = partStartsMs(parts);
  const files = starts.map((_, part) => generateOggOpus(RECORDING_PART_SECONDS, { seed: part + 1 }));
  // Chunks of about 16 KB: enough of them to be stored like the recorder's, few enough to seed quickly.
  const chunked = files.map((file) => {
    const chunks: string[] = [];
    for (let offset = 0; offset < file.length; offset += 16_384) chunks.push(Buffer.from(file.subarray(offset, offset + 16_384)).toString("base64"));
    return chunks;
  });
  const size = files.reduce((sum, file) => sum + file.length, 0);
  const name = `Recording ${new Date(recordedAt).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" }).replace(/\u202f/g, " ")}`;
  const session = {
    id: sessionId,
    name,
    isLocal: true,
    mimeType: LONG_MIME_TYPE,
    size,
    createdAt: new Date(recordedAt).toISOString(),
    timestamp: recordedAt,
    audioKey: id,
    failedTranscription: { error: "Connection error: Failed to fetch", timestamp: new Date(recordedAt + 7_200_000).toISOString(), attemptCount: 1 },
  };
  const ref = { id, timestamp: recordedAt, sessionId, isLocal: true, name, mimeType: LONG_MIME_TYPE, audioKey: id };

  await page.evaluate(
    async ({ id, mimeType, recordedAt, starts, chunked, stride, session, ref }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("coach-audio");
        open.onupgradeneeded = () => open.result.createObjectStore("recordings");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const decode = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)).buffer;
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction("recordings", "readwrite");
        const store = transaction.objectStore("recordings");
        const parts = starts.map((startMs) => ({ startMs }));
        store.put({ id, mimeType, startedAt: recordedAt, mode: "couple", status: "saved-locally", updatedAt: recordedAt + 7_200_000, parts }, ["meta", id]);
        chunked.forEach((chunks, part) => chunks.forEach((chunk, index) => store.put(decode(chunk), ["chunk", id, part * stride + index])));
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
      const list = (key: string) => JSON.parse(localStorage.getItem(key) ?? "[]") as unknown[];
      localStorage.setItem("local_sessions", JSON.stringify([...list("local_sessions"), session]));
      localStorage.setItem("localRecordings", JSON.stringify([...list("localRecordings"), ref]));
    },
    { id, mimeType: LONG_MIME_TYPE, recordedAt, starts, chunked, stride: PART_CHUNK_STRIDE, session, ref },
  );
  return { id, sessionId, parts, bytes: files.map((file) => file.length) } satisfies SeededRecording;
}

/** The app's own calls to the upload API, as the browser sent them (guests' go to /api/public/uploads). */
export class UploadTraffic {
  readonly pieces: string[] = [];
  /** Pieces the server answered OK (stored or already there). */
  readonly piecesStored: string[] = [];
  readonly transcribed: number[] = [];
  readonly other: string[] = [];

  constructor(page: Page) {
    page.on("request", (request) => this.seen(request));
    page.on("response", (response) => this.answered(response));
  }

  private seen(request: Request) {
    const path = new URL(request.url()).pathname;
    const piece = /\/uploads\/[^/]+\/parts\/(\d+)\/pieces\/(\d+)$/.exec(path);
    if (piece && request.method() === "PUT") return void this.pieces.push(`${piece[1]}/${piece[2]}`);
    const transcribe = /\/uploads\/[^/]+\/parts\/(\d+)\/transcribe$/.exec(path);
    if (transcribe) return void this.transcribed.push(Number(transcribe[1]));
    if (/\/api\/(public\/)?uploads/.test(path)) this.other.push(`${request.method()} ${path.replace(/^\/api\/public\//, "/api/")}`);
  }

  private answered(response: Response) {
    const request = response.request();
    const piece = /\/uploads\/[^/]+\/parts\/(\d+)\/pieces\/(\d+)$/.exec(new URL(request.url()).pathname);
    if (piece && request.method() === "PUT" && response.ok()) this.piecesStored.push(`${piece[1]}/${piece[2]}`);
  }
}

/** Every [part, piece] of a recording whose parts have these sizes, as "part/piece". */
export function allPieces(bytes: number[], pieceBytes: number): string[] {
  return bytes.flatMap((size, part) => Array.from({ length: Math.max(1, Math.ceil(size / pieceBytes)) }, (_, piece) => `${part}/${piece}`));
}
