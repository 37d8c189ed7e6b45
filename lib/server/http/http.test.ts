/** @jest-environment node */
import { z } from "zod";

import { Prisma } from "@/lib/server/db";

import { ApiError, DATABASE_BUSY_MESSAGE, describeForLog, errorResponse } from "./errors";
import { withErrors } from "./handler";
import { describeSize, parseJson } from "./parse-json";

const schema = z.object({ name: z.string().min(1).max(10), count: z.number().int().max(5) });

function jsonRequest(body: string, headers: Record<string, string> = {}) {
  return new Request("http://test/api/x", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
}

const handler = withErrors(async (request) => Response.json(await parseJson(request, schema, { limitBytes: 100 })));
const call = (request: Request) => handler(request, { params: Promise.resolve({}) });

describe("parseJson through the catch-all", () => {
  it("passes a valid body", async () => {
    const response = await call(jsonRequest('{"name":"Ana","count":2}'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Ana", count: 2 });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 400 on malformed JSON", async () => {
    const response = await call(jsonRequest('{"name":'));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("Request body is not valid JSON.");
  });

  it("answers 400 on an empty body", async () => {
    const response = await call(jsonRequest(""));
    expect(response.status).toBe(400);
  });

  it("answers 400 naming the failing fields on a schema error", async () => {
    const response = await call(jsonRequest('{"name":"","count":9}'));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatch(/^Invalid request: /);
    expect(error).toContain("name");
    expect(error).toContain("count");
  });

  it("answers 400 on a body nested deeper than the limit without building it first", async () => {
    const deep = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    const deepHandler = withErrors(async (request) => Response.json(await parseJson(request, z.unknown(), { limitBytes: 20_000 })));
    const parse = jest.spyOn(JSON, "parse");
    try {
      const response = await deepHandler(jsonRequest(deep), { params: Promise.resolve({}) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "Invalid request: body: JSON is nested more than 32 levels deep" });
      expect(parse.mock.calls.some(([text]) => text === deep)).toBe(false);
    } finally {
      parse.mockRestore();
    }
  });

  it("answers 413 when the declared length is over the limit", async () => {
    const response = await call(jsonRequest("{}", { "content-length": "5000" }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "Request body is too large (limit 100 bytes)." });
  });

  it.each([
    [100, "100 bytes"],
    [2048, "2 KB"],
    [1024 * 1024, "1.0 MB"],
    [6 * 1024 * 1024, "6.0 MB"],
  ])("says a limit of %s bytes as %s", (bytes, said) => {
    expect(describeSize(bytes)).toBe(said);
  });

  it("answers 413 when a streamed body passes the limit without a declared length", async () => {
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('"xxxxxxxxxxxxxxxxxxxx"'));
        controller.close();
      },
    });
    const request = new Request("http://test/api/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    const response = await call(request);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
  });
});

describe("a client gone mid-request", () => {
  /** A body cut short: part of the JSON, then the client disconnects and the read fails with it. */
  function cutShort(client: AbortController) {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"An'));
      },
      pull(controller) {
        client.abort();
        controller.error(new TypeError("terminated"));
      },
    });
    return new Request("http://test/api/x", { method: "POST", body, duplex: "half", signal: client.signal } as RequestInit);
  }

  it("is answered 499 and not logged as our error; the same failure with the client still there is a logged 500", async () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const gone = await call(cutShort(new AbortController()));
      expect(gone.status).toBe(499);
      expect(await gone.json()).toEqual({ error: "The request was cancelled.", code: "client_closed_request" });
      expect(log).not.toHaveBeenCalled();

      const failing = withErrors(async () => {
        throw new TypeError("terminated");
      });
      expect((await failing(jsonRequest("{}"), { params: Promise.resolve({}) })).status).toBe(500);
      expect(log).toHaveBeenCalledTimes(1);
    } finally {
      log.mockRestore();
    }
  });
});

