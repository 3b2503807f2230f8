// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const adminFeatures = readdirSync(new URL('apps/admin/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// API modules: each exposes what other modules may use in its `index.ts`; its table types
// (`<name>.table.ts`, what the database type is made of) may be read by any module too.
// Anything else of a module is its own. Tests may also use another module's test kit
// (`*test-kit.ts`, `test-fixtures.ts`): shared set-up, never code the app runs.
const apiModules = readdirSync(new URL('apps/api/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const moduleFiles = (module, pattern) =>
  readdirSync(new URL(`apps/api/src/modules/${module}`, import.meta.url))
    .filter((file) => pattern.test(file))
    .map((file) => `./${module}/${file}`);
const TABLE_FILE = /\.tables?\.ts$/;
const TEST_KIT_FILE = /(test-kit|test-fixtures)\.ts$/;
const moduleZones = (forTests) =>
  apiModules.map((module) => ({
    target: `apps/api/src/modules/${module}`,
    from: 'apps/api/src/modules',
    except: [
      `./${module}`,
      ...apiModules
        .filter((other) => other !== module)
        .flatMap((other) => [
          `./${other}/index.ts`,
          ...moduleFiles(other, TABLE_FILE),
          ...(forTests ? moduleFiles(other, TEST_KIT_FILE) : []),
        ]),
    ],
    message:
      "A module uses another only through its index.ts (and its table types): import '../<module>', " +
      'and export there what others may use.',
  }));

// Layer boundaries, checked on the resolved file, so every spelling of a path is caught
// (`../users/x`, `../../features/users/x`, a dynamic `import()`).
const boundaryZones = [
  // Admin: shared pieces (lib/, components/) -> features -> app; features never import each other.
  ...adminFeatures.map((feature) => ({
    target: `apps/admin/src/features/${feature}`,
    from: 'apps/admin/src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other; move shared code to components/ or lib/.',
  })),
  {
    target: ['apps/admin/src/components', 'apps/admin/src/lib'],
    from: ['apps/admin/src/features', 'apps/admin/src/app'],
    message: 'components/ and lib/ are shared pieces: they never import features/ or app/.',
  },
  {
    target: 'apps/admin/src/features',
    from: 'apps/admin/src/app',
    message: 'Features never import app/; app/ puts features together.',
  },
  // API: modules plug into the core, never the other way; db is below core.
  {
    target: 'apps/api/src/core',
    from: 'apps/api/src/modules',
    message: 'The core never imports a module; a module declares what it needs from the core.',
  },
  {
    target: 'apps/api/src/db',
    from: 'apps/api/src/core',
    message: 'db/ is below core/: move what both need into db/ or a shared file.',
  },
  // The app's services (mail, storage, sanitising) sit beside the core: modules use them.
  {
    target: ['apps/api/src/mail', 'apps/api/src/storage', 'apps/api/src/sanitize'],
    from: 'apps/api/src/modules',
    message:
      'mail/, storage/ and sanitize/ are services modules use; move a rule they need into core/.',
  },
];

// The admin's data layer: the only files that may write a query key as an array (the same
// files `code-figures` counts as the data layer).
const DATA_LAYER_FILES = [
  'apps/admin/src/**/api/**',
  'apps/admin/src/lib/api-*',
  'apps/admin/src/**/*query-keys*',
  'apps/admin/src/**/*queries.*',
  'apps/admin/src/**/*.test.{ts,tsx}',
];

const STORAGE_MESSAGE =
  'Read and write the browser storage with lib/storage.ts (`readStored`, `writeStored`…, keys in `STORAGE_KEYS`).';

/** What the admin's files may not import, and what to use instead. */
const ADMIN_IMPORTS = {
  // The resolver sees the workspace link, not the file behind it: refuse that spelling outright.
  patterns: [
    {
      group: ['@backoffice/admin', '@backoffice/admin/**'],
      message: "Import the admin's own files by a relative path, so the layer rules can see them.",
    },
  ],
  paths: [
    {
      name: 'antd',
      importNames: ['InputNumber'],
      message:
        'Use NumberInput (components/form-fields/number-input.tsx): its step arrows are named in ' +
        "the reader's language.",
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // a build's scratch folders, left behind when a build is killed (see .gitignore)
      '**/dist.next-*/**',
      '**/dist.old-*/**',
      '.e2e-apps/**',
      'data/**',
      '.test-results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...boundaryZones, ...moduleZones(false)] },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-control-regex': 'off',
    },
  },
  {
    // A test may set up with another module's test kit as well.
    files: ['apps/api/src/modules/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...boundaryZones, ...moduleZones(true)] },
      ],
    },
  },
  {
    // `Database` and Fastify's own types are interfaces on purpose: modules augment them.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-definitions': 'off',
      // A handler's request parts have the types of its route's schemas (core/typed-app.ts): a
      // cast would claim a shape that no schema checked.
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].map((cast) => ({
          selector: `${cast} > MemberExpression.expression[object.name='request'][property.name=/^(body|params|query)$/]`,
          message:
            "Declare the request part in the route's schema (body, params, querystring) and read " +
            'it as typed, never through a cast.',
        })),
      ],
    },
  },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', ADMIN_IMPORTS],
    },
  },
  {
    // The one wrapper of Ant Design's number input (its arrows named in the reader's language).
    files: ['apps/admin/src/components/form-fields/number-input.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ADMIN_IMPORTS.patterns }],
    },
  },
  {
    // Query keys are made in the admin's data layer, one set per endpoint (its client's `keys`
    // and `queryOptions`): two screens typing one key by hand for differently shaped answers
    // hand each other the wrong data. Elsewhere a key comes from those factories.
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    ignores: DATA_LAYER_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "Property[key.name='queryKey'] > ArrayExpression.value",
          "Property[key.name='queryKey'] > TSAsExpression.value > ArrayExpression",
          "Property[key.name='queryKey'] > TSSatisfiesExpression.value > ArrayExpression",
        ].map((selector) => ({
          selector,
          message:
            "A query key is made in the data layer: use the endpoint's `keys` or `queryOptions` " +
            "(a feature's api/ file, or lib/api/), never an array written here.",
        })),
      ],
    },
  },
  {
    // The browser's storage goes through lib/storage.ts: one list of keys, and a screen that
    // still works when storage is refused (private mode). The first script of index.html spells
    // its few reads itself, since an import would make it wait for the app's main file.
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/admin/src/lib/storage.ts',
      'apps/admin/src/signed-in-preload.ts',
      'apps/admin/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['localStorage', 'sessionStorage'].map((name) => ({ name, message: STORAGE_MESSAGE })),
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['localStorage', 'sessionStorage'].map((property) => ({
            object,
            property,
            message: STORAGE_MESSAGE,
          })),
        ),
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'examples/**/*.mjs', '*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
);
