import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { E2E_LOG_DIR } from "../../../playwright.config";
import { E2E_TRANSCRIPT_CANARIES, findCanary } from "../../helpers/log-canary";

/** Privacy: every recording of the run carried the fake transcript; none of its words may be in the servers' output. */
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
  }
}
