import { describe, expect, it } from 'vitest';
import { dueDate, open, overdue, type Ticket } from '../src/scheduler.js';

const t = (id: string, opened: string, priority: Ticket['priority']): Ticket => ({ id, opened, priority });

describe('dueDate', () => {
  it('counts workdays', () => expect(dueDate(t('a', '2024-03-04', 'normal'))).toBe('2024-03-07'));
  it('skips weekends', () => expect(dueDate(t('b', '2024-03-08', 'high'))).toBe('2024-03-11'));
  it('skips Christmas', () => expect(dueDate(t('c', '2024-12-23', 'normal'))).toBe('2024-12-30'));
  it('skips New Year', () => expect(dueDate(t('d', '2024-12-31', 'high'))).toBe('2025-01-02'));
  it('moves an urgent weekend ticket to Monday', () => expect(dueDate(t('e', '2024-03-09', 'urgent'))).toBe('2024-03-11'));
});

describe('overdue', () => {
  it('lists overdue tickets, oldest due first', () => {
    const list = [t('x', '2024-03-01', 'low'), t('y', '2024-03-04', 'high'), t('z', '2024-03-07', 'normal')];
    expect(overdue(list, '2024-03-08').map((x) => x.id)).toEqual(['y']);
  });
});

describe('open', () => {
  it('closed on Labour Day', () => expect(open('2024-05-01')).toBe(false));
  it('open on a Tuesday', () => expect(open('2024-05-07')).toBe(true));
});
