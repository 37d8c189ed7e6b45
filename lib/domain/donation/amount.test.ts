import {
  checkClientId,
  checkDonationAmount,
  DONATION,
  donationOrderRequestSchema,
  parseAmountInput,
  paypalOrderIdSchema,
  sanitizeAmountInput,
  toOrderValue,
} from "./amount";

describe("donation constants (spec part 1, section 9)", () => {
  it("has the presets 1, 2, 5, a $2 default, a $1 minimum, USD, 2400 ms and 5000 ms", () => {
    expect(DONATION.presets).toEqual([1, 2, 5]);
    expect(DONATION.defaultAmount).toBe(2);
    expect(DONATION.minimum).toBe(1);
    expect(DONATION.currency).toBe("USD");
    expect(DONATION.successCloseDelayMs).toBe(2400);
    expect(DONATION.loadTimeoutMs).toBe(5000);
  });
});

describe("sanitizeAmountInput: non-numeric characters stripped, at most 2 decimals kept, a decimal comma read as a point", () => {
  it.each([
    ["5", "5"],
    ["$5", "5"],
    ["12.345", "12.34"],
    ["1.2.3", "1.23"],
    ["abc", ""],
    ["3,50", "3.50"],
    ["3,5", "3.5"],
    ["3,", "3."],
    ["1,000", "1000"],
    ["1,000.50", "1000.5"],
    ["2,50,1", "2.50"],
    [" 7 . 5 ", "7.5"],
    [".75", ".75"],
    ["-4", "4"],
    ["1e3", "13"],
    ["123456789", "123456"],
    ["10.", "10."],
  ])("%j → %j", (raw, expected) => {
    expect(sanitizeAmountInput(raw)).toBe(expected);
  });
});

describe("parseAmountInput", () => {
  it.each([
    ["", null],
    [".", null],
    ["10.", 10],
    [".5", 0.5],
    ["2.25", 2.25],
  ])("%j → %p", (input, expected) => {
    expect(parseAmountInput(input)).toBe(expected);
  });
});

describe("checkDonationAmount", () => {
  it.each([
    { preset: 2, custom: "", expected: { kind: "ok", amount: 2, value: "2.00" } },
    { preset: 5, custom: "", expected: { kind: "ok", amount: 5, value: "5.00" } },
    { preset: 2, custom: "1", expected: { kind: "ok", amount: 1, value: "1.00" } },
    { preset: 2, custom: "3.5", expected: { kind: "ok", amount: 3.5, value: "3.50" } },
    { preset: 2, custom: "0.99", expected: { kind: "below-minimum" } },
    { preset: 2, custom: ".", expected: { kind: "below-minimum" } },
    { preset: 2, custom: "0", expected: { kind: "below-minimum" } },
    { preset: 2, custom: "500", expected: { kind: "ok", amount: 500, value: "500.00" } },
    { preset: 2, custom: "500.01", expected: { kind: "above-maximum" } },
  ])("chip $preset, custom $custom", ({ preset, custom, expected }) => {
    expect(checkDonationAmount(preset, custom)).toEqual(expected);
  });
});

it("toOrderValue always has 2 decimals", () => {
  expect(toOrderValue(1)).toBe("1.00");
  expect(toOrderValue(1.1)).toBe("1.10");
  expect(toOrderValue(0.1 + 0.2)).toBe("0.30");
});

describe("checkClientId (spec part 1, section 5)", () => {
  it.each([
    [undefined, "missing"],
    [null, "missing"],
    ["", "missing"],
    ["   ", "missing"],
    ["sb", "valid"],
    ["A".repeat(60), "valid"],
    ["A".repeat(80), "valid"],
    ["A".repeat(59), "invalid"],
    ["sandbox", "invalid"],
  ])("%p → %s", (clientId, expected) => {
    expect(checkClientId(clientId)).toBe(expected);
  });
});

describe("donationOrderRequestSchema", () => {
  it.each(["1", "1.00", "2.5", "499.99", "500.00"])("accepts %s", (amount) => {
    expect(donationOrderRequestSchema.parse({ amount })).toEqual({ amount, currency: "USD" });
  });

  it.each(["0.99", "0", "500.01", "1000", "1.234", "-1", "1e2", "", " 2", "2.", "NaN"])("refuses %j", (amount) => {
    expect(donationOrderRequestSchema.safeParse({ amount }).success).toBe(false);
  });

  it("refuses other currencies, numbers and extra fields", () => {
    expect(donationOrderRequestSchema.safeParse({ amount: "2.00", currency: "EUR" }).success).toBe(false);
    expect(donationOrderRequestSchema.safeParse({ amount: 2 }).success).toBe(false);
    expect(donationOrderRequestSchema.safeParse({ amount: "2.00", description: "x" }).success).toBe(false);
  });
});

it("paypalOrderIdSchema takes PayPal's ids only", () => {
  expect(paypalOrderIdSchema.safeParse("5O190127TN364715T").success).toBe(true);
  for (const id of ["", "abc", "../../v1/oauth2/token", "5O190127TN364715T?x=1", "A".repeat(33)]) expect(paypalOrderIdSchema.safeParse(id).success).toBe(false);
});
