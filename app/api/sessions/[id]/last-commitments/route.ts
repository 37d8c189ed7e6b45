import { makeLastCommitmentsHandler } from "@/lib/server/handlers/commitments";

// GET /api/sessions/{id}/last-commitments — the earlier commitments this session asks about (follow-through)
export const GET = makeLastCommitmentsHandler("account");
