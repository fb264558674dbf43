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
  { files: ['api/src/{core,common,db}/*.ts'], rules: layerRule(1) },
  { files: ['api/src/{core,common,db}/*/*.ts'], rules: layerRule(2) },
  { files: ['api/src/{core,common,db}/*/*/*.ts'], rules: layerRule(3) },
);
