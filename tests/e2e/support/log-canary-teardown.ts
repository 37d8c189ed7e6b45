import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { E2E_LOG_DIR } from "../../../playwright.config";
import { E2E_TRANSCRIPT_CANARIES, findCanary } from "../../helpers/log-canary";

/** What lib/server/services/signals-thread.ts logs when the signals fall back from their worker thread to the request's. */
const SIGNALS_THREAD_FALLBACK = /\[signals\] (the worker thread failed|no worker thread)/;

/**
 * Privacy: every recording of the run carried the fake transcript; none of its words may be in the servers' output.
 * And the conversation signals ran on their worker thread throughout: its fallback hides a broken worker from every other test.
 */
export default function checkServerLogsForTranscripts(): void {
  if (!existsSync(E2E_LOG_DIR)) {
    // Servers reused from an earlier local run write elsewhere; CI always starts its own.
    if (process.env.CI) throw new Error(`No server output in ${E2E_LOG_DIR}: the log canary check cannot run.`);
    return;
  }
  for (const file of readdirSync(E2E_LOG_DIR)) {
    const text = readFileSync(path.join(E2E_LOG_DIR, file), "utf8");
    const canary = findCanary(text, E2E_TRANSCRIPT_CANARIES);
    if (canary) throw new Error(`The transcript phrase "${canary}" reached the output of the ${path.basename(file, ".log")} server.`);
    const fallback = SIGNALS_THREAD_FALLBACK.exec(text);
    if (fallback) throw new Error(`The ${path.basename(file, ".log")} server could not use the signals' worker thread: "${fallback[0]}".`);
  }
}
