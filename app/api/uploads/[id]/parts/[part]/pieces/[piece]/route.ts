import { putPieceHandler } from "@/lib/server/handlers/uploads";

// PUT /api/uploads/[id]/parts/[part]/pieces/[piece] — one piece of a part, raw bytes
export const PUT = putPieceHandler;

// A 3 MiB body read at the slowest rate the server accepts (lib/server/http/read-body.ts: about 111 s), then stored (an
// object store's put is bounded at 30 s): a host's shorter default would cut a slow uplink's piece off every time.
export const maxDuration = 150;
