import { z } from "zod";

// "Buy Us A Drink": the donation rules of spec part 1, sections 5 and 9, shared by the dialog and the order routes.

export const DONATION = {
  presets: [1, 2, 5],
  defaultAmount: 2,
  minimum: 1,
  /** Not in the spec: a tip jar, not a checkout. Keeps a mistyped extra zero (or a card-testing script) from going through. */
  maximum: 500,
  currency: "USD",
  successCloseDelayMs: 2400,
  loadTimeoutMs: 5000,
} as const;

/** Longest custom input kept: "500.00". */
const MAX_INPUT_LENGTH = 6;

/**
 * "Non-numeric characters are stripped and at most 2 decimals are kept": digits and the first decimal point only. A comma
 * is a decimal point too ("3,50" is $3.50 where commas write decimals, never $350), unless three digits follow it, which
 * makes it a thousands separator ("1,000").
 */
export function sanitizeAmountInput(raw: string): string {
  let result = "";
  let pointAt = -1;
  const characters = [...raw];
  characters.forEach((character, index) => {
    if (character >= "0" && character <= "9") {
      if (pointAt >= 0 && result.length - pointAt > 2) return;
      result += character;
    } else if ((character === "." || (character === "," && !separatesThousands(characters, index))) && pointAt < 0) {
      pointAt = result.length;
      result += ".";
    }
  });
  return result.slice(0, MAX_INPUT_LENGTH);
}

/** Exactly three digits after the comma at `index`, then the end or another non-digit. */
function separatesThousands(characters: string[], index: number): boolean {
  const digitsAfter = characters.slice(index + 1).findIndex((character) => character < "0" || character > "9");
  return (digitsAfter === -1 ? characters.length - index - 1 : digitsAfter) === 3;
}

/** The amount a sanitized input stands for; null while it holds no number yet ("" or "."). */
export function parseAmountInput(input: string): number | null {
  if (!/\d/.test(input)) return null;
  const value = Number(input.endsWith(".") ? input.slice(0, -1) : input);
  return Number.isFinite(value) ? value : null;
}

export type AmountCheck = { kind: "ok"; amount: number; value: string } | { kind: "below-minimum" } | { kind: "above-maximum" };

/**
 * The amount to donate: the custom field when it holds anything, otherwise the selected chip. Below $1 the dialog shows
 * "Min $1" and replaces the payment buttons with "Enter at least $1".
 */
export function checkDonationAmount(selectedPreset: number, customInput: string): AmountCheck {
  const amount = customInput === "" ? selectedPreset : (parseAmountInput(customInput) ?? 0);
  if (amount < DONATION.minimum) return { kind: "below-minimum" };
  if (amount > DONATION.maximum) return { kind: "above-maximum" };
  return { kind: "ok", amount, value: toOrderValue(amount) };
}

/** PayPal's amount format: a decimal string with exactly 2 decimals for USD ("2.00"). */
export function toOrderValue(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

export type ClientIdStatus = "missing" | "invalid" | "valid";

/** Spec part 1, section 5: "sb" (PayPal's sandbox shortcut) or a complete id of at least 60 characters. */
export function checkClientId(clientId: string | null | undefined): ClientIdStatus {
  const id = clientId?.trim() ?? "";
  if (id === "") return "missing";
  return id === "sb" || id.length >= 60 ? "valid" : "invalid";
}

/** POST /api/donations/orders: the amount as PayPal's decimal string, in US dollars. */
export const donationOrderRequestSchema = z
  .object({
    amount: z
      .string()
      .max(8)
      .regex(/^\d{1,3}(\.\d{1,2})?$/, "Enter an amount in dollars with at most 2 decimals")
      .refine((value) => Number(value) >= DONATION.minimum, `The minimum is $${DONATION.minimum}`)
      .refine((value) => Number(value) <= DONATION.maximum, `The maximum is $${DONATION.maximum}`),
    currency: z.literal(DONATION.currency).default(DONATION.currency),
  })
  .strict();

export type DonationOrderRequest = z.infer<typeof donationOrderRequestSchema>;

/** PayPal order ids are short upper-case alphanumerics (e.g. "5O190127TN364715T"); anything else never reaches PayPal. */
export const paypalOrderIdSchema = z.string().regex(/^[A-Z0-9]{8,32}$/, "Invalid order id");
