-- AlterTable
ALTER TABLE "FailureMarker" ADD COLUMN     "retryingUntil" TIMESTAMP(3);
