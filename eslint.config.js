import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'src/shared/generated/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'renderers/**/*.{ts,tsx}', 'registry/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // DESIGN.md: src/runtime is headless — no React, no antd, no renderers/registry.
    files: ['src/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'antd', 'antd/*', '@formily/react', '@formily/antd-v5', '@ant-design/*'],
              message: 'src/runtime must stay headless (DESIGN.md layout).',
            },
            {
              group: ['**/renderers/**', '**/registry/**', '**/app/**', '**/server/**'],
              message: 'src/runtime must not depend on renderers, registry, app or server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server never imports client code.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'antd', '**/app/**', '**/renderers/**', '**/registry/**/*.tsx'],
              message: 'server code must not import client code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Transactions open only through inTransaction (src/server/db/transaction.ts), which makes the
    // global handle unusable while one is open (a statement on it would freeze the embedded database).
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    ignores: ['src/server/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(transaction|startTransaction)$/][arguments.length=0]',
          message: 'open transactions with inTransaction(db, fn) from src/server/db/transaction.ts',
        },
      ],
    },
  },
);
