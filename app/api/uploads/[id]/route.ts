import { deleteUploadHandler, getUploadHandler } from "@/lib/server/handlers/uploads";

// GET /api/uploads/[id] — which pieces are still missing
export const GET = getUploadHandler;

// DELETE /api/uploads/[id] — the transcript is stored: drop the pieces
export const DELETE = deleteUploadHandler;
