import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * The layers, each importing only from the ones after it (docs/architecture.md):
 *   src/app → renderers/ → registry/ → src/runtime → src/shared,   src/server → src/shared.
 * Each rule below makes one direction impossible to reintroduce. Test files (and the widget test
 * helper registry/shared/test-render.tsx, which renders a widget inside a real form) may compose
 * the layers above the code they test; they still may not reach the server or the app.
 */
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
/** Libraries that need a browser or are the client's UI stack. */
const CLIENT_LIBS = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'antd',
  'antd/*',
  '@ant-design/*',
  '@formily/react',
  '@formily/antd-v5',
  'dompurify',
  'handsontable',
  'handsontable/*',
  '@handsontable/*',
  'valtio',
  'valtio/*',
  'react-router-dom',
  '@uiw/*',
  '@wangeditor/*',
  '@codemirror/*',
  'recharts',
  'china-area-data',
];
/** Libraries of the server (HTTP, database, server-side HTML, files). */
const SERVER_LIBS = [
  'fastify',
  '@fastify/*',
  'kysely',
  'pg',
  '@electric-sql/*',
  'sanitize-html',
  'exceljs',
  'bcryptjs',
  'jose',
  'openid-client',
  'proper-lockfile',
  'svg-captcha',
  'ws',
];
const NODE_BUILTINS = ['node:*'];

/** A relative import reaching one of the top-level folders `dirs` (e.g. 'src/app', 'renderers'). */
const into = (...dirs) => `^(\\.\\./)+(${dirs.map((d) => d.replace('/', '\\/')).join('|')})(/|$)`;

/**
 * One `no-restricted-imports` block: `files` (minus `ignores`) may not import what `rules` name —
 * each `{ regex }` (a relative path) or `{ group }` (package names), with its message.
 */
function restrict(files, rules, ignores = []) {
  return { files, ignores, rules: { 'no-restricted-imports': ['error', { patterns: rules }] } };
}

function layerRules() {
  const shared = {
    regex: into('runtime', 'app', 'server', 'registry', 'renderers', 'src'),
    message: 'src/shared is imported by both sides and imports neither: no runtime, registry, renderers, app or server code.',
  };
  const sharedLibs = {
    group: [...CLIENT_LIBS, '@formily/core', ...SERVER_LIBS],
    message: 'src/shared must not use browser or server libraries.',
  };
  const runtime = {
    regex: into('app', 'server', 'registry', 'renderers', 'src'),
    message: 'src/runtime is the headless client model: it imports only src/shared.',
  };
  const runtimeLibs = {
    group: [...CLIENT_LIBS, ...SERVER_LIBS],
    message: 'src/runtime must stay headless: no React, antd, browser or server libraries.',
  };
  const node = { group: NODE_BUILTINS, message: 'Node built-ins are for the server and tests only.' };
  const registry = {
    regex: into('renderers', 'src/app', 'src/server'),
    message: 'registry/ (widgets) never imports renderers/, src/app/ or src/server/: they sit above it.',
  };
  const renderers = { regex: into('src/app', 'src/server'), message: 'renderers/ never imports src/app/ or src/server/.' };
  const serverClient = {
    regex: into('runtime', 'app', 'registry', 'renderers', 'src'),
    message: 'src/server imports only src/shared from the client side (no src/runtime, registry, renderers or app).',
  };
  const serverLibs = { group: [...CLIENT_LIBS, '@formily/*'], message: 'src/server must not use React or other client libraries.' };
  return [
    restrict(['src/shared/**/*.ts'], [shared, sharedLibs, node], TESTS),
    restrict(
      TESTS.map((t) => `src/shared/${t}`),
      [shared, sharedLibs],
    ),
    restrict(['src/runtime/**/*.ts'], [runtime, runtimeLibs, node], TESTS),
    restrict(
      TESTS.map((t) => `src/runtime/${t}`),
      [runtime, runtimeLibs],
    ),
    restrict(['registry/**/*.{ts,tsx}'], [registry], [...TESTS, 'registry/shared/test-render.tsx']),
    restrict(['renderers/**/*.{ts,tsx}'], [renderers], TESTS),
    restrict(['src/server/**/*.ts'], [serverClient, serverLibs]),
  ];
}

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
      // the app renders no antd <App>: App.useApp() would give an empty `message` whose calls throw
      // (a save that succeeded left its dialog open); the static message/Modal/notification are
      // configured with the app's locale and theme in src/app/main.tsx
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='App'][callee.property.name='useApp']",
          message: "the app has no antd <App> provider: use the static message / Modal / notification imported from 'antd'",
        },
      ],
    },
  },
  ...layerRules(),
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
