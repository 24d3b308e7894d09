import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier/flat';
import serverRules from './eslint/server.js';
import webRules from './eslint/web.js';

/** Web code may use server *types* only; shared code stands alone. */
const importDirection = {
  web: {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server', '@server/**', '@server'],
              allowTypeImports: true,
              message: 'The web may import server types only (import type). Put shared rules in src/shared.',
            },
          ],
        },
      ],
    },
  },
  shared: {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '**/views/**', '@server/**', '@web/**', '@views/**', 'node:*'],
              message: 'src/shared is pure: no server, web or Node imports.',
            },
          ],
        },
      ],
    },
  },
  views: {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', '@server/**', '@web/**', 'node:*'],
              message: 'src/views holds React views rendered both by the server and in the browser: it may import src/shared only.',
            },
          ],
        },
      ],
    },
  },
  server: {
    files: ['src/server/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**', '@web/**'], message: 'The server never imports web code.' }] }],
    },
  },
};

/**
 * Hard-coded user-facing text that i18next/no-literal-string (jsx-text-only) does not see: a literal or a
 * template literal with letters put in JSX through an expression (`<p>{'Hello'}</p>`, `<p>{ok ? 'Yes' : 'No'}</p>`)
 * or given to a user-facing attribute (`alt={'Logo'}`, placeholder={`Search`}). Strings without letters
 * (separators, numbers) and strings inside calls (`t('key')`, `cx('px-2')`) are fine. The plugin's jsx-only
 * mode was tried: it flags every attribute (name, href, variant…), 700 false alarms.
 */
const LETTERS = '/[A-Za-z\\u00C0-\\u024F\\u0600-\\u06FF]/';
const USER_FACING_ATTRIBUTE = 'JSXAttribute[name.name=/^(title|alt|placeholder|aria-label|aria-description|aria-roledescription|aria-valuetext|label)$/]';
const IN_TEXT = ':matches(JSXElement, JSXFragment) > JSXExpressionContainer';
const IN_ATTRIBUTE = `${USER_FACING_ATTRIBUTE} > JSXExpressionContainer`;
const BRANCH = ':matches(ConditionalExpression, LogicalExpression)';
const literalText = (where) => [
  `${where} > Literal[value=${LETTERS}]`,
  `${where} > TemplateLiteral > TemplateElement[value.raw=${LETTERS}]`,
  `${where} > ${BRANCH} > Literal[value=${LETTERS}]`,
  `${where} > ${BRANCH} > TemplateLiteral > TemplateElement[value.raw=${LETTERS}]`,
];
const LITERAL_TEXT_RULES = [
  { selector: `${USER_FACING_ATTRIBUTE} > Literal`, message: 'User-facing attributes take a translated string: use t(...).' },
  ...literalText(IN_ATTRIBUTE).map((selector) => ({ selector, message: 'User-facing attributes take a translated string: use t(...).' })),
  ...literalText(IN_TEXT).map((selector) => ({ selector, message: 'Text shown to the user is a translation key: use t(...).' })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'data/**', 'node_modules/**', 'drizzle/**', 'e2e/.artifacts/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/views/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-facing string is a translation key: no literal text in JSX or in user-facing attributes.
      'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }],
      'no-restricted-syntax': ['error', ...LITERAL_TEXT_RULES],
    },
  },
  importDirection.web,
  importDirection.shared,
  importDirection.server,
  importDirection.views,
  ...serverRules,
  ...webRules,
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', 'tests/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  // Last, so that Prettier alone decides layout: it turns off any stylistic rule that would disagree.
  prettier,
);
