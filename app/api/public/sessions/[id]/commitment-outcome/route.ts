import { makeCommitmentOutcomeHandler } from "@/lib/server/handlers/commitments";

// POST /api/public/sessions/{id}/commitment-outcome — kept / partly / not yet for an earlier commitment
export const POST = makeCommitmentOutcomeHandler("public");
