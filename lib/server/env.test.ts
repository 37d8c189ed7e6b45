import { getEnv } from "./env";

jest.mock("server-only", () => ({}));

// getEnv() is read several times per request: it parses again only when a variable has changed.

const saved = { ...process.env };
afterEach(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

test("unchanged variables give the same parsed object; a change, an addition or a removal is seen at the next call", () => {
  process.env.RATE_LIMIT_AI_PER_IP = "7";
  const first = getEnv();
  expect(first.RATE_LIMIT_AI_PER_IP).toBe(7);
  expect(getEnv()).toBe(first);

  process.env.RATE_LIMIT_AI_PER_IP = "8";
  expect(getEnv().RATE_LIMIT_AI_PER_IP).toBe(8);

  process.env.FEEDBACK_EMAIL = "team@example.org";
  expect(getEnv().FEEDBACK_EMAIL).toBe("team@example.org");
  delete process.env.FEEDBACK_EMAIL;
  expect(getEnv().FEEDBACK_EMAIL).toBe("feedback@retro-coach.app");

  // Set to the empty string is unset for the schema, but still a change to look at.
  process.env.OPENAI_API_KEY = "sk-test";
  expect(getEnv().OPENAI_API_KEY).toBe("sk-test");
  process.env.OPENAI_API_KEY = "";
  expect(getEnv().OPENAI_API_KEY).toBeUndefined();
});

test("an invalid environment throws at every call, and a valid one after it is parsed afresh", () => {
  process.env.RATE_LIMIT_AI_PER_IP = "many";
  expect(() => getEnv()).toThrow("Invalid environment configuration: RATE_LIMIT_AI_PER_IP");
  expect(() => getEnv()).toThrow("Invalid environment configuration");
  process.env.RATE_LIMIT_AI_PER_IP = "3";
  expect(getEnv().RATE_LIMIT_AI_PER_IP).toBe(3);
});

test("the shared result cannot be changed by one caller for the others", () => {
  const env = getEnv();
  expect(Object.isFrozen(env)).toBe(true);
  expect(() => {
    (env as { FEEDBACK_EMAIL: string }).FEEDBACK_EMAIL = "changed@example.org";
  }).toThrow(TypeError);
});

test("a production server parses its environment once and keeps it", () => {
  const env = process.env as Record<string, string | undefined>;
  env.NODE_ENV = "production";
  env.RATE_LIMIT_AI_PER_IP = "7";
  let production: typeof import("./env") | undefined;
  jest.isolateModules(() => {
    production = jest.requireActual<typeof import("./env")>("./env");
  });
  const first = production!.getEnv();
  expect(first.RATE_LIMIT_AI_PER_IP).toBe(7);
  env.RATE_LIMIT_AI_PER_IP = "8";
  expect(production!.getEnv()).toBe(first);
  // The same change is seen outside production (the module loaded above, under NODE_ENV=test).
  expect(getEnv().RATE_LIMIT_AI_PER_IP).toBe(8);
});

test("CLERK_AUTHORIZED_PARTIES is a list of origins: paths and spaces dropped, anything else refused", () => {
  process.env.CLERK_AUTHORIZED_PARTIES = " https://coach.example/ , http://localhost:3000/app ";
  expect(getEnv().CLERK_AUTHORIZED_PARTIES).toEqual(["https://coach.example", "http://localhost:3000"]);
  process.env.CLERK_AUTHORIZED_PARTIES = "";
  expect(getEnv().CLERK_AUTHORIZED_PARTIES).toBeUndefined();
  process.env.CLERK_AUTHORIZED_PARTIES = "coach.example";
  expect(() => getEnv()).toThrow("Invalid environment configuration: CLERK_AUTHORIZED_PARTIES");
});
