import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import pluginQuery from '@tanstack/eslint-plugin-query';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import { readdirSync } from 'node:fs';

/**
 * Import zones that hold the architecture (docs/adding-a-resource.md): gateways never import
 * services; packages never import the apps; a console feature never imports another feature,
 * except the shared invoice form.
 */
const SHARED_FEATURES = ['it-invoice-form'];
const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => {
  const others = features.filter((name) => name !== feature && !SHARED_FEATURES.includes(name));
  return {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
              message: `A feature does not import another feature (only ${SHARED_FEATURES.join(', ')}); move what both need to components/ or lib/.`,
            },
            ...SHARED_FEATURES.filter((name) => name !== feature).map((name) => ({
              regex: `^(\\.\\./)+(features/)?${name}/`,
              message: `Import ${name} through its public entry (features/${name}/index.ts).`,
            })),
          ],
        },
      ],
    },
  };
});
const importZones = [
  {
    files: ['apps/api/src/gateways/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)services/',
              message:
                "A gateway speaks only its network's language: services apply what it reports (docs/adding-a-resource.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/|^@fiscus/(api|web)(/|$)',
              message: 'Packages never import the apps.',
            },
          ],
        },
      ],
    },
  },
  ...featureZones,
  {
    // The app composes features through their public entry only; their routes are collected
    // by app/screens.ts (import.meta.glob of features/*/routes.ts).
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // A feature's second entry, `prefetch.ts`, is what a route's loader imports: it
              // starts the page's first call without waiting for the page's components.
              regex: '^(\\.\\./)+features/[^/]+/(?!prefetch$)',
              message:
                'app/ imports a feature only through its public entries (features/<feature>/index.ts, or prefetch.ts for a route loader).',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  ...pluginQuery.configs['flat/recommended'],
  ...importZones,
  {
    // No regular expression that can take super-linear time on its input (ARCHITECTURE: hostile
    // input); a regex that backtracks polynomially or exponentially fails the build. Tests,
    // benchmarks and browser journeys never see user input.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/bench/**', 'e2e/**', '**/scripts/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  prettier,
);
