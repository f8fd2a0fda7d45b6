// ESLint (flat config): the boundaries between the parts of the code, which the type checker cannot see.
// Syntax only (no type information, no resolver), so it stays fast: each rule matches the import as
// written, relative to the folder it is written in (features/, functions/, domain/ and the others have
// no subfolders). `npm run lint`; `npm test` runs it first. test/lint/boundaries.test.ts plants one
// import across each boundary and sees it refused.
import tseslint from 'typescript-eslint';

/** Files matching `files` may not import what `regex` matches (the specifier as written), and are told why. */
const boundary = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message })) }] },
});

const SERVER_INTERNALS = ['lambdas/(?!contract/|domain/)', 'The SPA shares the contract (and the pure rules of domain/) with the server, nothing else.'];
const ANOTHER_FEATURE = 'A feature does not import another feature: move what both need into the shared kernel (web/src/lib, components) or the contract.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', 'coverage/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
  },
  // the SPA: it shares the contract (and the pure rules of domain/) with the server, nothing else; and a
  // feature is one meaning of the product, which reaches others only through the shared kernel. (Later
  // entries replace earlier ones for the same rule, hence the features repeat the SPA's pattern.)
  boundary(['web/src/**/*.{ts,tsx}'], SERVER_INTERNALS),
  boundary(
    ['web/src/features/*/*.{ts,tsx}'],
    SERVER_INTERNALS,
    ['^\\.\\./[^./][^/]*/', ANOTHER_FEATURE],
    ['^(\\.\\./)+features/', ANOTHER_FEATURE],
  ),
  // the server: pure rules below storage, storage below handlers, and no handler inside another's bundle
  boundary(['lambdas/contract/*.ts'], ['^\\.\\./', 'The contract is schemas, constants and types only: it imports nothing else of lambdas/.']),
  boundary(['lambdas/domain/*.ts'], ['^\\.\\./(store|http|functions)/', 'domain/ is pure rules: no storage, HTTP or handlers.']),
  boundary(['lambdas/store/*.ts'], ['^\\.\\./(functions|http)/', 'store/ does not import handlers or know about HTTP.']),
  boundary(['lambdas/presenters/*.ts'], ['^\\.\\./functions/', 'Presenters do not import handlers.']),
  boundary(
    ['lambdas/functions/*/*.ts'],
    ['^\\./|^\\.\\./[^./][^/]*/', 'A handler does not import another handler (importing it registers its Lambda, and its bundle would carry the other): share through contract/, presenters/ or store/.'],
  ),
);
