import { apiJson, ApiRequestError } from "@/lib/client/api/request";
import { wait } from "@/lib/client/wait";

/** The pause before a capture that went unanswered is asked again. */
export const CAPTURE_ASKED_AGAIN_AFTER_MS = 1_000;

/**
 * Captures the approved order on our server. One whose answer did not come (the connection dropped, our server or PayPal
 * did not answer) may have been captured all the same: it is asked once more, which the server answers as captured when
 * PayPal holds it so, rather than the buyer being told to try again and paying twice. PayPal captures an order once at
 * most, so asking again cannot move money twice. A refusal (a declined card, an order not found) is not asked again.
 */
export async function captureOrder(orderId: string): Promise<void> {
  const capture = () => apiJson("POST", `/api/donations/orders/${encodeURIComponent(orderId)}/capture`);
  try {
    await capture();
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500) throw error;
    await wait(CAPTURE_ASKED_AGAIN_AFTER_MS);
    await capture();
  }
}
