import { setupServer } from "msw/node";

import { NO_SIGNAL_LABELS } from "../msw/providers";
import { createTestDb, type TestDb } from "./test-db";

/**
 * The lifecycle every API test file shares: msw intercepting provider HTTP (anything unexpected fails the test; the
 * conversation-signal labels answer "none" by default) and a
 * freshly migrated database for the file. `context.db` is ready inside tests.
 */
export function setUpApiTestContext() {
  // The signal labels run beside every analysis: answered with none unless a test says otherwise.
  const server = setupServer(...NO_SIGNAL_LABELS);
  const context = { server, db: undefined as unknown as TestDb["db"] };
  let testDb: TestDb;
  beforeAll(async () => {
    server.listen({
      onUnhandledRequest: (request, print) => {
        // openai's upload helper fetches a data: URL while it builds a multipart body.
        if (!request.url.startsWith("data:")) print.error();
      },
    });
    testDb = await createTestDb();
    context.db = testDb.db;
  });
  afterEach(() => server.resetHandlers());
  afterAll(async () => {
    server.close();
    await testDb.dispose();
  });
  return context;
}
