import { expect, it } from 'vitest';
import { dueDate, open } from '../src/scheduler.js';

it('Boxing Day is closed', () => expect(open('2025-12-26')).toBe(false));
it('a low ticket across the year end', () => expect(dueDate({ id: 'q', opened: '2025-12-19', priority: 'low' })).toBe('2026-01-07'));
it('open on February 1st', () => expect(open('2024-02-01')).toBe(true));
