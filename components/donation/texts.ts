// Texts of the "Buy Us A Drink" dialog (spec part 1: section 2, the dialog; 4, its states; 5, amount and client id rules;
// 8, its errors). Lines the spec quotes are word for word; the rest is ours.
export const DONATION_TEXTS = {
  settingsButton: "Buy Us A Drink",
  settingsHint: "Enjoying the app? A small tip keeps the coach running.",
  title: "Buy Us A Drink",
  description: "If Relationship Retro helped you talk things through, a small tip keeps it going.",
  amountsLabel: "Amount",
  presetLabel: (amount: number) => `$${amount}`,
  customLabel: "Custom amount",
  customPlaceholder: "Other",
  minimum: "Min $1",
  enterAtLeast: "Enter at least $1",
  /** Not in the spec: the upper bound the server enforces. */
  enterAtMost: "Enter at most $500",
  loading: "Loading PayPal...",
  loadTimeout: "PayPal is taking too long to load...",
  loadTimeoutHint: "If you use an ad blocker or strict tracking protection, try disabling it for this site, then open this dialog again.",
  createError: "We could not start the PayPal checkout. Please try again.",
  captureError: "Something went wrong capturing the payment. Please try again.",
  invalidClientId: "Invalid Client ID",
  invalidClientIdHint: "The PayPal client ID looks incomplete. Copy the complete client ID from your PayPal developer dashboard (My Apps & Credentials).",
  clientIdMissing: "The PayPal client ID must be set in the environment (NEXT_PUBLIC_PAYPAL_CLIENT_ID) to enable donations.",
  ordersDisabled: "Donations are not configured on this server yet (the PayPal secret is missing).",
  successTitle: "Thank you!",
  successMessage: "Cheers to your next retro 🥂",
  close: "Close",
} as const;
