-- CreateTable
CREATE TABLE "Upload" (
    "id" TEXT NOT NULL,
    "owner" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "guestIpHash" TEXT,
    "mimeType" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "soloMode" BOOLEAN NOT NULL DEFAULT false,
    "minSpeakers" INTEGER NOT NULL,
    "maxSpeakers" INTEGER NOT NULL,
    "followUpOf" TEXT,
    "plan" JSONB NOT NULL,
    "transcribeCalls" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UploadPiece" (
    "uploadId" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "piece" INTEGER NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "bytes" BYTEA,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UploadPiece_pkey" PRIMARY KEY ("uploadId","part","piece")
);

-- CreateIndex
CREATE INDEX "Upload_guestIpHash_idx" ON "Upload"("guestIpHash");

-- CreateIndex
CREATE INDEX "Upload_expiresAt_idx" ON "Upload"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Upload_owner_clientId_key" ON "Upload"("owner", "clientId");

-- AddForeignKey
ALTER TABLE "UploadPiece" ADD CONSTRAINT "UploadPiece_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE CASCADE ON UPDATE CASCADE;
