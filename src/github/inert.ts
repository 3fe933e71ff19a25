/**
 * Text that unbreak did not write (the model's account of its fix, verdict notes that quote test
 * names) made inert before people read it: in a comment, a review, the job summary or a commit
 * message it must not ping anyone, close an issue, load an image or a tracking pixel, open or
 * close HTML, or add a trailer (a co-author, a sign-off, the loop guard's own mark). A
 * prompt-injected model writes exactly such text. It stays readable: the characters are shown,
 * they just do nothing. The one place where this is done; every writer calls it where that text
 * enters.
 */

const ZWSP = '\u200b';

/** `markdown`: comments, reviews, the job summary (rendered). `commit`: a commit message (plain text). */
export type InertFor = 'markdown' | 'commit';

export function inert(text: string, where: InertFor = 'markdown'): string {
  let out = text
    // @user and @org/team, not an e-mail address.
    .replace(/(^|[^\w`])@(?=[\w-])/g, `$1@${ZWSP}`)
    // #12, org/repo#12, GH-12: references that link, and with "fixes" close issues on merge.
    .replace(/#(?=\d)/g, `#${ZWSP}`)
    .replace(/\b(GH)-(?=\d)/gi, `$1-${ZWSP}`)
    // Trailer-shaped lines (`Co-authored-by: …`): git and GitHub read them from the message.
    .replace(/^([ \t]*[A-Za-z0-9][A-Za-z0-9-]*)([ \t]*):/gm, `$1${ZWSP}$2:`);
  if (where === 'markdown') {
    out = out
      // HTML of any kind (<img>, <details>, </details>, <!-- -->) shows as text.
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      // Images and links, inline or by reference: `![x](url)`, `[x](url)`, `[x]: url`.
      .replace(/[[\]!]/g, (c) => `\\${c}`)
      // Raw URLs GitHub would link: shown, not linked.
      .replace(/\b(https?|ftp|mailto|data|javascript):/gi, `$1${ZWSP}:`)
      .replace(/\bwww\./gi, `www${ZWSP}.`);
  }
  return out;
}
