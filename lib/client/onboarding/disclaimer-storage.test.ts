import {
  DISCLAIMER_ACCEPTED_KEY,
  disclaimerCookie,
  readDisclaimerAccepted,
  readSkipWelcome,
  rememberDisclaimerAccepted,
  rememberDisclaimerCookie,
  setSkipWelcome,
} from "./disclaimer-storage";

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  } as Storage;
}

const broken = {
  getItem: () => {
    throw new Error("denied");
  },
  setItem: () => {
    throw new Error("denied");
  },
  removeItem: () => {},
} as unknown as Storage;

describe("disclaimer storage", () => {
  it("remembers the first acceptance time and keeps it", () => {
    const storage = memory();
    expect(readDisclaimerAccepted(storage)).toBe(false);
    rememberDisclaimerAccepted(new Date("2026-01-02T03:04:05Z"), storage);
    rememberDisclaimerAccepted(new Date("2027-01-01T00:00:00Z"), storage);
    expect(readDisclaimerAccepted(storage)).toBe(true);
    expect(storage.getItem(DISCLAIMER_ACCEPTED_KEY)).toBe("2026-01-02T03:04:05.000Z");
  });

  it("treats unavailable storage as not accepted and never throws", () => {
    expect(readDisclaimerAccepted(null)).toBe(false);
    expect(readDisclaimerAccepted(broken)).toBe(false);
    expect(() => rememberDisclaimerAccepted(new Date(), broken)).not.toThrow();
  });

  it("the skip-welcome flag is the spec's skipWelcomeAfterAuth", () => {
    const storage = memory();
    expect(readSkipWelcome(storage)).toBe(false);
    setSkipWelcome(storage);
    expect(storage.getItem("skipWelcomeAfterAuth")).toBe("true");
    expect(readSkipWelcome(storage)).toBe(true);
    expect(readSkipWelcome(broken)).toBe(false);
    expect(() => setSkipWelcome(broken)).not.toThrow();
  });
});

describe("the acceptance cookie", () => {
  it("is set for the whole site, SameSite=Lax, Secure on https only", () => {
    const doc = { cookie: "", location: { protocol: "https:" } };
    rememberDisclaimerCookie(doc);
    expect(doc.cookie).toBe("disclaimer_accepted=1; Path=/; Max-Age=34560000; SameSite=Lax; Secure");
    expect(disclaimerCookie(false)).not.toContain("Secure");
  });

  it("never throws when cookies are refused", () => {
    const refusing = {
      get cookie(): string {
        throw new Error("denied");
      },
      set cookie(_value: string) {
        throw new Error("denied");
      },
    };
    expect(() => rememberDisclaimerCookie(refusing)).not.toThrow();
    expect(() => rememberDisclaimerCookie(null)).not.toThrow();
  });
});
