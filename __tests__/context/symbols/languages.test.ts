import { describe, expect, it } from '@jest/globals';
import { languagesOf, loadedLanguages, loadParsers } from '../../../src/context/symbols/parser.js';

describe('the grammars a run compiles', () => {
  it('are those of the repository’s languages, each compiled once', async () => {
    expect(languagesOf(['setup.py', 'pkg/core.py', 'README.md', 'web/app.tsx'])).toEqual(['python', 'tsx']);
    expect(await loadParsers(languagesOf(['setup.py', 'pkg/core.py', 'README.md']))).toEqual([]);
    expect(loadedLanguages()).toEqual(['python']);
    expect(await loadParsers(['go', 'python'])).toEqual([]);
    expect(loadedLanguages()).toEqual(['go', 'python']);
  });
});
