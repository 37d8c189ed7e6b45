-- CreateEnum
CREATE TYPE "CommitmentOutcome" AS ENUM ('kept', 'partly', 'not_yet');

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "signals" JSONB;

-- CreateTable
CREATE TABLE "Commitment" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "who" TEXT,
    "byWhen" TEXT,
    "outcome" "CommitmentOutcome",
    "outcomeAt" TIMESTAMP(3),
    "reviewSessionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Commitment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RateLimitCounter_pkey" PRIMARY KEY ("key","windowStart")
);

-- CreateIndex
CREATE INDEX "Commitment_userId_createdAt_idx" ON "Commitment"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Commitment_sessionId_idx" ON "Commitment"("sessionId");

-- CreateIndex
CREATE INDEX "RateLimitCounter_expiresAt_idx" ON "RateLimitCounter"("expiresAt");

-- AddForeignKey
ALTER TABLE "Commitment" ADD CONSTRAINT "Commitment_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Commitment" ADD CONSTRAINT "Commitment_reviewSessionId_fkey" FOREIGN KEY ("reviewSessionId") REFERENCES "Session"("id") ON DELETE SET NULL ON UPDATE CASCADE;
