/** @jest-environment node */
import { setUpApiTestContext } from "@/tests/helpers/api-test-context";

// Every foreign key leads an index: deleting a session makes PostgreSQL find the rows that point at it (to cascade or set
// them null), and without an index that is a scan of the whole table per deleted row. Commitment.reviewSessionId had
// none, and erasing an account of a few thousand sessions outran its transaction's time on every try.

const api = setUpApiTestContext();

it("every foreign key's columns lead an index of their table, in the migrated database", async () => {
  const foreignKeys = await api.db.$queryRaw<{ table: string; columns: string[] }[]>`
    SELECT c.conrelid::regclass::text AS "table",
           array_agg(a.attname::text ORDER BY k.ordinality) AS "columns"
    FROM pg_constraint c
    CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ordinality)
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
    WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
    GROUP BY c.oid, c.conrelid`;
  const indexes = await api.db.$queryRaw<{ table: string; columns: string[] }[]>`
    SELECT i.indrelid::regclass::text AS "table",
           array_agg(a.attname::text ORDER BY k.ordinality) AS "columns"
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
    WHERE t.relnamespace = current_schema()::regnamespace
    GROUP BY i.indexrelid, i.indrelid`;

  expect(foreignKeys.length).toBeGreaterThanOrEqual(7);
  const unindexed = foreignKeys.filter(
    (key) => !indexes.some((index) => index.table === key.table && key.columns.every((column, position) => index.columns[position] === column)),
  );
  expect(unindexed).toEqual([]);
});
