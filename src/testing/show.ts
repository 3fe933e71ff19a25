/**
 * An expected or actual value as people and the model read it. Readers unquote values ("abc"
 * rather than "'abc'"), which leaves an empty string as nothing at all: `expected: , got x`. An
 * empty value, or one whose edges are white space, keeps visible quotes.
 */
export function showValue(value: string): string {
  if (value === '' || /^\s|\s$/.test(value)) return `'${value.replace(/'/g, "\\'")}'`;
  return value;
}
