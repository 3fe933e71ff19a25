import type { Reader } from '../test-report.js';
import { boundLines } from '../text.js';

/** Every reader is built through this, so none can be fed a line long enough to make its patterns stall. */
export function boundedReader(reader: Reader): Reader {
  return { name: reader.name, read: (input) => reader.read({ ...input, output: boundLines(input.output) }) };
}
