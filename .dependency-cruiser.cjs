// No import cycles, type-only imports included (`npm run lint` runs it after ESLint). ESLint's own
// import/no-cycle needs a module resolver, and the one eslint-plugin-import-x brings is native code this
// machine's registry cannot install; dependency-cruiser resolves with enhanced-resolve (plain JavaScript)
// through tsconfig.json and package.json "imports" (#contract/*, #shared/*), as tsc and Vite do.
// test/lint/cycles.test.ts plants a cycle and sees it refused.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A module cycle: the modules cannot be understood, tested or bundled apart. Move what both need into a third module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|cdk\\.out|dist|\\.data|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.cruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
