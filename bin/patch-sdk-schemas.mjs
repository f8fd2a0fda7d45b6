/**
 * postinstall: writes the AWS SDK clients' schema trait keys as literal strings, so esbuild can tree-shake
 * the schemas a Lambda never uses (aws/aws-sdk-js-v3#7607).
 *
 * Each generated client's `dist-es/schemas/schemas_0.js` declares its strings once (`const _h = "http";`)
 * and writes traits with computed keys (`{ [_h]: ["POST", "/v2/email/outbound-emails", 200] }`). esbuild
 * treats a computed key as possibly having side effects, so it keeps every statement holding one: for a
 * REST-protocol client, every operation's schema and, through them, every shape. The SES v2 client then
 * puts 48 KB of schemas into a function that sends one email; with literal keys it is 5.5 KB. The objects
 * are the same (the key is the constant's value), so the SDK behaves the same.
 * This is the change smithy-lang/smithy-typescript#1889 makes to the generator; when a release with it is
 * installed there is nothing left to rewrite, and this script changes nothing.
 * It is idempotent, touches only `dist-es` (what esbuild bundles: mainFields module first, see
 * lib/constructs/api-function.ts), and test/perf/lambda-bundles.test.ts fails if it did not run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `const _x = "...";` declarations of one file, by name. */
function stringConstants(text) {
  const found = new Map();
  for (const [, name, value] of text.matchAll(/^const (_[A-Za-z0-9_]+) = ("(?:[^"\\]|\\.)*");$/gm)) found.set(name, value);
  return found;
}

/** The file with each `{ [_x]:` / `, [_x]:` key of a declared string constant written as that string. */
export function literalTraitKeys(text) {
  const constants = stringConstants(text);
  return text.replace(/([{,]\s*)\[(_[A-Za-z0-9_]+)\]:/g, (whole, before, name) => (constants.has(name) ? `${before}${constants.get(name)}:` : whole));
}

/** The schema files of every installed client (nested clients' submodules included). */
function schemaFiles(nodeModules) {
  const scope = path.join(nodeModules, '@aws-sdk');
  if (!fs.existsSync(scope)) return [];
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^schemas_\d+\.js$/.test(entry.name) && path.basename(dir) === 'schemas') files.push(full);
    }
  };
  for (const pkg of fs.readdirSync(scope)) {
    const distEs = path.join(scope, pkg, 'dist-es');
    if (fs.existsSync(distEs)) walk(distEs);
  }
  return files;
}

export function patchInstalledSchemas(nodeModules) {
  let changed = 0;
  for (const file of schemaFiles(nodeModules)) {
    const before = fs.readFileSync(file, 'utf8');
    const after = literalTraitKeys(before);
    if (after !== before) {
      fs.writeFileSync(file, after);
      changed++;
    }
  }
  return changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const nodeModules = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');
  const changed = patchInstalledSchemas(nodeModules);
  if (changed) console.log(`patch-sdk-schemas: literal trait keys in ${changed} AWS SDK schema files (aws/aws-sdk-js-v3#7607)`);
}
