import type { EnvironmentContext, JestEnvironmentConfig } from "@jest/environment";
import { TestEnvironment } from "jest-environment-jsdom";

/**
 * jsdom with Node's fetch, for browser code whose requests msw answers (`@jest-environment ./tests/setup/jsdom-with-fetch.ts`).
 * jsdom has no fetch, Request or Response, and msw needs them along with the streams and encoders they use; the signals
 * are Node's too, since Node's fetch refuses jsdom's. Modules resolve as in Node, so `msw/node` loads rather than the
 * browser build. A relative path ("/api/...") is resolved against jsdom's location by msw, as a browser would.
 */
export default class JsdomWithFetch extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.customExportConditions = [""];
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      Blob,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      TextEncoderStream,
      TextDecoderStream,
      ReadableStream,
      WritableStream,
      TransformStream,
      BroadcastChannel,
      structuredClone,
    });
  }
}
