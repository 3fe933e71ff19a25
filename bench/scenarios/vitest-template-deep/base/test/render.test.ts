import { describe, expect, it } from 'vitest';
import { render } from '../src/render.js';

const data = {
  user: { name: ' ada lovelace ', address: { city: 'London' } },
  team: [{ name: 'charles' }, { name: 'mary' }],
  tags: ['math', 'engines'],
};

describe('render', () => {
  it('fills in values', () => expect(render('Hi {{ user.name | trim }}!', data)).toBe('Hi ada lovelace!'));
  it('follows nested paths', () => expect(render('{{ user.address.city | upper }} ({{ user.address.city | initial }})', data)).toBe('LONDON (L)'));
  it('repeats blocks', () => expect(render('{{#each team}}[{{ name | initial }}]{{/each}}', data)).toBe('[C][M]'));
  it('uses a default', () => expect(render('{{ user.phone | default:"none" }}', data)).toBe('none'));
  it('joins lists', () => expect(render('{{ tags | join:"/" }} ({{ tags | count }})', data)).toBe('math/engines (2)'));
  it('fails on an unknown filter', () => expect(() => render('{{ user.name | shout }}', data)).toThrow(/unknown filter "shout"/));
});
