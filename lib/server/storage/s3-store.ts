import "server-only";

import type { AudioPieceStore } from "./audio-piece-store";
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, uriEncode, type SigV4Credentials } from "./sigv4";

// An S3-compatible object store (AWS S3, Cloudflare R2, MinIO…) for the pieces, with plain fetch and SigV4: PutObject,
// GetObject, DeleteObject and ListObjectsV2, path-style (https://endpoint/bucket/key), which every such store accepts.
// Errors name the operation and status only: bodies and URLs stay out of logs.

export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/** A call to the object store failed (network, or a status it should not answer). */
export class ObjectStoreError extends Error {
  readonly status: number | undefined;
  constructor(operation: string, status?: number) {
    super(`object store ${operation} failed${status ? ` (${status})` : ""}`);
    this.name = "ObjectStoreError";
    this.status = status;
  }
}

const TIMEOUT_MS = 30_000;
/** ListObjectsV2 pages; a prefix of one upload holds at most a few hundred keys. */
const MAX_LIST_PAGES = 20;
const DELETES_AT_ONCE = 8;

export class S3AudioPieceStore implements AudioPieceStore {
  readonly kind = "s3";
  private readonly credentials: SigV4Credentials;

  constructor(
    private readonly config: S3Config,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
  ) {
    this.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: "s3" };
  }

  private url(key = "", query: Record<string, string> = {}): URL {
    const base = this.config.endpoint.replace(/\/+$/, "");
    const url = new URL(`${base}/${uriEncode(this.config.bucket)}/${uriEncode(key, true)}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url;
  }

  private async send(operation: string, method: string, url: URL, body?: Uint8Array): Promise<Response> {
    const payloadHash = body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH;
    const extra: Record<string, string> = { "x-amz-content-sha256": payloadHash };
    if (body) extra["content-type"] = "application/octet-stream";
    const headers = signRequest({ method, url, headers: extra, payloadHash, credentials: this.credentials });
    // fetch sets Host itself, from the URL (the value signed).
    delete headers.host;
    try {
      return await this.fetchImpl(url, { method, headers, body: body ? new Uint8Array(body) : undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new ObjectStoreError(operation);
    }
  }

  async put(key: string, bytes: Uint8Array): Promise<boolean> {
    const response = await this.send("put", "PUT", this.url(key), bytes);
    await discard(response);
    if (!response.ok) throw new ObjectStoreError("put", response.status);
    return false;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const response = await this.send("get", "GET", this.url(key));
    if (response.status === 404) {
      await discard(response);
      return null;
    }
    if (!response.ok) {
      await discard(response);
      throw new ObjectStoreError("get", response.status);
    }
    // A body that stops half-way ends at the call's time-out: the same failure as no answer.
    const body = await response.arrayBuffer().catch((): never => {
      throw new ObjectStoreError("get");
    });
    return new Uint8Array(body);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("delete", "DELETE", this.url(key));
    await discard(response);
    // S3 answers 204 whether or not the key existed; some compatible stores answer 404.
    if (!response.ok && response.status !== 404) throw new ObjectStoreError("delete", response.status);
  }

  async deletePrefix(prefix: string): Promise<number> {
    let deleted = 0;
    let continuation: string | undefined;
    for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
      const query: Record<string, string> = { "list-type": "2", prefix, ...(continuation ? { "continuation-token": continuation } : {}) };
      const response = await this.send("list", "GET", this.url("", query));
      if (!response.ok) {
        await discard(response);
        throw new ObjectStoreError("list", response.status);
      }
      const listing = parseListing(
        await response.text().catch((): never => {
          throw new ObjectStoreError("list");
        }),
      );
      for (let index = 0; index < listing.keys.length; index += DELETES_AT_ONCE) {
        await Promise.all(listing.keys.slice(index, index + DELETES_AT_ONCE).map((key) => this.delete(key)));
      }
      deleted += listing.keys.length;
      if (!listing.truncated || !listing.continuation) break;
      continuation = listing.continuation;
    }
    return deleted;
  }
}

const XML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity]!);

/** The keys of a ListObjectsV2 answer (ListBucketResult), and whether another page follows. */
export function parseListing(xml: string): { keys: string[]; truncated: boolean; continuation: string | undefined } {
  const keys = [...xml.matchAll(/<Contents>[\s\S]*?<Key>([\s\S]*?)<\/Key>[\s\S]*?<\/Contents>/g)].map((match) => unescapeXml(match[1]!));
  const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
  const continuation = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { keys, truncated, continuation: continuation === undefined ? undefined : unescapeXml(continuation) };
}

/** Reads an answer we do not need to its end (small: an empty body or an XML error), freeing the connection. */
async function discard(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}
