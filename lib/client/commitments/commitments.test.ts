import { withNewCommitments } from "./commitments";

// A guest's commitments on this device follow the server's rule for "the same commitment": its words, not case or punctuation.

const known = [
  {
    id: "local-commitment-1",
    sessionId: "local-1",
    text: "Walk together on Fridays",
    who: "both",
    byWhen: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    outcome: null,
    outcomeAt: null,
  },
];

test("a commitment already kept, or repeated in the same answer, is not added again; malformed drafts are dropped", () => {
  const result = withNewCommitments("local-1", known, [
    { text: "walk together on Fridays!", who: "both", byWhen: null },
    { text: "Cook on Saturday", who: "Maya", byWhen: "Saturday" },
    { text: "cook on saturday.", who: "Jon", byWhen: null },
    { who: "both" },
    "Cook",
  ]);
  expect(result.map((item) => item.text)).toEqual(["Walk together on Fridays", "Cook on Saturday"]);
  expect(result[1]).toEqual(expect.objectContaining({ sessionId: "local-1", who: "Maya", byWhen: "Saturday", outcome: null, outcomeAt: null }));
  expect(result[1]!.id).toMatch(/^local-commitment-/);
});
