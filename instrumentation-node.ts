import { lockEmbeddedDatabase } from "@/lib/server/db";
import { scheduleRetention } from "@/lib/server/services/retention-schedule";

// The embedded database belongs to one process: a second server on the same files stops now, with the reason.
if (process.env.NEXT_PHASE !== "phase-production-build") {
  try {
    lockEmbeddedDatabase();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Old failed audio and abandoned uploads are deleted with or without a configured scheduler.
  scheduleRetention();
}