describe("errorResponse", () => {
  it("maps ApiError codes to statuses with their details", async () => {
    const response = errorResponse(new ApiError("not_found", "Session not found", { failedSessionId: "abc" }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Session not found", code: "not_found", failedSessionId: "abc" });
  });

  it.each([
    [
      "no pool connection in time (P2028)",
      new Prisma.PrismaClientKnownRequestError("Unable to start a transaction in the given time.", { code: "P2028", clientVersion: "7" }),
    ],
    [
      "a deadlock (P2034)",
      new Prisma.PrismaClientKnownRequestError("Transaction failed due to a write conflict or a deadlock.", { code: "P2034", clientVersion: "7" }),
    ],
    [
      "a lock not had within lock_timeout (55P03)",
      new Prisma.PrismaClientKnownRequestError("Raw query failed.", {
        code: "P2010",
        clientVersion: "7",
        meta: { driverAdapterError: { cause: { originalCode: "55P03" } } },
      }),
    ],
    [
      "a statement past statement_timeout (57014), a model query's P2039 as adapter-pg gives it",
      new Prisma.PrismaClientKnownRequestError("Invalid `findMany()` invocation: canceling statement due to statement timeout", {
        code: "P2039",
        clientVersion: "7",
        meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: "57014", kind: "postgres" } } },
      }),
    ],
    // pg-pool's own error, passed on by the adapter as it is: no code, only its fixed message.
    ["no pool connection within the pool's connect bound", new Error("timeout exceeded when trying to connect")],
  ])("answers a busy database (%s) with a 503 and Retry-After, not a 500", async (_, error) => {
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    const response = errorResponse(error);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await response.json()).error).toBe(DATABASE_BUSY_MESSAGE);
    log.mockRestore();
  });

  it("answers a write refused by a session's foreign key (the session deleted meanwhile, P2003) with a 404", async () => {
    const response = errorResponse(new Prisma.PrismaClientKnownRequestError("Foreign key constraint violated", { code: "P2003", clientVersion: "7" }));
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe("Session not found");
  });

  it("hides unexpected errors behind a generic 500 and logs only the cause", async () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    const response = errorResponse(new Error("connection string postgres://secret"));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("secret");
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls.flat().join(" ")).not.toContain("secret");
    log.mockRestore();
  });

  it("logs an unexpected error by its name and where it was thrown, never a message that can quote the request", () => {
    let parseError: unknown;
    try {
      JSON.parse("Ana: my secret words");
    } catch (error) {
      parseError = error;
    }
    const described = describeForLog(parseError);
    expect(described).toMatch(/^SyntaxError \(at /);
    expect(described).not.toContain("secret");
    expect(describeForLog("Ana: a thrown string")).toBe("a thrown string");
    // A message whose own lines look like stack frames stays out too.
    let multiline: unknown;
    try {
      JSON.parse("Ana:\nat home we fought about money");
    } catch (error) {
      multiline = error;
    }
    expect(describeForLog(multiline)).not.toContain("home");
    // Node's argument errors quote the value.
    let nodeArgument: unknown;
    try {
      Buffer.alloc("Ana: my secret words" as unknown as number);
    } catch (error) {
      nodeArgument = error;
    }
    expect(describeForLog(nodeArgument)).toMatch(/^TypeError ERR_INVALID_ARG_TYPE \(at /);
    expect(describeForLog(nodeArgument)).not.toContain("secret");
    // V8's own forms name the code: kept, since they say what went wrong.
    const reading = (() => {
      try {
        return (undefined as unknown as { cards: unknown }).cards;
      } catch (error) {
        return error;
      }
    })();
    expect(describeForLog(reading)).toMatch(/^TypeError: Cannot read properties of undefined \(reading 'cards'\) \(at /);
  });
});

describe("errorResponse for database errors", () => {
  const known = (code: string) =>
    new Prisma.PrismaClientKnownRequestError("Invalid `create()` invocation: transcript 'we need to talk'", { code, clientVersion: "7" });
  let log: jest.SpyInstance;
  beforeEach(() => {
    log = jest.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => log.mockRestore());
  const logged = () => log.mock.calls.map((args) => args.join(" ")).join("\n");

  it.each([
    ["a unique constraint lost to a concurrent request (P2002)", known("P2002"), 409, "conflict"],
    ["a record deleted between lookup and write (P2025)", known("P2025"), 404, "not_found"],
    ["a row added to a session deleted meanwhile (P2003)", known("P2003"), 404, "not_found"],
    ["a database that cannot be reached (P1001)", known("P1001"), 503, "unavailable"],
    [
      "a refused connection, wrapped",
      Object.assign(new Error("driver failed"), { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) }),
      503,
      "unavailable",
    ],
    ["a client that could not start", new Prisma.PrismaClientInitializationError("Can't reach database server", "7"), 503, "unavailable"],
    // node-postgres' own errors, passed on by the adapter as they are: no code, only their fixed messages.
    [
      "no handshake within the pool's connect bound",
      new Error("Connection terminated due to connection timeout", { cause: new Error("Connection terminated unexpectedly") }),
      503,
      "unavailable",
    ],
    ["no answer to a statement within its read bound (a half-open connection)", new Error("Query read timeout"), 503, "unavailable"],
    ["the connection cut mid-statement", new Error("Connection terminated unexpectedly"), 503, "unavailable"],
  ])("answers %s with its status", async (_, error, status, code) => {
    const response = errorResponse(error);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
  });

  it("answers a row refused for an erased account as a caller nobody knows, and logs nothing", async () => {
    const refused = new Prisma.PrismaClientKnownRequestError("Database error. Code: `EA001`. transcript 'we need to talk'", {
      code: "P2039",
      clientVersion: "7",
      meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: "EA001", kind: "postgres" } } },
    });
    const response = errorResponse(refused);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Please sign in to continue.", code: "unauthorized" });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs node-postgres' fixed timeout messages, which quote nothing, and no other message of a plain Error", () => {
    errorResponse(new Error("Query read timeout"));
    errorResponse(new Error("timeout exceeded when trying to connect"));
    expect(logged()).toContain("the database cannot be reached: Error: Query read timeout");
    expect(logged()).toContain("the database is busy: Error: timeout exceeded when trying to connect");
    expect(describeForLog(new Error("Query read timeout for 'we need to talk'"))).not.toContain("we need to talk");
  });

  it("never logs or answers Prisma's message, which can quote a transcript", async () => {
    for (const code of ["P2002", "P2000", "P1001"]) {
      const response = errorResponse(known(code));
      expect(JSON.stringify(await response.json())).not.toContain("we need to talk");
    }
    expect(logged()).toContain("PrismaClientKnownRequestError P2000");
    expect(logged()).not.toContain("we need to talk");
  });
});
