const IRREGULAR = {
  person: 'people',
  child: 'children',
  mouse: 'mice',
  goose: 'geese',
  man: 'men',
  woman: 'women',
  tooth: 'teeth',
  foot: 'feet',
  ox: 'oxen',
};

const UNCOUNTABLE = new Set(['sheep', 'fish', 'series', 'species', 'deer', 'news', 'information', 'rice', 'equipment']);

/** Suffix rules, most specific first: [pattern, replacement]. */
const RULES = [
  [/(quiz)$/i, '$1zes'],
  [/([^aeiouy])y$/i, '$1ies'],
  [/(x|ch|ss|sh|s|z)$/i, '$1es'],
  [/(?:([^f])fe|([lr])f)$/i, '$1$2ves'],
  [/(tomat|potat|her|ech)o$/i, '$1oes'],
];

function keepCase(original, word) {
  return original[0] === original[0].toUpperCase() ? word[0].toUpperCase() + word.slice(1) : word;
}

/** The plural of an English noun: "city" -> "cities", "Child" -> "Children", "sheep" -> "sheep". */
function pluralize(word) {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE.has(lower)) return word;
  if (Object.hasOwn(IRREGULAR, lower)) return keepCase(word, IRREGULAR[lower]);
  for (const [pattern, replacement] of RULES) {
    if (pattern.test(word)) return word.replace(pattern, replacement);
  }
  return `${word}s`;
}

/** "3 apples", "1 apple". */
function count(n, word) {
  return `${n} ${n === 1 ? word : pluralize(word)}`;
}

module.exports = { pluralize, count };
