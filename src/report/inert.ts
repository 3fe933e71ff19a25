/**
 * Text that unbreak did not write (the model's account of its fix, verdict notes that quote test
 * names) made inert before people read it: in a comment, a review, the job summary or a commit
 * message it must not ping anyone, close an issue, load an image or a tracking pixel, open or
 * close HTML, or add a trailer (a co-author, a sign-off, the loop guard's own mark). A
 * prompt-injected model writes exactly such text. It stays readable: the characters are shown,
 * they just do nothing. The one place where this is done; every writer calls it where that text
 * enters.
 */

import { oneLine } from '../failures/text.js';

const ZWSP = '\u200b';

/**
 * `markdown`: comments, reviews, the job summary (rendered). `html`: text inside an HTML block of
 * them (a `<summary>`), where Markdown escapes would show. `commit`: a commit message (plain text).
 */
export type InertFor = 'markdown' | 'html' | 'commit';

export function inert(text: string, where: InertFor = 'markdown'): string {
  let out = text
    // @user and @org/team after anything at all: after a word character (`_@alice_` is emphasis
    // that mentions), after an unpaired backtick, in an e-mail address (still readable).
    .replace(/@/g, `@${ZWSP}`)
    // #12, org/repo#12, GH-12: references that link, and with "fixes" close issues on merge.
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\b(GH)-(?=\d)/gi, `$1-${ZWSP}`)
    // Trailer-shaped lines (`Co-authored-by: …`): git and GitHub read them from the message.
    .replace(/^([ \t]*[A-Za-z0-9][A-Za-z0-9-]*)([ \t]*):/gm, `$1${ZWSP}$2:`);
  if (where !== 'commit') {
    // HTML of any kind (<img>, <details>, </details>, <!-- -->) shows as text.
    out = out
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Raw URLs GitHub would link: shown, not linked.
      .replace(/\b(https?|ftp|mailto|data|javascript):/gi, `$1${ZWSP}:`)
      .replace(/\bwww\./gi, `www${ZWSP}.`);
  }
  // Images and links, inline or by reference: `![x](url)`, `[x](url)`, `[x]: url`.
  if (where === 'markdown') out = out.replace(/[[\]!]/g, (c) => `\\${c}`);
  return out;
}

/**
 * Outside text (a test id, a file or branch name, a command) as one inline code span that nothing
 * inside can end early: on one line, no backtick, and at most `max` characters. Code spans render
 * no Markdown or HTML; `@` and `#12` still get their zero-width space, so the text pings and links
 * nothing if a reader's renderer (an e-mail notification, a chat integration) disagrees.
 */
export function inertCode(text: string, max = 300): string {
  let one = oneLine(text).replace(/`/g, "'").trim();
  if (one.length > max) one = `${one.slice(0, max)}…`;
  return `\`${one.replace(/@/g, `@${ZWSP}`).replace(/#(?=\d)/g, `#${ZWSP}`) || ' '}\``;
}
