// ESLint (flat config): the boundaries between the parts of the code, which the type checker cannot see.
// Syntax only (no type information), so it stays fast. `npm run lint`; `npm test` runs it first.
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const FEATURES = ['admin', 'audit', 'auth', 'cart', 'cohorts', 'courses', 'dashboard', 'documents', 'finance', 'payments', 'schedule', 'students'];

/** `from` may not import `target`: import-x's zones, each with the reason people see. */
const zones = [
  // the SPA: a feature is one meaning of the product; it reaches others only through the shared kernel
  ...FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need into the shared kernel (web/src/lib, components) or the contract.',
  })),
  { target: './web/src', from: './lambdas', except: ['./contract', './domain'], message: 'The SPA shares the contract (and the pure rules of domain/) with the server, nothing else.' },
  // the server: pure rules below storage, storage below handlers, and no handler inside another's bundle
  { target: './lambdas/contract', from: './lambdas', except: ['./contract'], message: 'The contract is schemas, constants and types only: it imports nothing else of lambdas/.' },
  { target: './lambdas/domain', from: './lambdas/store', message: 'domain/ is pure rules: no storage.' },
  { target: './lambdas/domain', from: './lambdas/http', message: 'domain/ is pure rules: no HTTP.' },
  { target: './lambdas/domain', from: './lambdas/functions', message: 'domain/ is pure rules: no handlers.' },
  { target: './lambdas/store', from: './lambdas/functions', message: 'store/ does not import handlers.' },
  { target: './lambdas/store', from: './lambdas/http', message: 'store/ does not know about HTTP.' },
  { target: './lambdas/presenters', from: './lambdas/functions', message: 'presenters do not import handlers.' },
  {
    target: './lambdas/functions',
    from: './lambdas/functions',
    message: 'A handler does not import another handler (importing it registers its Lambda, and its bundle would carry the other): share through contract/, presenters/ or store/.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', 'coverage/**', 'web/dist/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs,cjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    // TypeScript's resolution: `./x.js` in the server's code is the module ./x.ts
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
);
