import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const serverOnly = {
  patterns: [{ group: ["@/lib/server/*", "**/lib/server/*"], message: "lib/domain and lib/client never import lib/server." }],
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [".next/**", ".next-*/**", "node_modules/**", ".data/**", "lib/server/generated/**", "next-env.d.ts", "test-results*/**", "playwright-report*/**"],
  },
  // CommonJS tooling files (Jest transformers) load with require().
  { files: ["**/*.cjs"], rules: { "@typescript-eslint/no-require-imports": "off" } },
  { files: ["lib/domain/**", "lib/client/**", "components/**"], rules: { "no-restricted-imports": ["error", serverOnly] } },
  {
    files: ["lib/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...serverOnly.patterns,
            { group: ["@/lib/client/*", "@/components/*", "react", "next", "next/*", "@prisma/*"], message: "lib/domain is pure TypeScript." },
          ],
        },
      ],
    },
  },
];

export default config;
