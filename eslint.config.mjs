import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layers (docs/decisions/006-layering.md): the API's lower layers, `core/` (config, database),
 * `common/` (errors, i18n, validation, decorators, helpers) and `db/` (schema, policies), import no
 * feature folder; features import them. A relative import leaving one of these folders may only
 * reach another of them. One rule per depth, since a relative path counts its own `../`.
 */
const LOWER = '(core|common|db|types)(/|$)';
const layerRule = (depth) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./){${depth}}(?!${LOWER})`,
          message:
            'core/, common/ and db/ import no feature folder: move the code down or the caller up (docs/decisions/006-layering.md).',
        },
        {
          regex: `^(\\.\\./){${depth + 1},}`,
          message: 'core/, common/ and db/ import no feature folder (docs/decisions/006-layering.md).',
        },
      ],
    },
  ],
});

/**
 * Features (docs/decisions/006-layering.md): a feature folder of the API may use another feature's
 * services, modules, views, guards and helpers, but never its controllers (the HTTP edge: what they
 * shape belongs in a view or a service), and `auth/` uses no `accounts/` (accounts build on auth).
 * One rule per depth, as above; a file's own feature is reached with fewer `../`.
 */
const featureRule = (depth, extra = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          regex: `^(\\.\\./){${depth}}[a-z-]+/([a-z-]+/)*[a-z-]+\\.controller$`,
          message:
            "Another feature's controller is its HTTP edge, not a library: import what you need from its service or view (docs/decisions/006-layering.md).",
        },
        ...extra,
      ],
    },
  ],
});
const AUTH_USES_NO_ACCOUNTS = (depth) => ({
  regex: `^(\\.\\./){${depth}}accounts/`,
  message: 'auth/ uses no accounts/: accounts build on auth, not the reverse (docs/decisions/006-layering.md).',
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      'data/**',
      'e2e/.data/**',
      'release/**',
      '**/test-results/**',
      'api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        require: 'readonly',
        __dirname: 'readonly',
        module: 'writable',
        fetch: 'readonly',
        AbortSignal: 'readonly',
        setTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        global: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['api/src/*/*.ts'], rules: featureRule(1) },
  { files: ['api/src/*/*/*.ts'], rules: featureRule(2) },
  { files: ['api/src/*/*/*/*.ts'], rules: featureRule(3) },
  { files: ['api/src/auth/*.ts'], rules: featureRule(1, [AUTH_USES_NO_ACCOUNTS(1)]) },
  { files: ['api/src/auth/*/*.ts'], rules: featureRule(2, [AUTH_USES_NO_ACCOUNTS(2)]) },
  { files: ['api/src/{core,common,db}/*.ts'], rules: layerRule(1) },
  { files: ['api/src/{core,common,db}/*/*.ts'], rules: layerRule(2) },
  { files: ['api/src/{core,common,db}/*/*/*.ts'], rules: layerRule(3) },
);
