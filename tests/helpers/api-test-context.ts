import type { RequestHandler } from "msw";
import { setupServer } from "msw/node";

import { NO_SIGNAL_LABELS } from "../msw/providers";
import { createTestDb, type TestDb } from "./test-db";

/**
 * The lifecycle every API test file shares: msw intercepting provider HTTP (anything unexpected fails the test; the
 * conversation-signal labels answer "none" by default) and a
 * freshly migrated database for the file. `context.db` is ready inside tests.
 */
export function setUpApiTestContext({ handlers = [] }: { handlers?: RequestHandler[] } = {}) {
  // The signal labels run beside every analysis: answered with none unless a test says otherwise. `handlers` answer for
  // the whole file, as those do, across every test's resetHandlers.
  const server = setupServer(...NO_SIGNAL_LABELS, ...handlers);
  const context = { server, db: undefined as unknown as TestDb["db"] };
  let testDb: TestDb;
  // msw's own "error" only makes the request fail, which the code under test takes for a provider outage and handles (a
  // retry, a fallback, unlabelled signals): the test would pass on a path it did not mean. Each is failed here instead.
  let unhandled: string[] = [];
  beforeAll(async () => {
    server.listen({
      onUnhandledRequest: (request, print) => {
        // openai's upload helper fetches a data: URL while it builds a multipart body.
        if (request.url.startsWith("data:")) return;
        unhandled.push(`${request.method} ${request.url}`);
        print.error();
      },
    });
    testDb = await createTestDb();
    context.db = testDb.db;
  });
  afterEach(() => {
    server.resetHandlers();
    const seen = unhandled;
    unhandled = [];
    expect({ requestsNoHandlerAnswered: seen }).toEqual({ requestsNoHandlerAnswered: [] });
  });
  afterAll(async () => {
    server.close();
    await testDb.dispose();
  });
  return context;
}
