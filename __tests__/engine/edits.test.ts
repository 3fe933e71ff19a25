import { afterEach, describe, expect, it } from '@jest/globals';
import { countEdits, editKind } from '../../src/engine/edits.js';
import { Workspace } from '../../src/workspace/workspace.js';
import { makeRepo } from '../../testkit/repo.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.forEach((c) => c());
  cleanups = [];
});

describe('editKind', () => {
  it('sorts the workspace’s real edit results into applied, refused, no-match and invalid', () => {
    const r = makeRepo({ 'src/a.js': 'const a = 1;\nconst b = 1;\n', 'test/a.test.js': 't\n' });
    cleanups.push(r.cleanup);
    const ws = new Workspace(r.dir, { protect: ['docs/**'], allowTestEdits: false });
    ws.edit('src/a.js', 'const a = 1;', 'const a = 2;');
    ws.edit('src/a.js', '  const   a = 2;', 'const a = 3;');
    ws.edit('test/a.test.js', 't', 'u');
    ws.edit('docs/x.md', '', 'x');
    ws.edit('../outside.js', '', 'x');
    ws.edit('.git/config', 'a', 'b');
    ws.edit('src/a.js', 'const c = 1;', 'const c = 2;');
    ws.edit('src/a.js', 'const', 'let');
    ws.edit('src/missing.js', 'x', 'y');
    ws.edit('src/a.js', 'const b = 1;', 'const b = 1;');
    ws.edit('src/a.js', '', 'new');
    expect(ws.edits.map(editKind)).toEqual([
      'applied',
      'applied',
      'refused',
      'refused',
      'refused',
      'refused',
      'no-match',
      'no-match',
      'no-match',
      'invalid',
      'invalid',
    ]);
    expect(countEdits(ws.edits)).toEqual({ applied: 2, refused: 4, 'no-match': 3, invalid: 2 });
  });
});
