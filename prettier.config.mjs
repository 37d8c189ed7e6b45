// House formatting (../shared/style.md): wide lines, as the code was written, and a fixed import order — Node built-ins,
// packages, then the app's own modules (@/…), then relative imports, each group separated by a blank line.

/** @type {import("prettier").Config & import("@ianvs/prettier-plugin-sort-imports").PluginConfig} */
const config = {
  printWidth: 160,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "", "^@/(.*)$", "", "^[.]"],
  importOrderTypeScriptVersion: "5.0.0",
};

export default config;
