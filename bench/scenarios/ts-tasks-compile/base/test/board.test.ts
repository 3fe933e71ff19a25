import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TaskStore } from '../src/store.ts';
import { formatBoard, formatTask } from '../src/format.ts';

test('formats a task with its assignee and due date', () => {
  const store = new TaskStore();
  const t = store.add('Write docs', { due: '2024-05-01' });
  store.assign(t.id, 'kim');
  store.move(t.id, 'doing');
  assert.equal(formatTask(t), '[~] #1 Write docs (@kim, due 2024-05-01)');
});

test('filters by assignee', () => {
  const store = new TaskStore();
  store.add('a');
  store.assign(store.add('b').id, 'lee');
  assert.deepEqual(store.list({ assignee: 'lee' }).map((t) => t.title), ['b']);
});

test('renders the board in order', () => {
  const store = new TaskStore();
  store.add('plan');
  store.move(store.add('ship').id, 'done');
  assert.equal(formatBoard(store.list()), 'TODO\n  [ ] #1 plan\nDONE\n  [x] #2 ship');
});
