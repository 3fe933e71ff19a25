import type { Task } from './types.ts';

const MARK = { todo: '[ ]', doing: '[~]', done: '[x]' } as const;

/** One line per task: "[~] #3 Write docs (@kim, due 2024-05-01)". */
export function formatTask(task: Task): string {
  const extras: string[] = [];
  if (task.assignee) extras.push(`@${task.assignee}`);
  if (task.due) extras.push(`due ${task.due}`);
  return `${MARK[task.status]} #${task.id} ${task.title}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

/** Tasks grouped under their status, in board order. */
export function formatBoard(tasks: Task[]): string {
  const out: string[] = [];
  for (const status of ['todo', 'doing', 'done'] as const) {
    const group = tasks.filter((t) => t.status === status);
    if (group.length) out.push(`${status.toUpperCase()}`, ...group.map((t) => `  ${formatTask(t)}`));
  }
  return out.join('\n');
}
