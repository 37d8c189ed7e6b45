/** @jest-environment node */
import { PGlite } from "@electric-sql/pglite";

import { SESSION_LIST_LIMITS } from "@/lib/domain/history/session-list";
import { migrationScripts } from "@/tests/helpers/test-db";

// The Session.card migration: the sessions stored before it get their card, and the card holds the same start of the
// transcript the list's rules read (SESSION_LIST_LIMITS.transcriptHeadChars, a constant the SQL repeats).

const CARD_MIGRATION = '-- AlterTable\nALTER TABLE "Session" ADD COLUMN "card" JSONB;';

let pglite: PGlite;

beforeAll(async () => {
  const scripts = migrationScripts();
  const cardIndex = scripts.findIndex((script) => script.includes(CARD_MIGRATION));
  expect(cardIndex).toBeGreaterThan(0);
  pglite = new PGlite();
  for (const script of scripts.slice(0, cardIndex)) await pglite.exec(script);
  await pglite.query(
    `INSERT INTO "Session" ("id", "userId", "transcript", "analysis", "signals", "updatedAt") VALUES
      ('before-1', 'user_a', $1, $2, $3, now()),
      ('before-2', 'user_a', '', $4, NULL, now())`,
    [
      "x".repeat(SESSION_LIST_LIMITS.transcriptHeadChars + 500),
      { briefSummary: "Weekend plans", cards: [{}, {}], speakerNames: { SPEAKER_00: "Ana" } },
      { version: 1, labelled: true, ratio: { value: 2 }, repairs: {}, bids: {}, labels: ["kept out of the card"] },
      { transcriptionSegments: [{ text: "The rent" }, "not an object", { text: "and the budget" }] },
    ],
  );
  for (const script of scripts.slice(cardIndex)) await pglite.exec(script);
});
afterAll(() => pglite?.close());

async function cardOf(id: string) {
  const { rows } = await pglite.query<{ card: Record<string, unknown> }>(`SELECT "card" FROM "Session" WHERE "id" = $1`, [id]);
  return rows[0]?.card;
}

it("gives the sessions stored before it their card, with the transcript's start the list reads", async () => {
  expect(await cardOf("before-1")).toEqual({
    transcriptHead: "x".repeat(SESSION_LIST_LIMITS.transcriptHeadChars),
    briefSummary: "Weekend plans",
    segmentsText: null,
    analysisSpeakerNames: { SPEAKER_00: "Ana" },
    insightCount: 2,
    trendParts: { version: 1, labelled: true, ratio: { value: 2 }, repairs: {}, bids: {} },
  });
  expect(await cardOf("before-2")).toMatchObject({ transcriptHead: "", segmentsText: "The rent\nand the budget", insightCount: null, trendParts: null });
});

it("keeps the card of a session inserted or updated after it", async () => {
  await pglite.query(`INSERT INTO "Session" ("id", "userId", "transcript", "updatedAt") VALUES ('after-1', 'user_a', 'Hello', now())`);
  expect(await cardOf("after-1")).toMatchObject({ transcriptHead: "Hello", briefSummary: null });
  await pglite.query(`UPDATE "Session" SET "analysis" = '{"briefSummary": "Later"}' WHERE "id" = 'after-1'`);
  expect(await cardOf("after-1")).toMatchObject({ transcriptHead: "Hello", briefSummary: "Later" });
});
