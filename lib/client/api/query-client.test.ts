import { makeQueryClient as makeClient, makeDefaultQueryFn, QUERY_GC_TIME_MS, queryKeys } from "./query-client";
import { ApiRequestError } from "./request";

// Each client is cleared after its test so no garbage-collection timer outlives the run.
const created: ReturnType<typeof makeClient>[] = [];
const makeQueryClient = (...args: Parameters<typeof makeClient>) => {
  const client = makeClient(...args);
  created.push(client);
  return client;
};
afterEach(() => created.splice(0).forEach((client) => client.clear()));

describe("makeQueryClient", () => {
  it("uses the spec's defaults", () => {
    const defaults = makeQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("fetches the key's parts joined with '/', once, without retrying a failure", async () => {
    const paths: string[] = [];
    const client = makeQueryClient(
      makeDefaultQueryFn(async (path) => {
        paths.push(path);
        throw new ApiRequestError(500, "Internal Server Error", "");
      }),
    );
    await expect(client.fetchQuery({ queryKey: queryKeys.session("abc") })).rejects.toThrow("500: Internal Server Error");
    expect(paths).toEqual(["/api/sessions/abc"]);
  });

  it("can return null on a 401 instead of failing", async () => {
    const unauthorized = async () => {
      throw new ApiRequestError(401, "Unauthorized", "");
    };
    const lenient = makeQueryClient(makeDefaultQueryFn(unauthorized, "returnNull"));
    await expect(lenient.fetchQuery({ queryKey: queryKeys.sessions() })).resolves.toBeNull();
  });
});

describe("makeDefaultQueryFn", () => {
  it("raises a 401 by default", async () => {
    const strict = makeQueryClient(
      makeDefaultQueryFn(async () => {
        throw new ApiRequestError(401, "Unauthorized", "");
      }),
    );
    await expect(strict.fetchQuery({ queryKey: queryKeys.sessions() })).rejects.toThrow("401: Unauthorized");
  });
});
