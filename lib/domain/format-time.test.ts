import { formatMmSs } from "./format-time";

it.each([
  [0, "00:00"],
  [9.9, "00:09"],
  [65, "01:05"],
  [3600, "60:00"],
  [-3, "00:00"],
])("%s s → %s", (seconds, expected) => {
  expect(formatMmSs(seconds)).toBe(expected);
});
