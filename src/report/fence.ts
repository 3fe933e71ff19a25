/**
 * A Markdown code fence that the content cannot close: one backtick longer than the longest
 * run of backticks inside it. Fixed fences let a line of the fix (or a file name) end the block
 * early, and what GitHub shows or applies is then not the verified fix.
 */
export function fenceFor(content: string, min = 3): string {
  let longest = 0;
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(min, longest + 1));
}

/** `content` in a fenced block with an info string (`diff`, `suggestion`). */
export function fenced(content: string, info: string, min = 3): string {
  const ticks = fenceFor(content, min);
  return `${ticks}${info}\n${content.replace(/\n$/, '')}\n${ticks}`;
}

/** A fence longer than any run of backticks inside, so a patch that contains ``` stays one block. */
export function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${text.replace(/\n$/, '')}\n${ticks}`;
}
