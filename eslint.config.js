import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // The compiled catalogues are written by `npm run i18n:compile`; their .po sources are what is read.
  // .cache/ holds tools' caches and the tests' server bundle (test/helpers/serverBundle.ts).
  { ignores: ['dist/', 'data/', 'coverage/', 'bench-results/', '.cache/', 'src/terminal/locales/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // The project's size limits: a file or function past them is split, not waved through.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // A component is one function; 120 lines leaves room for its markup.
    files: ['src/**/*.tsx'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 120 }],
    },
  },
  {
    files: ['src/terminal/**/*.{ts,tsx}', 'test/component/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler is not used, so its library-compatibility warnings do not apply.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Component tests may build fixtures with the simulator; the terminal itself may not.
    files: ['src/terminal/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/proxy', '**/proxy/**', '**/service', '**/service/**'], message: 'Browser code never imports proxy or service code.' },
            { group: ['node:*'], message: 'Browser code cannot use Node built-ins.' },
          ],
        },
      ],
    },
  },
);
