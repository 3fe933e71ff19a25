import { type Lang, langOf, loadedLanguages, loadParsers, parse, query } from './parser.js';

/** A function, method or type a file defines; lines are 1-based and inclusive. */
export interface Def {
  file: string;
  name: string;
  start: number;
  end: number;
  /** The last line of its signature (where the body opens). */
  sigEnd: number;
  /** A class, struct, enum, trait or named type: its calls are its own and its constructor's, not its methods'. */
  type?: true;
}

/** A name a file calls, and where. */
export interface Ref {
  name: string;
  line: number;
}

export interface Outline {
  defs: Def[];
  refs: Ref[];
  /** Top-level variables and constants (a regex, a table, a default): code reads them without calling them. */
  bindings: Def[];
}

const JS_DEFS = `
(function_declaration name: (identifier) @name) @def
(generator_function_declaration name: (identifier) @name) @def
(method_definition name: (property_identifier) @name) @def
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)]) @def
(class_declaration name: (_) @name) @def
(assignment_expression left: (member_expression property: (property_identifier) @name) right: [(function_expression) (arrow_function)]) @def
(pair key: (property_identifier) @name value: [(function_expression) (arrow_function)]) @def
`;
const JS_REFS = `
(call_expression function: (identifier) @ref)
(call_expression function: (member_expression property: (property_identifier) @ref))
(new_expression constructor: (identifier) @ref)
`;

const JS_BINDINGS = `
(program (lexical_declaration (variable_declarator name: (identifier) @name)) @def)
(program (variable_declaration (variable_declarator name: (identifier) @name)) @def)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name))) @def)
`;

/** What defines, what calls and what binds at the top level, in each grammar's own node names. */
const QUERIES: Record<Lang, { defs: string; refs: string; bindings: string }> = {
  javascript: { defs: JS_DEFS, refs: JS_REFS, bindings: JS_BINDINGS },
  typescript: { defs: JS_DEFS, refs: JS_REFS, bindings: JS_BINDINGS },
  tsx: { defs: JS_DEFS, refs: JS_REFS, bindings: JS_BINDINGS },
  python: {
    defs: `
(function_definition name: (identifier) @name) @def
(class_definition name: (identifier) @name) @def
`,
    refs: `
(call function: (identifier) @ref)
(call function: (attribute attribute: (identifier) @ref))
`,
    bindings: `
(module (expression_statement (assignment left: (identifier) @name)) @def)
`,
  },
  go: {
    defs: `
(function_declaration name: (identifier) @name) @def
(method_declaration name: (field_identifier) @name) @def
(type_spec name: (type_identifier) @name) @def
`,
    refs: `
(call_expression function: (identifier) @ref)
(call_expression function: (selector_expression field: (field_identifier) @ref))
(composite_literal type: (type_identifier) @ref)
`,
    bindings: `
(source_file (const_declaration (const_spec name: (identifier) @name) @def))
(source_file (var_declaration (var_spec name: (identifier) @name) @def))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @def)))
`,
  },
  rust: {
    defs: `
(function_item name: (identifier) @name) @def
(struct_item name: (type_identifier) @name) @def
(enum_item name: (type_identifier) @name) @def
(trait_item name: (type_identifier) @name) @def
`,
    refs: `
(call_expression function: (identifier) @ref)
(call_expression function: (scoped_identifier name: (identifier) @ref))
(call_expression function: (field_expression field: (field_identifier) @ref))
(generic_function function: (identifier) @ref)
(macro_invocation (token_tree (identifier) @ref))
`,
    bindings: `
(source_file (const_item name: (identifier) @name) @def)
(source_file (static_item name: (identifier) @name) @def)
`,
  },
};

/** Definitions that are types: following one runs its constructor, not every method it holds. */
const TYPES = new Set(['class_declaration', 'class_definition', 'type_spec', 'struct_item', 'enum_item', 'trait_item']);

/** The nodes that open a definition's body: its signature ends on the line before or at their start. */
const BODY = new Set(['statement_block', 'block', 'class_body', 'field_declaration_list', 'declaration_list', 'enum_variant_list', 'struct_type']);

/**
 * Loads the parsers and checks each loaded grammar against these queries: a grammar whose node
 * names changed (another version of its package) would otherwise leave its files unparsed in silence.
 */
export async function loadOutlines(load: () => Promise<string[]> = loadParsers): Promise<string[]> {
  const problems = await load();
  for (const lang of loadedLanguages()) {
    const bad = (['defs', 'refs', 'bindings'] as const).filter((k) => !query(lang, QUERIES[lang][k]));
    if (bad.length)
      problems.push(
        `tree-sitter: the ${lang} grammar does not match the ${bad.length > 1 ? `${bad.slice(0, -1).join(', ')} and ${bad.at(-1)!}` : bad[0]} queries (another version of its package?): ${lang} calls are followed by import lines only`,
      );
  }
  return problems;
}

/** A file's definitions and calls, or undefined when its language is not parsed. */
export function outline(file: string, text: string): Outline | undefined {
  const lang = langOf(file);
  if (!lang) return undefined;
  const tree = parse(lang, text);
  const defsQuery = query(lang, QUERIES[lang].defs);
  const refsQuery = query(lang, QUERIES[lang].refs);
  const bindingsQuery = query(lang, QUERIES[lang].bindings);
  if (!tree || !defsQuery || !refsQuery || !bindingsQuery) return undefined;
  try {
    const defs: Def[] = [];
    for (const m of defsQuery.matches(tree.rootNode)) {
      const def = m.captures.find((c) => c.name === 'def')?.node;
      const name = m.captures.find((c) => c.name === 'name')?.node;
      if (!def || !name) continue;
      // A `const f = () => …` reads from its declaration line; a decorated Python def from its decorator.
      const outer = def.type === 'variable_declarator' && def.parent ? def.parent : def.parent?.type === 'decorated_definition' ? def.parent : def;
      const start = outer.startPosition.row + 1;
      const end = outer.endPosition.row + 1;
      const body =
        def.children.find((c) => c && BODY.has(c.type)) ?? def.childForFieldName('body') ?? def.childForFieldName('value')?.childForFieldName('body');
      // A Python block starts at its first statement, the line after the colon.
      const bodyLine = body ? body.startPosition.row + 1 - (lang === 'python' && body.startPosition.row > def.startPosition.row ? 1 : 0) : start;
      const sigEnd = Math.max(start, bodyLine);
      defs.push({ file, name: name.text, start, end, sigEnd, ...(TYPES.has(def.type) ? { type: true as const } : {}) });
    }
    const refs: Ref[] = refsQuery.captures(tree.rootNode).map((c) => ({ name: c.node.text, line: c.node.startPosition.row + 1 }));
    const bindings: Def[] = [];
    for (const m of bindingsQuery.matches(tree.rootNode)) {
      const def = m.captures.find((c) => c.name === 'def')?.node;
      const name = m.captures.find((c) => c.name === 'name')?.node;
      if (!def || !name) continue;
      const start = def.startPosition.row + 1;
      bindings.push({ file, name: name.text, start, end: def.endPosition.row + 1, sigEnd: start });
    }
    return { defs, refs, bindings };
  } finally {
    tree.delete();
  }
}
