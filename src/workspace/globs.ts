import picomatch from 'picomatch';

/**
 * picomatch over `globs`, with a cheap screen in front: a path can match a glob only if it holds the
 * glob's longest literal run (`**\/*.test.*` needs `.test.`), compared the way the match itself
 * compares (the same regex flags, so the same case folding). Most paths of a large repository hold
 * none of them and are answered by one regex scan instead of ~20 glob regexes (10,000 paths took
 * ~0.1 s of CPU). A glob with braces, classes, extglobs, escapes or no literal at all turns the
 * screen off.
 */
export function screenedMatcher(globs: string[], options: picomatch.PicomatchOptions): (path: string) => boolean {
  const match = joined(globs, options);
  const literals = globs.map((g) => (/[[\]{}()!+@?\\]/.test(g) ? '' : g.split(/[*/]+/).reduce((a, b) => (b.length > a.length ? b : a), '')));
  if (!globs.length || literals.some((l) => !l)) return match;
  const flags = picomatch.makeRe(globs[0]!, options).flags.replace('g', '');
  const screen = new RegExp(literals.map((l) => l.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|'), flags);
  return (path) => screen.test(path) && match(path);
}

/**
 * picomatch over `globs`, with every glob's regular expression joined into one: picomatch's own
 * matcher for a list tries the globs one by one, each call with its own result object (~2 µs a path
 * for ~45 globs). Same answers: a glob's matcher is "the path is the glob itself, or the glob's
 * expression matches it".
 */
function joined(globs: string[], options: picomatch.PicomatchOptions): (path: string) => boolean {
  const expressions = globs.map((glob) => picomatch.makeRe(glob, options));
  if (!expressions.length || expressions.some((e) => e.flags !== expressions[0]!.flags)) return picomatch(globs, options);
  const one = new RegExp(expressions.map((e) => `(?:${e.source})`).join('|'), expressions[0]!.flags);
  const literal = new Set(globs);
  return (path) => path !== '' && (literal.has(path) || one.test(path));
}
