/** @jest-environment node */
import { truncateServerError } from "@/lib/domain/errors/classify";

import { storedSessionsCapMessage } from "./quota";

describe("storedSessionsCapMessage", () => {
  // A recording refused at the cap shows the server's text in its 'Transcription Error' toast, cut at 100 characters: the
  // words "Please delete older sessions to save new ones." lost their end at the default limit of 10,000.
  it.each([1, 10_000, 9_999_999])("reaches the user whole with a limit of %i", (limit) => {
    const message = storedSessionsCapMessage(limit);
    expect(truncateServerError(message)).toBe(message);
    expect(message).toContain(`(${limit})`);
  });
});
