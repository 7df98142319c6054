import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['**/.next/**', 'node_modules/**', 'next-env.d.ts', '.data/**', 'test-results/**', 'playwright-report/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Issue 27: a form sent before its page's script ran must never put what was typed in the
    // address (a GET): every form posts, and the middleware sends a plain form post back to its page.
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name="form"]:not(:has(JSXAttribute[name.name="method"][value.value="post"]))',
          message: 'Give every <form> method="post": submitted before the page\'s script runs, a GET would put its fields in the address.',
        },
      ],
    },
  },
];

export default config;
