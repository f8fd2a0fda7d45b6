// ESLint (flat config): the boundaries between the parts of the code, which the type checker cannot see.
// Syntax only (no type information, no resolver), so it stays fast: each rule matches the import as
// written, relative to the folder it is written in (features/, functions/, domain/ and the others have
// no subfolders), or as an alias of package.json "imports" (#contract/..., #shared/...). `npm run lint`;
// `npm test` runs it first. test/lint/boundaries.test.ts plants one import across each boundary and sees
// it refused.
import tseslint from 'typescript-eslint';

/**
 * Files matching `files` may not import what `regex` matches (the specifier as written), and are told why:
 * static imports and re-exports (no-restricted-imports) and `import()` (no-restricted-syntax; lazy pages).
 */
const boundary = (files, ...patterns) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: patterns.map(([regex, message]) => ({ regex, message })) }],
    // esquery's regex literals cannot hold "/", hence \x2F
    'no-restricted-syntax': [
      'error',
      ...patterns.map(([regex, message]) => ({ selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`, message })),
    ],
  },
});

const SERVER_INTERNALS = ['lambdas/(?!contract/|domain/)', 'The SPA shares the contract (and the pure rules of domain/) with the server, nothing else.'];
const CONTRACT_ALIAS = ['^(\\.\\./)+lambdas/contract/', 'Import the contract as #contract/<module> (package.json "imports").'];
/** The SPA's own rules, which every later entry for SPA files repeats (a later entry replaces an earlier one's options). */
const SPA = [SERVER_INTERNALS, CONTRACT_ALIAS];

const KERNEL_ALIAS = ['^(\\.\\./)+shared/', 'Import the shared kernel as #shared/<path> (package.json "imports").'];
const ANOTHER_FEATURE = 'A feature does not import another feature: move what both need into the shared kernel (web/src/shared) or the contract, or let app/ compose them.';
const FEATURE_TO_APP = [
  '^(\\.\\./)+app/',
  "A feature does not import the app: app/ composes the features. Take what you need from #shared (the store's types: #shared/store/state); tests reach the app through web/src/testing.",
];
const KERNEL_TO_FEATURE = [
  '^(\\.\\./)+features/',
  'The shared kernel does not import features: what it needs of one belongs in web/src/shared, and app/ composes the features (the header, the admin panel).',
];
const KERNEL_TO_APP = [
  '^(\\.\\./)+app/',
  "The shared kernel does not import the app: app/ composes the kernel. The store's types are declared in shared/store/state.ts; tests reach the app through web/src/testing.",
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', 'coverage/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
  },
  // the SPA (web/README.md "Layout"): it shares the contract (and the pure rules of domain/) with the server,
  // nothing else. app/ composes; the shared kernel (web/src/shared) is below the features and the app; a
  // feature is one meaning of the product, which reaches others only through the kernel or app/.
  boundary(['web/src/**/*.{ts,tsx}'], ...SPA),
  boundary(['web/src/app/**/*.{ts,tsx}'], ...SPA, KERNEL_ALIAS),
  boundary(['web/src/shared/**/*.{ts,tsx}'], ...SPA, KERNEL_TO_FEATURE, KERNEL_TO_APP),
  boundary(['web/src/features/*/*.{ts,tsx}'], ...SPA, ['^\\.\\./[^./][^/]*/', ANOTHER_FEATURE], ['^(\\.\\./)+features/', ANOTHER_FEATURE], FEATURE_TO_APP, KERNEL_ALIAS),
  // the server: pure rules below storage, storage below handlers, and no handler inside another's bundle
  boundary(['lambdas/contract/*.ts'], ['^\\.\\./', 'The contract is schemas, constants and types only: it imports nothing else of lambdas/.']),
  boundary(['lambdas/domain/*.ts'], ['^\\.\\./(store|http|functions)/', 'domain/ is pure rules: no storage, HTTP or handlers.']),
  boundary(['lambdas/store/*.ts'], ['^\\.\\./(functions|http)/', 'store/ does not import handlers or know about HTTP.']),
  boundary(['lambdas/presenters/*.ts'], ['^\\.\\./functions/', 'Presenters do not import handlers.']),
  boundary(
    ['lambdas/functions/*/*.ts'],
    [
      '^\\./|^\\.\\./[^./][^/]*/',
      'A handler does not import another handler (importing it registers its Lambda, and its bundle would carry the other): share through contract/, presenters/ or store/.',
    ],
  ),
  // production code states what it knows instead of asserting it (`x!`): a guard that throws where absence
  // is a bug (required() in lambdas/domain/required.ts), narrowing or a default where it is legitimate.
  // Tests and their support may assert.
  {
    files: ['lambdas/**/*.ts', 'lib/**/*.ts', 'bin/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/testing/**', 'lib/**/testing/**'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { '@typescript-eslint/no-non-null-assertion': 'error' },
  },
);
