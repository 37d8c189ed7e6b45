-- CreateTable
CREATE TABLE "UploadPartToClear" (
    "uploadId" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UploadPartToClear_pkey" PRIMARY KEY ("uploadId","part")
);

-- CreateIndex
CREATE INDEX "UploadPartToClear_createdAt_idx" ON "UploadPartToClear"("createdAt");

-- AddForeignKey
ALTER TABLE "UploadPartToClear" ADD CONSTRAINT "UploadPartToClear_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE CASCADE ON UPDATE CASCADE;
