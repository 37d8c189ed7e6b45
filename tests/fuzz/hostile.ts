import fc from "fast-check";
import type { z } from "zod";

// Generated input a hostile client could send (hardening issue, section 1): the values that once gave a 500 (dates outside
// JavaScript's range, NUL, lone UTF-16 surrogates, nesting without end) and every other wrong type, in arbitraries that the
// API fuzz test (tests/api/fuzz.test.ts) puts into bodies, ids and headers.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Dates no Date can hold or no calendar has: ±8.64e15 is the edge of JavaScript's range. */
export const HOSTILE_DATES: Json[] = [
  8.64e15 + 1,
  -8.64e15 - 1,
  8.64e15,
  1e308,
  -1e308,
  -1,
  0,
  "2000-13-45",
  "2000-02-30T25:61:61Z",
  "+275760-09-13T00:00:00.001Z",
  "-271821-04-19T23:59:59.999Z",
  "0000-00-00",
  "9999-12-31T23:59:59.999Z",
  "1970-01-01",
  "not a date",
  "",
  "1e308",
  "NaN",
  "Infinity",
];

/** Strings PostgreSQL refuses (NUL, lone surrogates) or that probe paths, encodings and sizes. */
export const HOSTILE_STRINGS: string[] = [
  "\u0000",
  "Ana: hi\u0000\nBen: hello",
  "\uD800",
  "\uDC00 tail",
  "head \uDBFF",
  "Ana: \uD83D\nBen: \uDE00",
  "../",
  "../../etc/passwd",
  "..%2F..%2F",
  "%00",
  "<script>alert(1)</script>",
  '\'; DROP TABLE "Session"; --',
  "ünïcödé 😀 مرحبا 你好 \u200B\u202E",
  "\uFEFF",
  " ",
  "",
  "__proto__",
  "constructor",
  "x".repeat(70_000),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** A string with a NUL or a lone surrogate somewhere in arbitrary (also non-Latin) text. */
export const poisonedString = fc
  .tuple(fc.string({ unit: "grapheme", maxLength: 20 }), fc.oneof(fc.constant("\u0000"), loneSurrogate), fc.string({ unit: "grapheme", maxLength: 20 }))
  .map(([head, poison, tail]) => `${head}${poison}${tail}`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  poisonedString,
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 2 ** 31, -1, -0, 0.5, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Arrays and objects nested 100 to 1 000 deep, which a recursive walk would pay for with its stack. */
export const deeplyNested: fc.Arbitrary<Json> = fc.tuple(fc.integer({ min: 100, max: 1_000 }), fc.boolean(), hostileString).map(([depth, asArrays, leaf]) => {
  let value: Json = leaf;
  for (let level = 0; level < depth; level++) value = asArrays ? [value] : { a: value };
  return value;
});

// Each item its own copy: with one shared object, a mutation that adds to one item would add to all of them, and a huge
// array added to all 60 000 items is a body no JSON.stringify can write (the CI failure "RangeError: Invalid string length").
export const hugeArray: fc.Arbitrary<Json> = fc
  .tuple(fc.integer({ min: 1_000, max: 60_000 }), fc.constantFrom<Json>(0, "a", {}, [], null, { cardIndex: 0, action: "helpful" }))
  .map(([length, item]) => Array.from({ length }, () => structuredClone(item)));

/** One value of any kind to put where a schema expects something else. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_DATES) },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [null], { "": null }, JSON.parse('{"__proto__":{"polluted":true}}') as Json) },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 1, arbitrary: hugeArray },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }) as fc.Arbitrary<Json>, { maxKeys: 4 }) },
);

// ---- bodies shaped like a schema ----------------------------------------------------------------------------------------

type ZodInternals = { _zod: { def: Record<string, unknown> & { type: string; checks?: ZodInternals[] } } };
const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;
const checksOf = (schema: unknown) => (defOf(schema).checks ?? []).map((check) => check._zod.def);

const PLAUSIBLE_STRINGS = [
  "Ana: Can we plan the weekend?\nBen: Yes, Saturday.",
  "Ana",
  "A",
  "SPEAKER_00",
  "Weekend plans",
  "2026-11-20T10:00:00.000Z",
  "local-1733000000000",
  "rec-1733000000000",
  "helpful",
  "en",
  "audio/webm",
  "5.00",
  "UGlja2xlcw==",
];

/**
 * Values of the shape a zod schema describes (objects with its keys, enums from its options, numbers within its bounds), so
 * a mutation in one place reaches past the outer checks. Plausible, not necessarily valid: refinements are not modelled.
 */
export function shapedLike(schema: z.ZodType, depth = 0): fc.Arbitrary<Json> {
  const def = defOf(schema);
  const inner = (key: string) => shapedLike(def[key] as z.ZodType, depth + 1);
  if (depth > 8) return fc.constant(null);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const optional = Object.keys(shape).filter((key) => ["optional", "default", "nullable"].includes(defOf(shape[key]).type));
      const record = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, shapedLike(value, depth + 1)]));
      return fc.record(record, { requiredKeys: Object.keys(shape).filter((key) => !optional.includes(key)) }) as fc.Arbitrary<Json>;
    }
    case "string": {
      const formats = checksOf(schema).map((check) => check.format);
      if (formats.includes("uuid") || formats.includes("guid")) return fc.uuid();
      if (formats.includes("datetime"))
        return fc.date({ min: new Date("2001-01-01"), max: new Date("2099-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.oneof(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.string({ maxLength: 12 }));
    }
    case "number": {
      const bounds = checksOf(schema);
      const min = bounds.find((check) => check.check === "greater_than")?.value as number | undefined;
      const max = bounds.find((check) => check.check === "less_than")?.value as number | undefined;
      return fc.integer({ min: Math.max(min ?? 0, -1e6), max: Math.min(max ?? 10, 1e6) });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "enum":
      return fc.constantFrom(...(Object.values(def.entries as Record<string, string>) as Json[]));
    case "literal":
      return fc.constantFrom(...(def.values as Json[]));
    case "array":
      return fc.array(inner("element"), { maxLength: 3 });
    case "tuple":
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => shapedLike(item, depth + 1)));
    case "record":
      return fc.dictionary(fc.constantFrom("A", "B", "SPEAKER_00", "Ana"), inner("valueType"), { maxKeys: 3 });
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return inner("innerType");
    case "pipe":
      return inner("in");
    case "lazy":
      return shapedLike((def.getter as () => z.ZodType)(), depth + 1);
    case "union":
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => shapedLike(option, depth + 1)));
    case "intersection":
      return fc.tuple(inner("left"), inner("right")).map(([left, right]) => (isObject(left) && isObject(right) ? { ...left, ...right } : left));
    case "date":
      return fc.constant("2026-11-20T10:00:00.000Z");
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

