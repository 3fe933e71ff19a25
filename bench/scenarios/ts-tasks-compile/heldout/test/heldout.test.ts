import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatTask } from '../src/format.ts';

test('a task with an owner and no date', () => {
  assert.equal(formatTask({ id: 9, title: 'Review', status: 'todo', owner: 'max' }), '[ ] #9 Review (@max)');
});
