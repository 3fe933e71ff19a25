import { describe, it, expect } from '@jest/globals';
import { foldEvents, type TestEvent } from '../../src/failures/events.js';

const ev = (kind: TestEvent['kind'], path: string[], result: TestEvent['result'], extra: Partial<TestEvent> = {}): TestEvent => ({
  kind,
  suites: path.slice(0, -1),
  name: path[path.length - 1]!,
  result,
  file: 'test/a.js',
  fileInId: false,
  ...extra,
});

describe('foldEvents: suites are not test cases', () => {
  it('drops a suite and a file that failed only because a case inside failed', () => {
    const r = foldEvents([
      ev('case', ['test/a.js', 'math', 'adds'], 'fail', { failure: { message: 'boom', locations: [] } }),
      ev('case', ['test/a.js', 'math', 'subtracts'], 'pass'),
      ev('suite', ['test/a.js', 'math'], 'fail'),
      ev('file', ['test/a.js'], 'fail'),
    ]);
    expect(r.failures.map((f) => [f.id, f.name, f.message])).toEqual([['test/a.js > math > adds', 'test/a.js > math > adds', 'boom']]);
    expect(r.passed).toEqual(['test/a.js > math > subtracts']);
    expect(r.cases).toBe(2);
  });

  it('keeps a suite that failed by itself, named as a suite, and one the runner says failed on its own', () => {
    const r = foldEvents([
      ev('suite', ['db'], 'fail', { failure: { message: 'beforeAll: no database', locations: [] } }),
      ev('case', ['api', 'gets'], 'fail'),
      ev('suite', ['api'], 'fail', { own: true, failure: { message: 'afterAll: leak', locations: [] } }),
    ]);
    expect(r.failures.map((f) => [f.id, f.name, f.synthetic ?? false])).toEqual([
      ['db', 'db (suite)', true],
      ['api > gets', 'api > gets', false],
      ['api', 'api (suite)', true],
    ]);
  });

  it('keeps what a repeat adds: a test that failed and then errored in teardown is one failure with both messages, and not a pass', () => {
    const r = foldEvents([
      ev('case', ['t'], 'pass', { id: 't' }),
      ev('case', ['t'], 'fail', { id: 't', failure: { message: 'assert 1 == 2', locations: [] } }),
      ev('case', ['t'], 'fail', { id: 't', failure: { message: 'teardown: file still open', locations: [] } }),
      ev('case', ['t'], 'fail', { id: 't', failure: { message: 'assert 1 == 2', locations: [] } }),
    ]);
    expect(r.failures.map((f) => [f.id, f.message])).toEqual([['t', 'assert 1 == 2\n\nteardown: file still open']]);
    expect(r.passed).toEqual([]);
  });

  it('merges duplicates and skips skipped cases', () => {
    const r = foldEvents([
      ev('case', ['a'], 'fail'),
      ev('case', ['a'], 'fail'),
      ev('case', ['b'], 'skip'),
      ev('case', ['c'], 'pass'),
      ev('case', ['c'], 'pass'),
    ]);
    expect(r.failures.map((f) => f.id)).toEqual(['a']);
    expect(r.passed).toEqual(['c']);
  });
});

describe('foldEvents: names on one line', () => {
  it('folds line breaks and control characters in names, suites, files and ids into spaces', () => {
    const r = foldEvents([
      ev('case', ['suite\r\nx', 'a\n\n`@alice`\u0007'], 'fail', { fileInId: true, file: 'test/a\n.js' }),
      ev('case', ['b\n\nc'], 'pass', { id: 'own\nid' }),
    ]);
    expect(r.failures.map((f) => [f.id, f.name, f.file])).toEqual([['test/a .js > suite x > a `@alice`', 'suite x > a `@alice`', 'test/a .js']]);
    expect(r.passed).toEqual(['own id']);
  });
});
