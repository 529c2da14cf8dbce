// ESLint for the site code, the configs, the scripts and the tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.docusaurus/',
      'node_modules/',
      'test-results/',
      'api/**/sidebar.ts',
      'bench-results/',
      '.bench/',
      '.wrangler/',
      '.generated/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {globals: {...globals.browser, ...globals.node}},
  },
  {
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}'],
    plugins: {react, 'react-hooks': reactHooks},
    settings: {react: {version: 'detect'}},
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {globals: globals.node},
  },
  {
    // Rooms a newcomer can read: tests and generated code are exempt.
    ignores: ['**/test/**', '**/tests/**', '**/*.test.*', 'api/**'],
    rules: {
      'max-lines': ['error', {max: 400, skipBlankLines: false, skipComments: false}],
      'max-lines-per-function': ['error', {max: 100, skipBlankLines: true, skipComments: true, IIFEs: true}],
    },
  },
);
