import { readdirSync } from 'node:fs';

/**
 * Web import rules (issue 10). Features are islands: a feature imports only itself, src/web/components,
 * src/web/lib and src/shared (and server *types*); what two features share moves to components/ or lib/.
 * Only a feature's api.ts (and lib/ wiring) talks to the typed client, so that query keys, caching and
 * invalidation live in one data module per feature.
 *
 * ESLint keeps one set of options per rule and file (the last matching config wins), so every web file is
 * matched by exactly one object below, and each carries the whole web policy, including the server-types
 * rule of eslint.config.js (`importDirection.web`), which these objects replace for src/web.
 */
const FEATURES = readdirSync(new URL('../src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SERVER_TYPES_ONLY = {
  group: ['**/server/**', '**/server', '@server/*', '@server'],
  allowTypeImports: true,
  message: 'The web may import server types only (import type). Put shared rules in src/shared.',
};
const NO_CLIMBING = {
  regex: '^\\.\\./',
  message: 'Import from outside this folder through its alias (@web/…, @shared/…), not ../ climbs.',
};
const NO_FEATURES = {
  regex: '^@web/features/',
  message: 'src/web/components and src/web/lib serve every feature: they import none.',
};
const NO_CLIENT = {
  regex: '^@web/lib/api$',
  message: "Call the server through your feature's api.ts (queries, mutation hooks), never the client directly.",
};
const otherFeatures = (feature) => ({
  regex: `^@web/features/(?!${feature}(/|$))`,
  message: 'Features do not import one another: move what they share to src/web/components or src/web/lib.',
});

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_TYPES_ONLY, NO_CLIMBING, ...patterns] }] },
});

const TS = '**/*.{ts,tsx}';

/**
 * The same walls for dynamic import(): the rules above see static imports only, so a lazy route could load another
 * feature's screen unseen. import-x resolves both kinds of import to files and checks them against these zones.
 */
const WEB = 'src/web';
const dynamicZones = [
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import one another, statically or with import(): move what they share to src/web/components or src/web/lib.',
  })),
  {
    target: [`${WEB}/components`, `${WEB}/lib`],
    from: `${WEB}/features`,
    message: 'src/web/components and src/web/lib serve every feature: they import none.',
  },
  { target: 'src/shared', from: ['src/server', 'src/web', 'src/views'], message: 'src/shared is pure: no server, web or views imports.' },
  { target: 'src/views', from: ['src/server', 'src/web'], message: 'src/views may import src/shared only.' },
];

export default [
  { files: [`src/web/${TS}`, `src/shared/${TS}`, `src/views/${TS}`], rules: { 'import-x/no-restricted-paths': ['error', { zones: dynamicZones }] } },
  ...FEATURES.flatMap((feature) => {
    const root = `src/web/features/${feature}`;
    return [restrict([`${root}/${TS}`], [otherFeatures(feature), NO_CLIENT], [`${root}/api.ts`]), restrict([`${root}/api.ts`], [otherFeatures(feature)])];
  }),
  restrict([`src/web/components/${TS}`], [NO_FEATURES, NO_CLIENT]),
  restrict([`src/web/lib/${TS}`], [NO_FEATURES]),
  restrict([`src/web/app/${TS}`, `src/web/i18n/${TS}`, 'src/web/*.{ts,tsx}'], [NO_CLIENT]),
];
