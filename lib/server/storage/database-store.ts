import "server-only";

import { createHash } from "node:crypto";

import { getDb } from "@/lib/server/db";

import type { AudioPieceStore } from "./audio-piece-store";

// The default store: a piece's bytes live in its own UploadPiece row, so deleting an upload (or its expiry) takes them
// with it by cascade and nothing can be left behind. The row is both the record and the content: `put` writes it whole
// (size and hash from the bytes) in one INSERT … ON CONFLICT DO NOTHING, so two racing writes of a piece store it once.

const KEY = /^uploads\/([0-9a-f-]{36})\/(\d{1,3})\/(\d{1,3})$/;
const PREFIX = /^uploads\/([0-9a-f-]{36})\/(?:(\d{1,3})\/)?$/;

function parseKey(key: string) {
  const match = KEY.exec(key);
  if (!match) throw new Error("not a piece key");
  return { uploadId: match[1]!, part: Number(match[2]), piece: Number(match[3]) };
}

export class DatabaseAudioPieceStore implements AudioPieceStore {
  readonly kind = "database";

  async put(key: string, bytes: Uint8Array): Promise<boolean> {
    const where = parseKey(key);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const { count } = await getDb().uploadPiece.createMany({
      data: [{ ...where, size: bytes.byteLength, sha256, bytes: new Uint8Array(bytes) }],
      skipDuplicates: true,
    });
    return count === 1;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const row = await getDb().uploadPiece.findUnique({ where: { uploadId_part_piece: parseKey(key) }, select: { bytes: true } });
    return row?.bytes ? new Uint8Array(row.bytes) : null;
  }

  async delete(key: string): Promise<void> {
    await getDb().uploadPiece.deleteMany({ where: parseKey(key) });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const match = PREFIX.exec(prefix);
    if (!match) throw new Error("not an upload prefix");
    const { count } = await getDb().uploadPiece.deleteMany({ where: { uploadId: match[1]!, ...(match[2] ? { part: Number(match[2]) } : {}) } });
    return count;
  }
}
