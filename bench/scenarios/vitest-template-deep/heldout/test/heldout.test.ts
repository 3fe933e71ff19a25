import { expect, it } from 'vitest';
import { render } from '../src/render.js';

it('deep paths inside a block', () => {
  expect(render('{{#each people}}{{ home.city | lower }};{{/each}}', { people: [{ home: { city: 'Paris' } }, { home: { city: 'Rome' } }] })).toBe('paris;rome;');
});
it('first item of a list', () => expect(render('{{ tags.0 | upper }}', { tags: ['a', 'b'] })).toBe('A'));
