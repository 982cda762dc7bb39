import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';

// What web code may never import, wherever it sits (each block below repeats it, because a later
// block's no-restricted-imports replaces an earlier one's for the same files). Bare names go in
// `paths` (exact); `patterns` use gitignore matching, where a bare name would match any path segment.
const serverLibraries = ['drizzle-orm', 'drizzle-kit', 'pg', 'better-auth', 'fastify', 'ioredis', 'ws', 'sharp', 'werift', 'tsx', '@live-market/server', '@live-market/media'];
const webForbiddenPaths = [
  ...builtinModules.map((name) => ({ name, message: 'web never imports node modules.' })),
  ...serverLibraries.map((name) => ({ name, message: 'web never imports server or media code.' })),
];
const webForbidden = [
  { group: ['node:*', ...builtinModules.filter((name) => !name.includes('/')).map((name) => `/${name}/*`)], message: 'web never imports node modules.' },
  {
    group: ['/drizzle-orm/*', '/better-auth/*', '@electric-sql/*', '@fastify/*', '/werift/*', '@live-market/server/*', '@live-market/media/*', '**/apps/server/**', '**/packages/media/**'],
    message: 'web never imports server or media code.',
  },
];
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'packages/media/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}', 'scripts/**/*.mjs', 'apps/web/scripts/**/*.mjs', '*.js', '*.ts', '**/vitest.config.ts', '**/vite.config.ts', 'apps/web/vite.pwa.ts'],
    languageOptions: { globals: globals.node },
  },
  // Plain scripts the browser runs as they are (public/).
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  // contract imports only zod.
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|zod/|\\.{1,2}/).*', message: 'contract imports only zod.' }] }],
    },
  },
  // process.env is read only in config/env.ts.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from config/env.ts.' }],
    },
  },
  // web never imports server, media, drizzle or node modules.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: webForbiddenPaths, patterns: webForbidden }],
    },
  },
  // The unit tests' setup runs in Node, not in a browser: it serves locale files from disk.
  {
    files: ['apps/web/src/testing/setup.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: webForbiddenPaths }] },
  },
  // Web features do not import each other; app/ composes them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: webForbiddenPaths,
          patterns: [
            { regex: `^@/features/(?!${feature}/)`, message: 'A feature does not import another feature; compose them in app/.' },
            { regex: `^\\.\\./\\.\\./(?!${feature}/)[a-z-]+/`, message: 'Import shared code through @/ paths.' },
            { regex: '^@/app/', message: 'Features do not import app/.' },
            ...webForbidden,
          ],
        },
      ],
    },
  })),
  // Shared web code (components, lib) imports no feature and no app code.
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: webForbiddenPaths, patterns: [{ regex: '^@/(features|app)/', message: 'Shared code does not import features or app.' }, ...webForbidden] },
      ],
    },
  },
  // Server-rendered HTML: a replacement string that is not a plain literal may carry user or translated
  // text, where `$&`, `` $` `` and `$'` are read as patterns and copy the page into itself (issue 25).
  {
    files: ['apps/server/src/pages/**/*.ts', 'apps/server/src/plugins/web-pages.ts', 'apps/server/src/modules/**/*-page.ts', 'apps/web/src/entry-server.tsx'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/], [arguments.1.type="TemplateLiteral"][arguments.1.expressions.length=0])',
          message: "Insert with replaceLiterally (apps/server/src/pages/replace-literally.ts) or a function replacer: a replacement string reads $&, $` and $' in user text as patterns.",
        },
      ],
    },
  },
  // A server module is used by others only through its index.ts.
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(\\.\\./)?modules/[a-z-]+/(?!index\\.js$|tables\\.js$).+|^\\.\\./[a-z-]+/(?!index\\.js$|tables\\.js$)(routes|service|repository|socket)', message: 'Use another module through its index.ts.' }] },
      ],
    },
  },
);
