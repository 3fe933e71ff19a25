import { describe, expect, it } from '@jest/globals';
import { cleanStart, secretEntries } from '../../src/start/clean-start.js';

// The re-exec itself is measured end to end (__tests__/action/hostile.test.ts, cli-hostile); here,
// what it takes out, and the fallback where Node cannot re-exec.

describe('clean start', () => {
  it('takes out exactly what the test command loses (the secret-name rule, README "How a fix is found and checked", step 1)', () => {
    const env = {
      PATH: '/bin',
      'INPUT_GITHUB-TOKEN': 't',
      'INPUT_TEST-COMMAND': 'npm test',
      GITHUB_TOKEN: 'g',
      AWS_SECRET_ACCESS_KEY: 'a',
      API_KEY: 'k',
      MONKEY: 'm',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'u',
      HOME: '/root', // path as data
    };
    expect(Object.keys(secretEntries(env)).sort()).toEqual([
      'ACTIONS_ID_TOKEN_REQUEST_URL',
      'API_KEY',
      'AWS_SECRET_ACCESS_KEY',
      'GITHUB_TOKEN',
      'INPUT_GITHUB-TOKEN',
      'INPUT_TEST-COMMAND',
    ]);
  });

  it('says so in the log, and carries on, where process.execve is missing', async () => {
    const proc = process as { execve?: unknown };
    const saved = proc.execve;
    process.env.UNBREAK_TEST_SECRET_TOKEN = 'x';
    delete proc.execve;
    const lines: string[] = [];
    try {
      await cleanStart((line) => lines.push(line));
    } finally {
      proc.execve = saved;
      delete process.env.UNBREAK_TEST_SECRET_TOKEN;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/process\.execve is not available .*test code can read them/);
  });
});
