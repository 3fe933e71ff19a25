import { describe, expect, it } from '@jest/globals';
import { jobTokenKeyProblem } from '../../src/options/action-inputs.js';

// The job's token is a model key for GitHub Models' own host only (README, input api-key).
const JOB = 'ghs_jobtoken0123456789';

describe('jobTokenKeyProblem', () => {
  it.each(['https://models.github.ai/inference', 'https://models.github.ai/orgs/acme/inference', 'https://MODELS.github.ai/inference/'])(
    'GitHub Models (%s): an empty key or the job token is fine',
    (url) => {
      expect(jobTokenKeyProblem('', JOB, url)).toBeUndefined();
      expect(jobTokenKeyProblem(JOB, JOB, url)).toBeUndefined();
    },
  );

  it.each([
    'https://api.openai.com/v1',
    'http://127.0.0.1:11434/v1',
    'https://models.github.ai.evil.example/v1',
    'https://evil.example/models.github.ai/inference',
  ])('another server (%s): an empty key or the job token is one line that says what to change', (url) => {
    const empty = jobTokenKeyProblem('', JOB, url);
    expect(empty).toMatch(/^input 'api-key' is empty/);
    expect(empty).toMatch(/unset, misspelled, or withheld from a fork's PR under pull_request/);
    expect(empty).toContain(url);
    expect(empty).not.toContain('\n');
    const token = jobTokenKeyProblem(JOB, JOB, url);
    expect(token).toMatch(/^input 'api-key' is the job's token/);
    expect(token).not.toContain(JOB);
  });

  it('another server with its own key: fine', () => {
    expect(jobTokenKeyProblem('sk-own-key', JOB, 'https://api.openai.com/v1')).toBeUndefined();
  });
});
