-- CreateIndex
CREATE INDEX "Commitment_reviewSessionId_idx" ON "Commitment"("reviewSessionId");
