#!/usr/bin/env node
/**
 * node scripts/cite-requirements.mjs [--check] — points the old citations in comments and
 * docs at docs/requirements.md, by one fixed rule (the table at the end of that file):
 *
 *   seed 000 §N   → requirements <group N of: ELEMENTS, ROUTES, PAGE-DATA, PAGE-STATES,
 *                   OPTIN-RULES, IDENTITY, FUNNEL-CALLS, PAGE-ERRORS, PAGE-LIMITS>
 *   seed 001 §N   → requirements <group N of: WIDGETS, WIDGET-ROUTES, WIDGET-DATA,
 *                   WIDGET-STATES, FIELD-RULES, WIDGET-ACCESS, WIDGET-CALLS,
 *                   WIDGET-ERRORS, WIDGET-LIMITS>
 *   a bare §M later on the same line belongs to the last seed cited before it ("–§M"
 *   becomes " to <group>"), unless a document name precedes it (islands.md §4, RFC 5545 §3.1)
 *   design.md     → requirements ARCH
 *   page-data.md  → requirements DOC-LAYOUT
 *   "Seed" at the start of a sentence becomes "Requirements"; a path before design.md or
 *   page-data.md is dropped.
 *
 * Only comment text is touched: lines of Markdown files, and in code the part of a line
 * after `//` or `/*`, or a line inside a block comment (starting with `*`). A citation
 * anywhere else is listed and left alone. --check lists what would change and exits 1 if
 * anything would.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const GROUPS = {
  '000': [null, 'ELEMENTS', 'ROUTES', 'PAGE-DATA', 'PAGE-STATES', 'OPTIN-RULES', 'IDENTITY', 'FUNNEL-CALLS', 'PAGE-ERRORS', 'PAGE-LIMITS'],
  '001': [null, 'WIDGETS', 'WIDGET-ROUTES', 'WIDGET-DATA', 'WIDGET-STATES', 'FIELD-RULES', 'WIDGET-ACCESS', 'WIDGET-CALLS', 'WIDGET-ERRORS', 'WIDGET-LIMITS'],
};
// A seed citation, or a bare §N (with an optional dash before it, a range) that belongs to
// the last seed cited on the line unless another document names it (islands.md §4, RFC 5545 §3.1).
const CITATION = /\b([Ss])eed (000|001) §(\d+)|(\S+\.md |RFC \d+ )?(\s*[–-]\s*)?§(\d+)/g;
const DOCS = /(?:\/work\/shared\/)?\b(design|page-data)\.md\b/g;
const SKIP = new Set(['docs/requirements.md', 'scripts/cite-requirements.mjs']);

function group(seed, section) {
  const name = GROUPS[seed][Number(section)];
  if (!name) throw new Error(`seed ${seed} has no §${section}`);
  return name;
}

function rewrite(text) {
  let seed;
  return text
    .replace(CITATION, (all, s, cited, first, doc, dash, bare) => {
      if (cited) {
        seed = cited;
        return `${s === 'S' ? 'R' : 'r'}equirements ${group(cited, first)}`;
      }
      if (doc || !seed) return all;
      return `${dash ? ' to ' : ''}${group(seed, bare)}`;
    })
    .replace(DOCS, (_all, doc) => `requirements ${doc === 'design' ? 'ARCH' : 'DOC-LAYOUT'}`);
}

/** Where the comment part of a code line starts, or -1 (`inBlock`: a block comment is open). */
function commentStart(line, inBlock) {
  if (inBlock || /^\s*(?:\*|\/\*|\/\/)/.test(line)) return 0;
  const at = [line.indexOf('//'), line.indexOf('/*')].filter((i) => i >= 0 && line[i - 1] !== ':');
  return at.length ? Math.min(...at) : -1;
}

const check = process.argv.includes('--check');
const files = execFileSync('git', ['ls-files', 'src', 'functions', 'tests', 'scripts', 'bench', 'docs', 'README.md'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|astro|mjs|js|css|md)$/.test(f) && !SKIP.has(f));

const changed = [];
const outside = [];
for (const file of files) {
  const before = readFileSync(file, 'utf8');
  let inBlock = false;
  const lines = before.split('\n').map((line, index) => {
    const start = file.endsWith('.md') ? 0 : commentStart(line, inBlock);
    if (!file.endsWith('.md')) {
      const opens = line.lastIndexOf('/*');
      const closes = line.lastIndexOf('*/');
      if (opens > closes) inBlock = true;
      else if (closes >= 0) inBlock = false;
    }
    const code = start < 0 ? line : line.slice(0, start);
    if (rewrite(code) !== code) outside.push(`${file}:${index + 1}: ${line.trim()}`);
    return start < 0 ? line : code + rewrite(line.slice(start));
  });
  const after = lines.join('\n');
  if (after !== before) {
    changed.push(file);
    if (!check) writeFileSync(file, after);
  }
}
console.log(
  changed.length ? `${check ? 'Would rewrite' : 'Rewrote'} citations in ${changed.length} file(s):\n  ${changed.join('\n  ')}` : 'No old citations left.',
);
if (outside.length) console.log(`Left alone (not in a comment):\n  ${outside.join('\n  ')}`);
process.exitCode = check && changed.length ? 1 : 0;
