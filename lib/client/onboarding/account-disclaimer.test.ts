import { syncDisclaimerWithAccount } from "./account-disclaimer";

function memory(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage;
}

describe("syncDisclaimerWithAccount", () => {
  it("writes the device's acceptance to the account's unsafe metadata, keeping what is there", async () => {
    const update = jest.fn(async () => undefined);
    await syncDisclaimerWithAccount({ unsafeMetadata: { other: 1 }, update }, memory({ disclaimerAcceptedAt: "2026-01-02T03:04:05.000Z" }));
    expect(update).toHaveBeenCalledWith({ unsafeMetadata: { other: 1, disclaimerAcceptedAt: "2026-01-02T03:04:05.000Z" } });
  });

  it("copies the account's acceptance to a new device without writing to the account", async () => {
    const update = jest.fn(async () => undefined);
    const storage = memory();
    await syncDisclaimerWithAccount({ unsafeMetadata: { disclaimerAcceptedAt: "2026-01-02T03:04:05.000Z" }, update }, storage);
    expect(storage.getItem("disclaimerAcceptedAt")).toBe("2026-01-02T03:04:05.000Z");
    expect(update).not.toHaveBeenCalled();
  });

  it("does nothing without a user or an acceptance, ignores junk and never throws", async () => {
    const update = jest.fn(async () => Promise.reject(new Error("offline")));
    await expect(syncDisclaimerWithAccount(null, memory())).resolves.toBeUndefined();
    await syncDisclaimerWithAccount({ unsafeMetadata: {}, update }, memory());
    expect(update).not.toHaveBeenCalled();
    await expect(
      syncDisclaimerWithAccount(
        { unsafeMetadata: { disclaimerAcceptedAt: "yesterday-ish" }, update },
        memory({ disclaimerAcceptedAt: "2026-01-02T03:04:05.000Z" }),
      ),
    ).resolves.toBeUndefined();
    expect(update).toHaveBeenCalledTimes(1);
  });
});
