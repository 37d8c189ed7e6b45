import { makeCommitmentOutcomeHandler } from "@/lib/server/handlers/commitments";

// POST /api/sessions/{id}/commitment-outcome — kept / partly / not yet for an earlier commitment
export const POST = makeCommitmentOutcomeHandler("account");
