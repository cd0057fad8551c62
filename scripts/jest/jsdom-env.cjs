// jsdom with the platform's fetch API (Request, Response, Headers, streams, AbortController,
// BroadcastChannel) taken from Node, so ky runs in unit tests as in the browser; tests answer
// at the network edge by replacing fetch (shared/src/testing/fetch.ts).
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'TransformStream',
  'WritableStream',
  'AbortController',
  'AbortSignal',
  'BroadcastChannel',
  'structuredClone',
];

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    // A page's relative URLs resolve against its location, as in the browser.
    const page = this.global;
    this.global.Request = class Request extends globalThis.Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
      }
    };
  }
}

module.exports = JsdomWithFetch;
