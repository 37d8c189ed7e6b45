// The error texts of an analysis request (spec part 1 sections 5 and 8), shared by the browser's request, the server's
// schema and the screens' texts. No zod here: the texts modules import them without loading it.

/** A blank transcript, refused before the call (and by the server's schema). */
export const EMPTY_TRANSCRIPT_MESSAGE = "Empty transcript. Please try recording again.";

/** An HTML page where the analysis was expected, or a failure with no message of its own. */
export const ANALYSIS_UNAVAILABLE_MESSAGE = "Service temporarily unavailable. Please try again.";

/** A reply that is neither HTML nor JSON: "Server error: 502 Bad Gateway" (no trailing space without a status text). */
export const analysisServerError = (status: number, statusText: string) => `Server error: ${status} ${statusText}`.trim();
