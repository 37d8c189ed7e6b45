"use client";

import { useEffect, useRef } from "react";

import { useIdentity } from "@/components/auth/identity-context";

import { MIGRATION_DELAY_MS } from "./texts";

/**
 * One second after sign-in, the sessions kept on this device move to the account (session-migration.ts, loaded then). The
 * server saves them idempotently (by their local ids), so an interrupted or repeated migration, or a second device, never
 * duplicates anything; only the copies the server confirms are removed here. Failed recordings stay local: their audio is
 * retried from this device.
 */
export function useSessionMigration() {
  const identity = useIdentity();
  const running = useRef(false);

  useEffect(() => {
    if (!identity.signedIn) return;
    const timer = window.setTimeout(async () => {
      if (running.current) return;
      running.current = true;
      try {
        const { migrateLocalSessions } = await import("./session-migration");
        await migrateLocalSessions();
      } catch {
        // The code could not be loaded (offline without the worker's copy): the next sign-in or visit tries again.
      } finally {
        running.current = false;
      }
    }, MIGRATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [identity.signedIn]);
}
