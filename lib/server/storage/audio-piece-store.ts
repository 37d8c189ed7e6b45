import "server-only";

import { getEnv, type Env } from "@/lib/server/env";

import { DatabaseAudioPieceStore } from "./database-store";
import { S3AudioPieceStore } from "./s3-store";

// Where the pieces of a recording sent in parts (issue 14 §2) are kept until it is transcribed: the database by default,
// an S3-compatible object store when configured (AUDIO_PIECES_S3_*). Keys are uploads/<uploadId>/<part>/<piece>.

export interface AudioPieceStore {
  readonly kind: "database" | "s3";
  /**
   * Keeps `bytes` under `key`. Writing a key again with the same bytes is harmless (a piece's bytes are fixed by its hash).
   * Answers true when this call is known to have stored them first; false when they were there already or the store
   * cannot tell (an object store overwrites).
   */
  put(key: string, bytes: Uint8Array): Promise<boolean>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (e.g. one upload's "uploads/<id>/"); answers how many went. */
  deletePrefix(prefix: string): Promise<number>;
}

export const pieceKey = (uploadId: string, part: number, piece: number) => `${uploadPrefix(uploadId)}${part}/${piece}`;
export const uploadPrefix = (uploadId: string) => `uploads/${uploadId}/`;
export const partPrefix = (uploadId: string, part: number) => `${uploadPrefix(uploadId)}${part}/`;

/** The S3 settings when all four are set, else null (the database keeps the pieces). */
export function s3ConfigFromEnv(env: Env = getEnv()) {
  const { AUDIO_PIECES_S3_ENDPOINT: endpoint, AUDIO_PIECES_S3_BUCKET: bucket, AUDIO_PIECES_S3_REGION: region } = env;
  const { AUDIO_PIECES_S3_ACCESS_KEY_ID: accessKeyId, AUDIO_PIECES_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) return null;
  return { endpoint, bucket, region, accessKeyId, secretAccessKey };
}

/** The configured store (cheap: nothing is opened). */
export function audioPieceStore(env: Env = getEnv()): AudioPieceStore {
  const s3 = s3ConfigFromEnv(env);
  return s3 ? new S3AudioPieceStore(s3) : new DatabaseAudioPieceStore();
}
