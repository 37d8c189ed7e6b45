// Canaries for the privacy rule "no transcript or audio in logs": distinctive phrases put into test transcripts that must
// never appear in anything the server prints. Jest checks every console call (tests/setup/jest.setup.ts); the browser
// tests check the app servers' output after the run (tests/e2e/support/log-canary-teardown.ts).

/** Put into API tests' transcripts. */
export const LOG_CANARY = "Marmalade lighthouse canary 7731";

/** Lines of the fake provider's default transcript (tests/fake-providers/server.mjs), which every browser recording gets. */
export const E2E_TRANSCRIPT_CANARIES = ["We never get time for us", "Deal. Saturday is just for us."];

/** The first canary found in `text`, or null. */
export function findCanary(text: string, canaries: readonly string[] = [LOG_CANARY]): string | null {
  return canaries.find((canary) => text.includes(canary)) ?? null;
}
