import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import type { Workspace } from '../workspace/workspace.js';
import { git } from '../workspace/git.js';

export const TOOLS: ChatCompletionFunctionTool[] = [
  {
    type: 'function',
    function: {
      name: 'read_file',
      description: 'Read a text file of the repository. Each line comes back prefixed by its number ("12: ..."). Large files come in parts: pass start_line/end_line.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Path relative to the repository root.' },
          start_line: { type: 'integer', description: 'First line to return (1-based).' },
          end_line: { type: 'integer', description: 'Last line to return (inclusive).' },
        },
        required: ['path'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'edit_file',
      description: 'Replace the one occurrence of old_text in the file with new_text. old_text must match exactly one place (copy it from read_file without the line numbers). An empty old_text creates a new file.',
      parameters: {
        type: 'object',
        properties: {
          path: { type: 'string', description: 'Path relative to the repository root.' },
          old_text: { type: 'string', description: 'The exact text to replace; empty to create a new file.' },
          new_text: { type: 'string', description: 'The replacement text.' },
        },
        required: ['path', 'old_text', 'new_text'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_files',
      description: 'List the files of the repository under a directory (tracked and untracked, not ignored).',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string', description: 'Directory relative to the repository root; empty for all.' } },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search',
      description: 'Search the repository for a fixed string (case-sensitive). Returns matching lines as path:line: text.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'The text to look for.' },
          path: { type: 'string', description: 'Limit the search to this directory or file.' },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
  },
];

const MAX_LIST = 300;
const MAX_MATCHES = 60;

/** Runs one tool call; every problem becomes an `Error: …` result the model can act on. */
export async function runTool(ws: Workspace, name: string, rawArgs: string): Promise<string> {
  try {
    return await dispatch(ws, name, rawArgs);
  } catch (error) {
    // A file system surprise (a file where a directory should be, a permission) is the model's
    // to hear about, not a reason to end the run.
    return `Error: ${name} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

async function dispatch(ws: Workspace, name: string, rawArgs: string): Promise<string> {
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(rawArgs || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'Error: the arguments must be a JSON object';
    args = parsed as Record<string, unknown>;
  } catch {
    return `Error: the arguments are not valid JSON (${truncate(rawArgs, 80)}); send a JSON object`;
  }
  const str = (key: string, required: boolean): string | undefined | Error => {
    const v = args[key];
    if (v === undefined || v === null) return required ? new Error(`missing required field "${key}"`) : undefined;
    if (typeof v !== 'string') return new Error(`field "${key}" must be a string`);
    return v;
  };
  const int = (key: string): number | undefined | Error => {
    const v = args[key];
    if (v === undefined || v === null) return undefined;
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) return new Error(`field "${key}" must be a positive integer`);
    return n;
  };
  const fields = <T extends unknown[]>(...values: T): T | string => {
    const bad = values.find((v) => v instanceof Error) as Error | undefined;
    return bad ? `Error: ${name}: ${bad.message}` : values;
  };

  switch (name) {
    case 'read_file': {
      const f = fields(str('path', true), int('start_line'), int('end_line'));
      if (typeof f === 'string') return f;
      const [p, start, end] = f as [string, number | undefined, number | undefined];
      return ws.readFile(p, start, end);
    }
    case 'edit_file': {
      const f = fields(str('path', true), str('old_text', true), str('new_text', true));
      if (typeof f === 'string') return f;
      const [p, oldText, newText] = f as [string, string, string];
      return ws.editFile(p, oldText, newText);
    }
    case 'list_files': {
      const f = fields(str('path', false));
      if (typeof f === 'string') return f;
      const [dir] = f as [string | undefined];
      if (dir) {
        const where = ws.guard.locate(dir);
        if (!where.ok) return `Error: ${where.reason}`;
      }
      const files = await ws.listFiles(dir ?? '');
      if (files.length === 0) return 'No files there.';
      const shown = files.slice(0, MAX_LIST).join('\n');
      return files.length > MAX_LIST ? `${shown}\n… and ${files.length - MAX_LIST} more; list a subdirectory` : shown;
    }
    case 'search': {
      const f = fields(str('query', true), str('path', false));
      if (typeof f === 'string') return f;
      const [query, dir] = f as [string, string | undefined];
      if (!query) return 'Error: search: query is empty';
      if (dir) {
        const where = ws.guard.locate(dir);
        if (!where.ok) return `Error: ${where.reason}`;
      }
      let out: string;
      try {
        out = await git(['grep', '-n', '-I', '-F', '--untracked', '-e', query, '--', dir || '.'], ws.root);
      } catch {
        return `No matches for "${truncate(query, 80)}".`;
      }
      const lines = out.split('\n').filter(Boolean).map((l) => truncate(l, 300));
      const shown = lines.slice(0, MAX_MATCHES).join('\n');
      return lines.length > MAX_MATCHES ? `${shown}\n… and ${lines.length - MAX_MATCHES} more matches; narrow the search` : shown;
    }
    default:
      return `Error: unknown tool "${truncate(name, 60)}"; the tools are ${TOOLS.map((t) => t.function.name).join(', ')}`;
  }
}

function truncate(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
