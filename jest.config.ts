import { AsyncLocalStorage } from "node:async_hooks";
import type { Config } from "jest";
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Unit and API tests. Environment per file: node by default, `@jest-environment jsdom` for components and browser code.
const config: Config = {
  testEnvironment: "node",
  setupFilesAfterEnv: ["<rootDir>/tests/setup/jest.setup.ts"],
  testMatch: ["<rootDir>/{app,components,lib,tests}/**/*.test.{ts,tsx}"],
  testPathIgnorePatterns: ["/node_modules/", "<rootDir>/tests/e2e/", "<rootDir>/.next/"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/tests/setup/empty-module.ts" },
  testTimeout: 30_000,
  // One worker per core: Jest's default (cores − 1) runs in band on a 2-core machine, and the suites then take twice as long.
  maxWorkers: "100%",
};

// next/jest puts /node_modules/ first in transformIgnorePatterns; ESM-only packages (msw's deps, Prisma's runtime) must be transformed.
const ESM_PACKAGES = [
  "msw",
  "@mswjs",
  "@open-draft",
  "rettime",
  "until-async",
  "@bundled-es-modules",
  "@prisma",
  "pglite-prisma-adapter",
  "@electric-sql",
  "@clerk",
  "uuid",
  "react-markdown",
  "idb-keyval",
  // react-markdown's ESM-only dependency tree (unified, micromark, mdast/hast utilities…)
  "@ungap",
  "bail",
  "ccount",
  "character-[^/]+",
  "comma-separated-tokens",
  "decode-named-character-reference",
  "devlop",
  "estree-util-[^/]+",
  "hast-util-[^/]+",
  "html-url-attributes",
  "is-[^/]+",
  "longest-streak",
  "mdast-util-[^/]+",
  "micromark[^/]*",
  "parse-entities",
  "property-information",
  "remark-[^/]+",
  "space-separated-tokens",
  "stringify-entities",
  "trim-lines",
  "trough",
  "unified",
  "unist-util-[^/]+",
  "vfile[^/]*",
  "zwitch",
  // ics (calendar files) depends on the ESM-only nanoid
  "nanoid",
];

export default async function jestConfig(): Promise<Config> {
  // next/jest loads next.config.ts, whose Serwist plugin requires next/server; outside Next's runtime that module throws
  // (later, inside whichever test is running) unless AsyncLocalStorage is global, as Next's own server makes it.
  (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transform: { "@electric-sql/pglite/dist/.+\\.cjs$": "<rootDir>/tests/setup/builtin-dynamic-import-transform.cjs", ...resolved.transform },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join("|")})/)`, "^.+\\.module\\.(css|sass|scss)$"],
  };
}
