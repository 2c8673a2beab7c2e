// ESLint for the page (web/*.js: ES modules in a browser, worker.js a
// classic worker script) and its browser tests (CommonJS under node). Run
// from the repository's root by scripts/lint.sh.
'use strict';
const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
  js.configs.recommended,
  {
    files: ['web/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser } },
  },
  {
    files: ['web/worker.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.worker, createCgsolve: 'readonly' } },
  },
  { ignores: ['web/cgsolve.js', 'tests/web/node_modules/**'] },
  {
    files: ['tests/web/**/*.js'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'commonjs', globals: { ...globals.node, ...globals.browser } }, // page.evaluate runs in the page
  },
  {
    rules: {
      'no-unused-vars': ['error', { caughtErrors: 'none' }],
      eqeqeq: 'error',
      'no-var': 'error',
      'prefer-const': 'error',
    },
  },
];
