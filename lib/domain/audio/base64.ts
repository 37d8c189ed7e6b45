// Checks for audio kept in the browser (spec part 1 section 5 "Saved audio").

const NOT_BASE64 = /[^A-Za-z0-9+/=]/g;

/** Saved audio must be a non-empty string whose length, once invalid characters are stripped, is a multiple of 4. */
export function isValidSavedAudio(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0) return false;
  const cleaned = value.replace(NOT_BASE64, "");
  return cleaned.length > 0 && cleaned.length % 4 === 0;
}

/** A data URL's payload ("data:audio/webm;base64,AAAA" → "AAAA"); plain base64 is returned unchanged. */
export function stripDataUrlPrefix(value: string): string {
  const comma = value.indexOf(",");
  return value.startsWith("data:") && comma !== -1 ? value.slice(comma + 1) : value;
}

/** Bytes a base64 string decodes to, without decoding it. */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Strict form for uploads: only the base64 alphabet, correct padding, length a multiple of 4. */
export function isStrictBase64(value: string): boolean {
  return value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}
