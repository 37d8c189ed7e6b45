-- CreateEnum
CREATE TYPE "SessionMode" AS ENUM ('couple', 'solo');

-- CreateEnum
CREATE TYPE "FailureKind" AS ENUM ('transcription', 'analysis');

-- CreateEnum
CREATE TYPE "SwipeChoice" AS ENUM ('helpful', 'unhelpful');

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "clientId" TEXT,
    "mode" "SessionMode" NOT NULL DEFAULT 'couple',
    "name" TEXT,
    "transcript" TEXT NOT NULL DEFAULT '',
    "analysis" JSONB,
    "speakerNames" JSONB,
    "bufferedTurns" JSONB,
    "conversationGuideHeadline" TEXT,
    "summary" TEXT,
    "recommendations" JSONB,
    "encouragement" TEXT,
    "reminderSet" BOOLEAN NOT NULL DEFAULT false,
    "reminderDate" TIMESTAMP(3),
    "reminderCtaClicks" INTEGER NOT NULL DEFAULT 0,
    "isCompleted" BOOLEAN NOT NULL DEFAULT false,
    "isExample" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastActivityAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SwipeAction" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "cardIndex" INTEGER NOT NULL,
    "action" "SwipeChoice" NOT NULL,
    "votedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SwipeAction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FollowUpTranscript" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "transcript" TEXT NOT NULL,
    "transcriptionSegments" JSONB,
    "speakerStats" JSONB,
    "speakers" JSONB,
    "speakerNames" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FollowUpTranscript_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FailureMarker" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "kind" "FailureKind" NOT NULL,
    "error" TEXT NOT NULL,
    "attemptCount" INTEGER NOT NULL DEFAULT 1,
    "firstFailedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastFailedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "audio" BYTEA,
    "audioMimeType" TEXT,
    "language" TEXT,

    CONSTRAINT "FailureMarker_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_userId_lastActivityAt_idx" ON "Session"("userId", "lastActivityAt" DESC);

-- CreateIndex
CREATE INDEX "Session_userId_isCompleted_idx" ON "Session"("userId", "isCompleted");

-- CreateIndex
CREATE UNIQUE INDEX "Session_userId_clientId_key" ON "Session"("userId", "clientId");

-- CreateIndex
CREATE UNIQUE INDEX "SwipeAction_sessionId_cardIndex_key" ON "SwipeAction"("sessionId", "cardIndex");

-- CreateIndex
CREATE INDEX "FollowUpTranscript_sessionId_createdAt_idx" ON "FollowUpTranscript"("sessionId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "FailureMarker_sessionId_kind_key" ON "FailureMarker"("sessionId", "kind");

-- AddForeignKey
ALTER TABLE "SwipeAction" ADD CONSTRAINT "SwipeAction_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FollowUpTranscript" ADD CONSTRAINT "FollowUpTranscript_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FailureMarker" ADD CONSTRAINT "FailureMarker_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;
