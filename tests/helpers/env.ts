// Sets environment variables for a test file and restores them afterwards (the app reads env on every call).
export function setEnvForFile(vars: Record<string, string | undefined>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [key, value] of Object.entries(vars)) {
      saved[key] = process.env[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}

export const NO_AI_KEYS = { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, GEMINI_API_KEY: undefined, GEMINI_BASE_URL: undefined };
export const NO_CLERK = { NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: undefined, CLERK_SECRET_KEY: undefined, CLERK_JWT_KEY: undefined };
