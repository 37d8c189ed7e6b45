import { generateKeyPairSync } from "node:crypto";
import fc from "fast-check";
import type { z } from "zod";

import { mintSessionToken } from "@/tests/helpers/clerk-test-auth";

import { HOSTILE_STRINGS, hostileShapedBody, hostileString, hostileValue, poisonedString, type Json } from "./hostile";
import { fillPattern, type HttpMethod, type RouteFile } from "./routes";

// One generated call of a route handler: the path's ids, the query, the headers (who the caller claims to be) and the body.

export type Body =
  | { kind: "none" }
  | { kind: "text"; text: string; contentType: string | null }
  | { kind: "bytes"; bytes: Uint8Array; contentType: string | null }
  | { kind: "multipart"; fields: [string, string][]; file: Uint8Array; fileType: string };

export type Call = { params: Record<string, string>; query: string; headers: Record<string, string>; body: Body };

/** Callers: a valid user (A) and another (B), guests, and every way of pretending to be someone. */
export type Callers = { userA: string; userB: string; cronSecret: string; userASets: Record<string, string>[]; otherSets: Record<string, string>[] };

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export async function makeCallers(userA: string, userB: string, cronSecret: string): Promise<Callers> {
  const tokenA = await mintSessionToken(userA);
  const tokenB = await mintSessionToken(userB);
  const expired = await mintSessionToken(userA, { expiresInSeconds: -3600 });
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const wrongKey = await mintSessionToken(userA, { privateKey });
  const [, payload] = tokenA.split(".");
  const algNone = `${base64url(JSON.stringify({ alg: "none", typ: "JWT" }))}.${payload}.`;
  const tampered = `${tokenA.split(".").slice(0, 2).join(".")}.${base64url("not the signature")}`;
  const forged = {
    "x-user-id": userB,
    "x-clerk-user-id": userB,
    "x-clerk-auth-status": "signed-in",
    "x-clerk-auth-user-id": userB,
    "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware",
  };
  // User A, the caller whose own data the ids point at most often, is three callers in five: the rest are guests and every way
  // of pretending to be someone.
  const userASets = [{ authorization: `Bearer ${tokenA}` }];
  const otherSets: Record<string, string>[] = [
    {},
    { authorization: `Bearer ${tokenB}` },
    { authorization: `Bearer ${expired}` },
    { authorization: `Bearer ${wrongKey}` },
    { authorization: `Bearer ${algNone}` },
    { authorization: `Bearer ${tampered}` },
    { authorization: "Bearer " },
    { authorization: "Basic dXNlcjpwYXNz" },
    { authorization: `Bearer ${cronSecret}` },
    { authorization: `Bearer ${cronSecret}x` },
    { cookie: `__session=${tokenA}` },
    { cookie: "__session=garbage; __client_uat=1" },
    forged,
    { ...forged, authorization: `Bearer ${tokenA}` },
  ];
  return { userA, userB, cronSecret, userASets, otherSets };
}

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 });

/** Present in one call in five. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const headersArbitrary = (callers: Callers) =>
  fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...callers.userASets) }, { weight: 2, arbitrary: fc.constantFrom(...callers.otherSets) }),
      rarely(fc.record({ authorization: printable.map((text) => `Bearer ${text}`) })),
      fc.ipV4(),
      rarely(
        fc.dictionary(fc.constantFrom("x-user-id", "x-forwarded-host", "x-session-scope", "accept", "origin", "x-real-ip", "cookie"), printable, {
          maxKeys: 2,
        }),
      ),
    )
    .map(([identity, randomBearer, ip, extra]) => ({ ...extra, ...identity, ...randomBearer, "x-forwarded-for": ip }));

/** The ids the database holds: user A's own, and everyone else's. */
export type KnownIds = { own: string[]; others: string[] };

/** Ids for a route's [params]: real ones of both users, unknown uuids, and the strings that break paths and databases. */
export function idArbitrary(ids: KnownIds): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids.own) },
    { weight: 2, arbitrary: fc.constantFrom(...ids.others) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, "a".repeat(100_001), "5O190127TN364715T", "local-1733000000000") },
    { weight: 1, arbitrary: poisonedString },
    { weight: 1, arbitrary: hostileString },
  );
}

const QUERIES = [
  "?account=true",
  "?account=false",
  "?account=%00",
  "?account=true&account=false",
  "?skipRegeneration=true",
  "?skipRegeneration=%F0",
  "?force=true&_=1733000000000",
  "?limit=-1&cursor=%FF",
  "?before=2000-13-45&after=1e308",
];
const queryArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.constantFrom(...QUERIES) },
  { weight: 1, arbitrary: printable.map((text) => `?q=${encodeURIComponent(text)}`) },
);

const JSON_TYPES = ["application/json", "application/json; charset=utf-8"];
const OTHER_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/octet-stream",
  "audio/webm",
  "application/json; charset=utf-16",
  "garbage/;;;",
];
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...JSON_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom<string | null>(null, ...OTHER_TYPES) },
);

