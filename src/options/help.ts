import { parseArgs } from 'node:util';
import { helpOptions, parseArgsOptions } from './table.js';
import { VERSION } from './version.js';

/**
 * What `unbreak --help` and `--version` print, and how the command line is read, with nothing
 * but the options table: the launcher answers them without loading the bundle (or on too old a Node).
 */
export const HELP = `unbreak ${VERSION}: fix failing tests with an LLM, and keep only a fix that passes.

Usage: unbreak --test "<test command>" [options]

Options:
${helpOptions()}
  -h, --help              show this help
  -V, --version           show the version

The API key comes from UNBREAK_API_KEY, else OPENAI_API_KEY.
Exit status: 0 fixed, nothing failing, or flaky; 1 not fixed, skipped or an error during the run;
2 usage error; 130 and 143 stopped by SIGINT (Ctrl-C) and SIGTERM.`;

export { VERSION };

export function parseCommandLine(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      ...parseArgsOptions(),
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'V' },
    },
  });
}

/** What the command line asks for, as far as the options table can tell: `invalid` is a usage error the CLI explains. */
export function askedFor(argv: string[]): 'help' | 'version' | 'run' | 'invalid' {
  try {
    const { values } = parseCommandLine(argv);
    return values.help ? 'help' : values.version ? 'version' : 'run';
  } catch {
    return 'invalid';
  }
}
