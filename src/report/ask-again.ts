import type { ReportContext } from './report-context.js';

/** The footer's facts: what this workflow answers to, as far as the event that started it shows. */
export type Footer = NonNullable<ReportContext['footer']>;

const code = (t: string) => `\`${t.replace(/`/g, "'")}\``;

/**
 * How a person starts unbreak again, naming only what this workflow is known to answer to: a
 * workflow started by a push may have no label or comment trigger at all, and a phrase or label
 * it does not answer to would be a dead end.
 */
export function askAgain(footer: Footer | undefined): string {
  if (!footer) return '';
  const { label, command, answers } = footer;
  // Without the event (older callers), the inputs are all there is to go on.
  const via = answers ?? { label: true, comment: true };
  const ways = [...(via.label ? [`add the ${code(label)} label again`] : []), ...(via.comment ? [`comment ${code(command)}`] : [])];
  if (ways.length) return ways.join(' or ');
  return answers?.event === 'workflow_run' ? 'push a commit to this PR (its checks start this workflow)' : 'push a commit to this PR';
}

/** Asking with instructions needs the comment trigger; when this workflow lacks it, what to add. */
export function askWithInstructions(footer: Footer | undefined): string {
  if (!footer) return 'run again with instructions for the model (where to look, what the tests expect)';
  if (!footer.answers || footer.answers.comment)
    return `comment ${code(`${footer.command} <instructions>`)} to tell the model where to look or what the tests expect`;
  return `to tell the model where to look, add \`issue_comment\` to the workflow's \`on:\` (as in the README's on-demand workflow), then comment ${code(`${footer.command} <instructions>`)}`;
}

/** For a workflow with neither trigger: what to add to the workflow to get them. */
export function missingTriggers(footer: Footer | undefined): string {
  const a = footer?.answers;
  if (!a || a.label || a.comment) return '';
  return "to ask by label or comment, add `pull_request: types: [labeled]` or `issue_comment` to the workflow's `on:`";
}