function bodyArbitrary(schema: z.ZodType | undefined, seeds: Json[]): fc.Arbitrary<Body> {
  const text = (json: fc.Arbitrary<string>) => fc.record({ kind: fc.constant("text" as const), text: json, contentType });
  const seedText = seeds.length > 0 ? fc.constantFrom(...seeds).map((seed) => JSON.stringify(seed)) : fc.constant('{"a":[1,2,{"b":"c"}]}');
  return fc.oneof(
    { weight: 8, arbitrary: text(hostileShapedBody(schema, seeds).map((value) => JSON.stringify(value))) },
    { weight: 2, arbitrary: text(fc.oneof(fc.jsonValue(), hostileValue).map((value) => JSON.stringify(value) ?? "null")) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "none" }) },
    // Truncated JSON: the front part of a valid body.
    { weight: 1, arbitrary: text(fc.tuple(seedText, fc.nat()).map(([json, cut]) => json.slice(0, cut % Math.max(json.length, 1)))) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("bytes" as const), bytes: fc.uint8Array({ maxLength: 2_000 }), contentType }) },
    // Over the body limits: the size checks must answer 413 (or 400), not run out of memory or time.
    { weight: 1, arbitrary: text(fc.integer({ min: 300_000, max: 3_000_000 }).map((size) => `{"transcript":"${"a".repeat(size)}"}`)) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("multipart" as const),
        fields: fc.array(fc.tuple(fc.constantFrom("audio", "mimeType", "language", "transcript", "id"), fc.oneof(printable, hostileString)), { maxLength: 4 }),
        file: fc.uint8Array({ maxLength: 4_000 }),
        fileType: fc.constantFrom("audio/webm", "application/octet-stream", "text/plain", ""),
      }),
    },
  );
}

export function callArbitrary(
  route: RouteFile,
  method: HttpMethod,
  callers: Callers,
  ids: KnownIds,
  schema: z.ZodType | undefined,
  seeds: Json[],
): fc.Arbitrary<Call> {
  const params = fc.record(Object.fromEntries(route.params.map((name) => [name, idArbitrary(ids)]))) as fc.Arbitrary<Record<string, string>>;
  const body = method === "GET" || method === "HEAD" ? fc.constant<Body>({ kind: "none" }) : bodyArbitrary(schema, seeds);
  return fc
    .record({
      params,
      query: queryArbitrary,
      headers: headersArbitrary(callers),
      body,
      sameId: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ sameId, ...call }) => (sameId ? withPathId(call) : call))
    .map((call) => Object.assign(call, { [fc.toStringMethod]: () => describeCall(route, method, call) }));
}

/** A body whose "id" is the path's (as the save route wants it), so a change elsewhere in it is not refused for the id alone. */
function withPathId(call: Call): Call {
  const id = Object.values(call.params)[0];
  if (id === undefined || call.body.kind !== "text") return call;
  let value: unknown;
  try {
    value = JSON.parse(call.body.text);
  } catch {
    return call;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || !("id" in value)) return call;
  return { ...call, body: { ...call.body, text: JSON.stringify({ ...value, id }) } };
}

/** The Request a browser (or an attacker's script) would send for this call. */
export function toRequest(route: RouteFile, method: HttpMethod, call: Call): Request {
  const url = `http://localhost:3000${fillPattern(route.pattern, call.params)}${call.query}`;
  const headers = new Headers(call.headers);
  let body: BodyInit | undefined;
  if (call.body.kind === "text" || call.body.kind === "bytes") {
    body = call.body.kind === "text" ? call.body.text : new Uint8Array(call.body.bytes);
    if (call.body.contentType) headers.set("content-type", call.body.contentType);
  } else if (call.body.kind === "multipart") {
    const form = new FormData();
    for (const [name, value] of call.body.fields) form.append(name, value);
    form.append("file", new Blob([new Uint8Array(call.body.file)], { type: call.body.fileType }), "recording.webm");
    body = form;
  }
  return new Request(url, { method, headers, body });
}

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** A short, printable account of a call for failure messages (bodies can be megabytes). */
export function describeCall(route: RouteFile, method: HttpMethod, call: Call): string {
  const params = Object.entries(call.params).map(([name, value]) => `${name}=${clip(JSON.stringify(value), 80)}`);
  const body =
    call.body.kind === "text"
      ? `${call.body.contentType ?? "no content-type"} ${clip(JSON.stringify(call.body.text), 300)}`
      : call.body.kind === "bytes"
        ? `${call.body.contentType ?? "no content-type"} ${call.body.bytes.length} random bytes`
        : call.body.kind === "multipart"
          ? `multipart ${call.body.fields.length} fields + ${call.body.file.length} bytes`
          : "no body";
  const who = Object.entries(call.headers).map(([name, value]) => `${name}: ${clip(value, 24)}`);
  return `${method} ${route.pattern} ${params.join(" ")} ${call.query} [${who.join(", ")}] body: ${body}`;
}
