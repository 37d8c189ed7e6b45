import { putPieceHandler } from "@/lib/server/handlers/uploads";

// PUT /api/uploads/[id]/parts/[part]/pieces/[piece] — one piece of a part, raw bytes
export const PUT = putPieceHandler;
