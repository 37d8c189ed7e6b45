import { defineConfig } from "prisma/config";

// Used by `prisma generate` and by `prisma migrate deploy` on a real deployment (DATABASE_URL set).
// Locally, scripts/db-migrate.mts applies the same migrations with the WASM schema engine (no engine download).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
