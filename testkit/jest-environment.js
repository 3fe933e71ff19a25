// jest.config.js testEnvironment: jest's node environment, plus the o200k counter the model-server
// double counts usage with (testkit/model-server.ts). Jest loads this file with Node's own loader,
// once per worker process, so the counter's tables (about 3 s of CPU to compile and build) are built
// once per worker rather than again in every test file's module registry.
import { TestEnvironment } from 'jest-environment-node';
import { createRequire } from 'node:module';

let count;

/** src/context/o200k.ts's count: special-token text counted as plain text. */
function o200k(text) {
  if (!count) {
    const { encode } = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base');
    const none = new Set();
    count = (t) => encode(t, { allowedSpecial: none, disallowedSpecial: none }).length;
  }
  return count(text);
}

export default class UnbreakTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__unbreakO200k = o200k;
  }
}
