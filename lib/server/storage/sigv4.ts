import "server-only";

import { createHash, createHmac } from "node:crypto";

// AWS Signature Version 4 for the S3-compatible piece store: the canonical request, the string to sign, the derived key
// and the Authorization header, as https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html describes.
// Written here (no SDK): the store needs four S3 calls, and the signature is checked against AWS's published examples.

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

export type SignInput = {
  method: string;
  url: URL;
  /** Headers to sign besides host and x-amz-date (which are added): S3 wants x-amz-content-sha256 among them. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body ("UNSIGNED-PAYLOAD" is allowed by S3 but not used here). */
  payloadHash: string;
  credentials: SigV4Credentials;
  now?: Date;
};

export const EMPTY_PAYLOAD_HASH = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 percent-encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ (and "/" when `keepSlash`). */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

/** "20130524T000000Z" and "20130524". */
export function amzDate(now: Date): { dateTime: string; date: string } {
  const dateTime = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  return { dateTime, date: dateTime.slice(0, 8) };
}

/** The path as S3 signs it: each segment encoded once (S3 does not double-encode, unlike other services). */
function canonicalUri(url: URL): string {
  const decoded = url.pathname.split("/").map((segment) => uriEncode(decodeURIComponent(segment)));
  return decoded.join("/") || "/";
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
}

export function canonicalRequest({ method, url, headers, payloadHash }: { method: string; url: URL; headers: Record<string, string>; payloadHash: string }) {
  const normalized = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, " ")] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = normalized.map(([name]) => name).join(";");
  const text = [
    method.toUpperCase(),
    canonicalUri(url),
    canonicalQuery(url),
    normalized.map(([name, value]) => `${name}:${value}\n`).join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  return { text, signedHeaders };
}

/** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, date), region), service), "aws4_request");
}

/** The headers to send: the given ones plus host, x-amz-date and authorization. */
export function signRequest({ method, url, headers = {}, payloadHash, credentials, now = new Date() }: SignInput): Record<string, string> {
  const { dateTime, date } = amzDate(now);
  const toSign = { ...headers, host: url.host, "x-amz-date": dateTime };
  const request = canonicalRequest({ method, url, headers: toSign, payloadHash });
  const scope = `${date}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", dateTime, scope, sha256Hex(request.text)].join("\n");
  const signature = createHmac("sha256", signingKey(credentials.secretAccessKey, date, credentials.region, credentials.service))
    .update(stringToSign)
    .digest("hex");
  const authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${request.signedHeaders}, Signature=${signature}`;
  return { ...toSign, authorization };
}
