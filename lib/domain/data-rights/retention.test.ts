import { exportFileName, FAILED_AUDIO_RETENTION_DAYS, failedAudioCutoff } from "./retention";

describe("failedAudioCutoff", () => {
  it.each([
    ["2026-11-23T12:00:00.000Z", 30, "2026-10-24T12:00:00.000Z"],
    ["2026-03-01T00:00:00.000Z", 30, "2026-01-30T00:00:00.000Z"],
    ["2026-11-23T12:00:00.000Z", 1, "2026-11-22T12:00:00.000Z"],
  ])("%s minus %i days is %s", (now, days, expected) => {
    expect(failedAudioCutoff(new Date(now), days).toISOString()).toBe(expected);
  });

  it("defaults to the 30 days the privacy page promises", () => {
    expect(FAILED_AUDIO_RETENTION_DAYS).toBe(30);
    expect(failedAudioCutoff(new Date("2026-11-23T12:00:00.000Z")).toISOString()).toBe("2026-10-24T12:00:00.000Z");
  });
});

describe("exportFileName", () => {
  it.each([
    ["2026-11-23T23:59:59.000Z", "relationship-coach-export-2026-11-23.json"],
    ["2027-01-01T00:00:00.000Z", "relationship-coach-export-2027-01-01.json"],
  ])("names an export made at %s %s", (now, expected) => {
    expect(exportFileName(new Date(now))).toBe(expected);
  });
});
