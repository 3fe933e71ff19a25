import * as core from '@actions/core';
import { ConfigError, DEFAULT_JUNIT_GLOB, DEFAULT_MAX_TOKENS, DEFAULT_MODEL_TIMEOUT_S, DEFAULT_REQUEST_TOKENS, parseBoolOption, parseIntOption, resolveConfig, type Config } from './config.js';
import { runPipeline } from './pipeline.js';
import { resultObject } from './result.js';
import { consoleProgress } from './progress.js';
import { workTreeRoot } from './workspace/git.js';

/** Action inputs → config; empty inputs take their defaults, bad ones fail naming the input. */
export async function readInputs(): Promise<Config> {
  const input = (name: string) => core.getInput(name);
  const root = (await workTreeRoot(process.env.GITHUB_WORKSPACE || process.cwd())) ?? '';
  if (!root) throw new ConfigError('the workspace is not a git work tree; run actions/checkout before unbreak');
  const apiKey = input('api-key') || input('github-token') || process.env.GITHUB_TOKEN || '';
  if (apiKey) core.setSecret(apiKey);
  const testCommand = input('test-command');
  if (!testCommand.trim()) throw new ConfigError("input 'test-command' is required: the command that runs your tests, e.g. npm test");
  return resolveConfig(
    {
      root,
      testCommand,
      ...(input('setup-command') ? { setupCommand: input('setup-command') } : {}),
      testTimeoutSec: parseIntOption('testTimeoutSec', input('test-timeout'), 600, 1, 86_400, 'input'),
      maxAttempts: parseIntOption('maxAttempts', input('max-attempts'), 3, 1, 10, 'input'),
      model: input('model') || 'openai/gpt-4.1',
      baseUrl: (input('base-url') || 'https://models.github.ai/inference').replace(/\/+$/, ''),
      ...(apiKey ? { apiKey } : {}),
      allowTestEdits: parseBoolOption('allowTestEdits', input('allow-test-edits'), false, 'input'),
      protect: core.getMultilineInput('protected-paths'),
      dryRun: false,
      json: false,
      maxTokens: DEFAULT_MAX_TOKENS,
      requestTokens: DEFAULT_REQUEST_TOKENS,
      junitGlob: DEFAULT_JUNIT_GLOB,
      targetedReruns: true,
      stream: false,
      modelTimeoutSec: DEFAULT_MODEL_TIMEOUT_S,
    },
    'input',
  );
}

export async function run(): Promise<void> {
  try {
    const config = await readInputs();
    const log = consoleProgress((line) => core.info(line));
    const outcome = await runPipeline(config, { progress: log, secrets: [core.getInput('github-token')].filter(Boolean) });
    const result = resultObject(outcome);
    core.setOutput('status', result.status);
    core.setOutput('attempts', String(result.attempts));
    core.setOutput('delivery', 'none');
    core.setOutput('changed-files', result.changedFiles.join('\n'));
    core.info(`unbreak: ${outcome.status}: ${outcome.message}`);
    if (outcome.status === 'error') core.setFailed(outcome.message);
  } catch (error) {
    core.setOutput('status', 'error');
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}
