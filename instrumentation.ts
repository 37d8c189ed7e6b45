// Runs once when the server starts (Next's instrumentation hook).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { lockEmbeddedDatabase } = await import("@/lib/server/db");
  try {
    // The embedded database belongs to one process: a second server on the same files stops now, with the reason.
    lockEmbeddedDatabase();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
