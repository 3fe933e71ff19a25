"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/context/o200k.ts
var o200k_exports = {};
__export(o200k_exports, {
  count: () => count,
  indexTable: () => indexTable,
  readTable: () => readTable
});
module.exports = __toCommonJS(o200k_exports);

// node_modules/gpt-tokenizer/esm/encodingParams/constants.js
var R50K_TOKEN_SPLIT_REGEX = new RegExp("'s|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+", "gu");
var CONTRACTION_SUFFIX_PATTERN = String.raw`'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE])`;
var OPTIONAL_CONTRACTION_SUFFIX = String.raw`(?:${CONTRACTION_SUFFIX_PATTERN})?`;
var CL100K_TOKEN_SPLIT_PATTERN = String.raw`${CONTRACTION_SUFFIX_PATTERN}|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s+$|\s*[\r\n]|\s+(?!\S)|\s`;
var CL100K_TOKEN_SPLIT_REGEX = new RegExp(CL100K_TOKEN_SPLIT_PATTERN, "gu");
var O200K_TOKEN_SPLIT_PATTERN = String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${OPTIONAL_CONTRACTION_SUFFIX}|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${OPTIONAL_CONTRACTION_SUFFIX}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`;
var O200K_TOKEN_SPLIT_REGEX = new RegExp(O200K_TOKEN_SPLIT_PATTERN, "gu");

// src/context/o200k-hash.ts
function hash(bytes, from, to) {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}

// src/context/o200k-table.ts
var { readFileSync } = require("node:fs");
function tableFile() {
  return readFileSync(`${__dirname}/o200k.bin`);
}

// src/context/o200k.ts
var table;
var tableBytes;
function readTable() {
  tableBytes ??= tableFile();
}
function indexTable() {
  table ??= load();
}
function load() {
  const file = tableBytes ??= tableFile();
  const [size, n] = new Uint32Array(file.buffer, file.byteOffset, 2);
  if (!size || size & size - 1 || n >= size || file.length < 8 + size * 4 + n) throw new Error("the o200k table is damaged or in another byte order");
  const slots = new Int32Array(file.buffer, file.byteOffset + 8, size);
  const bytes = file.subarray(8 + size * 4);
  const starts = new Uint32Array(n);
  for (let rank = 0, at = 0; rank < n; rank++) {
    starts[rank] = at + 1;
    at += 1 + bytes[at];
  }
  return { bytes, starts, slots, mask: size - 1 };
}
function rankOf(t, piece, from, to) {
  const len = to - from;
  let s = hash(piece, from, to) & t.mask;
  for (let probes = 0; probes <= t.mask; probes++) {
    const r = t.slots[s];
    if (r === 0) return Infinity;
    const start = t.starts[r - 1];
    if (t.bytes[start - 1] === len) {
      let i = 0;
      while (i < len && t.bytes[start + i] === piece[from + i]) i++;
      if (i === len) return r - 1;
    }
    s = s + 1 & t.mask;
  }
  return Infinity;
}
var encoder = new TextEncoder();
var LONE_SURROGATE = /[\uD800-\uDFFF]/u;
var scratch = new Uint8Array(1024);
var seen = /* @__PURE__ */ new Map();
function pieceTokens(t, piece) {
  if (piece.length === 1 && piece.charCodeAt(0) < 128) return 1;
  const known = seen.get(piece);
  if (known !== void 0) return known;
  if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
  const bytes = scratch;
  const length = encoder.encodeInto(piece, bytes).written;
  let n;
  if (rankOf(t, bytes, 0, length) !== Infinity && !LONE_SURROGATE.test(piece)) n = 1;
  else n = merged(t, bytes, length);
  if (piece.length <= 256) {
    if (seen.size >= 5e4) seen.clear();
    seen.set(piece, n);
  }
  return n;
}
function merged(t, bytes, length) {
  const starts = [];
  const ranks = [];
  const pairRank = (i) => i + 2 < starts.length ? rankOf(t, bytes, starts[i], starts[i + 2]) : Infinity;
  for (let i = 0; i <= length; i++) {
    starts.push(i);
    ranks.push(i < length - 1 ? rankOf(t, bytes, i, i + 2) : Infinity);
  }
  while (starts.length > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < ranks.length - 1; i++) {
      if (ranks[i] < lowest) {
        lowest = ranks[i];
        at = i;
      }
    }
    if (lowest === Infinity || at === -1) break;
    starts.splice(at + 1, 1);
    ranks.splice(at, 1);
    ranks[at] = pairRank(at);
    if (at > 0) ranks[at - 1] = pairRank(at - 1);
  }
  return starts.length - 1;
}
function count(text) {
  const t = table ??= load();
  let total = 0;
  for (const [piece] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) total += pieceTokens(t, piece);
  return total;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  count,
  indexTable,
  readTable
});
