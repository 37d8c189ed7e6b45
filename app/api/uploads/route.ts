import { createUploadHandler } from "@/lib/server/handlers/uploads";

// POST /api/uploads — plan (or resume) the upload of a recording sent in parts
export const POST = createUploadHandler;
