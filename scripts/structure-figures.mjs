#!/usr/bin/env node
// Figures of the code's structure, for a before/after: the largest file and function of each named folder,
// process-wide singletons written by hand, imports that leave their folder by a relative path, complexity
// overrides, and the files that hold search logic. `node scripts/structure-figures.mjs [folder …]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = process.cwd();
const CODE = ['app', 'components', 'lib', 'proxy.ts', 'instrumentation.ts'];
const folders = process.argv.slice(2).length ? process.argv.slice(2) : ['components', 'lib/site'];

function files(dir) {
  const full = path.join(root, dir);
  let st;
  try {
    st = statSync(full);
  } catch {
    return [];
  }
  if (st.isFile()) return /\.(ts|tsx)$/.test(dir) ? [dir] : [];
  return readdirSync(full).flatMap((n) => (n === 'node_modules' ? [] : files(path.join(dir, n))));
}
const lines = (text) => text.split('\n').length;

function functionsOf(file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text;
    const p = node.parent;
    if (p && ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
    if (p && ts.isPropertyAssignment(p) && ts.isIdentifier(p.name)) return p.name.text;
    return '(anonymous)';
  };
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const a = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const b = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ file, name: nameOf(node), lines: b - a + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

for (const folder of folders) {
  const list = files(folder);
  const biggest = list
    .map((f) => ({ f, n: lines(readFileSync(path.join(root, f), 'utf8')) }))
    .sort((a, b) => b.n - a.n)[0];
  const fn = list.flatMap(functionsOf).sort((a, b) => b.lines - a.lines)[0];
  console.log(
    `${folder}: largest file ${biggest?.f} (${biggest?.n} lines); largest function ${fn?.name} in ${fn?.file} (${fn?.lines} lines)`,
  );
}

const code = CODE.flatMap(files);
let symbols = 0;
let relative = 0;
let aliased = 0;
const search = [];
for (const f of code) {
  const text = readFileSync(path.join(root, f), 'utf8');
  // process-singleton.ts is the one helper; brand.ts's global symbols mark classes, they hold no value.
  if (!/(process-singleton|brand)\.ts$/.test(f))
    symbols += (text.match(/globalThis[^\n]*Symbol\.for\(|Symbol\.for\([^\n]*\)\s*(\]|;)/g) ?? []).length;
  relative += (text.match(/(from|import)\s*\(?\s*'\.\.\//g) ?? []).length;
  aliased += (text.match(/(from|import)\s*\(?\s*'@\//g) ?? []).length;
  if (
    /export (async )?function \w*(parse|run|answer|clean)\w*Search|export (async )?function (searchIndex|cleanParams|parseSearch|runSearch|answerSearch|readSearch)/.test(
      text,
    )
  )
    search.push(f);
}
const biome = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
const overrides = (biome.overrides ?? [])
  .filter((o) => JSON.stringify(o).includes('noExcessiveCognitiveComplexity'))
  .flatMap((o) => o.includes ?? []);
console.log(`hand-written singletons (Symbol.for on globalThis): ${symbols}`);
console.log(`imports leaving their folder by '../': ${relative}; by '@/': ${aliased}`);
console.log(`complexity overrides: ${overrides.length} files`);
console.log(`files exporting search parsing or answering: ${search.length} (${search.join(', ')})`);