const isObject = (value: Json): value is { [key: string]: Json } => typeof value === "object" && value !== null && !Array.isArray(value);

/** Every place in a JSON value, as key paths (the root is []). */
export function pathsOf(value: Json, prefix: (string | number)[] = [], into: (string | number)[][] = []): (string | number)[][] {
  into.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], into));
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], into);
  return into;
}

/**
 * One change: "replace" puts a hostile value in one place, of the same kind as the one there most of the time (a poisoned
 * string for a string, a date out of range for a date or a number) so that the schema still accepts it and the service and
 * the database meet it; "delete" removes the place; "add" gives an object a hostile key or an array a hostile item.
 */
export type Mutation = {
  kind: "replace" | "delete" | "add";
  pick: number;
  sameKind: boolean;
  value: Json;
  text: string;
  date: Json;
  number: number;
  key: string;
};

const ISO_LIKE = /^[+-]?\d{4,6}-\d{2}-\d{2}/;

function replacementFor(current: Json, change: Mutation): Json {
  if (!change.sameKind) return change.value;
  if (typeof current === "string") return ISO_LIKE.test(current) && typeof change.date === "string" ? change.date : change.text;
  if (typeof current === "number") return typeof change.date === "number" ? change.date : change.number;
  if (isObject(current)) return { ...current, [change.key]: change.text };
  if (Array.isArray(current)) return [...current, change.text];
  return change.value;
}

/** The value with one place changed (see Mutation). */
export function mutate(value: Json, change: Mutation): Json {
  const paths = pathsOf(value);
  const path = paths[change.pick % paths.length]!;
  if (path.length === 0) {
    if (change.kind === "replace") return replacementFor(value, change);
    if (change.kind === "delete") return value;
    // "add" to the root: wrapped so the root itself is the container.
    return (mutate({ root: value }, { ...change, pick: 1 }) as { root: Json }).root;
  }
  const copy = structuredClone(value);
  let parent: Json = copy;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[step]!;
  const last = path.at(-1)!;
  const container = parent as Record<string | number, Json>;
  const current = container[last] ?? null;
  if (change.kind === "replace") container[last] = replacementFor(current, change);
  else if (change.kind === "delete") {
    if (Array.isArray(container)) container.splice(Number(last), 1);
    else delete container[last];
  } else if (isObject(current)) {
    // defineProperty, not assignment: a "__proto__" key must become an own key of the JSON, not the object's prototype.
    Object.defineProperty(current, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
  } else if (Array.isArray(current)) current.push(change.value);
  else container[last] = change.value;
  return copy;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation["kind"]>("replace", "replace", "replace", "replace", "delete", "add"),
  pick: fc.nat(),
  sameKind: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  value: hostileValue,
  text: fc.oneof({ weight: 3, arbitrary: poisonedString }, { weight: 1, arbitrary: hostileString }),
  date: fc.constantFrom(...HOSTILE_DATES),
  number: hostileNumber,
  key: fc.oneof(poisonedString, hostileString, fc.constantFrom("__proto__", "constructor", "id", "userId", "extra")),
});

/**
 * A body of `schema`'s shape or one of the valid `seeds`, mostly with exactly one hostile change (so the rest of it passes
 * and the change is what the handler meets), sometimes with none or two.
 */
export function hostileShapedBody(schema: z.ZodType | undefined, seeds: Json[]): fc.Arbitrary<Json> {
  const bases: { weight: number; arbitrary: fc.Arbitrary<Json> }[] = [];
  if (seeds.length > 0) bases.push({ weight: 3, arbitrary: fc.constantFrom(...seeds) });
  if (schema) bases.push({ weight: 1, arbitrary: shapedLike(schema) });
  if (bases.length === 0) bases.push({ weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> });
  const changes = fc.oneof(
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 4, arbitrary: fc.tuple(mutation) },
    { weight: 1, arbitrary: fc.tuple(mutation, mutation) },
  );
  return fc.tuple(fc.oneof(...bases), changes).map(([start, list]) => (list as Mutation[]).reduce(mutate, start));
}
