import { sanitize } from './redact.js';
import { type Context, withTokens } from './context.js';
import { readText } from './repo-text.js';

export interface NaiveContextInput {
  root: string;
  testCommand: string;
  /** The whole output of the failing run. */
  log: string;
  /** `git diff` of the branch against its base: the files it names are shown whole. */
  diff?: string;
}

/**
 * The baseline the benchmark compares against: what one gets by pasting the whole test log and
 * every file the branch changed, whole, with no budget and no choosing.
 */
export function buildNaiveContext(input: NaiveContextInput): Context {
  const shownRanges: Context['shownRanges'] = [];
  const parts = [`The test command \`${input.testCommand}\` fails. Fix the code so that the tests pass; the tests are correct.`];
  parts.push(`## Test output\n\n\`\`\`\n${sanitize(input.log.trim())}\n\`\`\``);
  const files = [...new Set([...(input.diff ?? '').matchAll(/^\+\+\+ b\/(.+)$/gm)].map((m) => m[1]!))];
  for (const file of files) {
    const content = readText(input.root, file);
    if (content === undefined) continue;
    const lines = content.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
    parts.push(`## ${file} (changed on this branch, whole file)\n\n\`\`\`\n${lines.map((l, i) => `${i + 1}: ${l}`).join('\n')}\n\`\`\``);
    shownRanges.push({ file, start: 1, end: lines.length });
  }
  parts.push('Make the smallest correct change with edit_file. When you are done, answer with a one-paragraph summary and no tool call.');
  const text = parts.join('\n\n');
  return withTokens({ text, shownFiles: shownRanges.map((r) => r.file), shownRanges });
}
