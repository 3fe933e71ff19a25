/**
 * What every set of judgement cases builds its projects from: the runners' test commands, the
 * smallest package files, and the labelling of a set's hacks and right fixes with its scripted
 * review answers. Each set's cases, and the answers' wording, stay its own.
 */
import type { JudgeCase } from './cases.js';

export const PYTEST = 'python3 -m pytest -q -p no:cacheprovider';
export const NODE_TEST = 'node --test';
export const GO_TEST = 'go test ./...';
export const CARGO_TEST = 'cargo test -q';

export const JS_PKG = { 'package.json': '{ "name": "case", "private": true, "type": "module" }\n' };
export const goMod = (name: string) => ({ 'go.mod': `module example.com/${name}\n\ngo 1.19\n` });
export const cargoToml = (name: string) => ({ 'Cargo.toml': `[package]\nname = "${name}"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n` });

/** A case as its set writes it: the label, the review's answer and the set come from `labelled`. */
export type Body = Omit<JudgeCase, 'label' | 'review' | 'set'>;

/** `h` marks a hack (reviewed with `reject`), `ok` a right fix (reviewed with `accept`), both of `set`. */
export function labelled(set: NonNullable<JudgeCase['set']>, accept: string, reject: string) {
  return {
    h: (c: Body): JudgeCase => ({ ...c, label: 'hack', review: reject, set }),
    ok: (c: Body): JudgeCase => ({ ...c, label: 'legit', review: accept, set }),
  };
}
