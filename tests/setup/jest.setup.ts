import "@testing-library/jest-dom";

import { format } from "node:util";

import { findCanary } from "../helpers/log-canary";

// No telemetry from Clerk or Next in tests: there is no network, and nothing should try.
process.env.CLERK_TELEMETRY_DISABLED = "1";
process.env.NEXT_TELEMETRY_DISABLED = "1";
// The rate limits (issue 15) count every AI call of a test file from one address: generous here, so suites that make many
// calls are not refused; tests/api/limits.test.ts and lib/server/security/rate-limit.test.ts set their own.
process.env.RATE_LIMIT_AI_PER_USER ??= "100000";
process.env.RATE_LIMIT_AI_PER_IP ??= "100000";
process.env.SESSIONS_PER_USER_PER_DAY ??= "100000";
// The signals' labelling on the test's own thread, where msw answers its call (a worker thread's requests would bypass msw);
// the browser tests run it on the worker thread, against the fake providers.
process.env.SIGNAL_LABELLING_THREAD ??= "main";

// Privacy: whatever the code under test prints must never carry a test transcript's canary phrase.
const leaks: string[] = [];
for (const method of ["log", "info", "warn", "error", "debug"] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    const text = format(...args);
    if (findCanary(text)) leaks.push(`console.${method}: ${text.slice(0, 300)}`);
    original(...args);
  };
}
afterEach(() => {
  const found = leaks.splice(0);
  if (found.length > 0) throw new Error(`A test transcript reached the log:\n${found.join("\n")}`);
});
