// Jest transformer for PGlite's CommonJS build, which loads Node built-ins with `import("fs")`. Jest's CommonJS runtime
// refuses dynamic import unless started with --experimental-vm-modules, and under that flag the ESM-only helpers msw
// depends on cannot be required. Built-ins need no module loader at all: process.getBuiltinModule (Node >= 20.16) returns
// them directly (`require` itself is shadowed by a local of the same name in PGlite's code).
const { createHash } = require("node:crypto");
const { readFileSync } = require("node:fs");

const ownSource = readFileSync(__filename, "utf8");

module.exports = {
  process(source) {
    return { code: source.replace(/\bimport\((["'](?:node:)?[a-z_/]+["'])\)/g, "Promise.resolve(globalThis.process.getBuiltinModule($1))") };
  },
  // Jest caches transformed files: the key must change when this rewrite does.
  getCacheKey(source, filename) {
    return createHash("sha256").update(ownSource).update(filename).update(source).digest("hex");
  },
};
