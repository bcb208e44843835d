// ESLint for the whole repository: typescript-eslint, React hooks and jsx-a11y for the web app, and
// the architecture's layer rules as import restrictions.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Routes (src/app) compose features and the kit; nothing imports them back. */
const appImports = { group: ['@/app', '@/app/**'], message: 'Nothing imports the routes (src/app): they compose features and the kit.' };
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const drizzleImports = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories (*.repository.ts) and src/db/ touch Drizzle: call a repository instead.',
};
const moduleImports = {
  group: ['**/modules/**'],
  message: 'The platform (lib, db, storage, mail, sms) does not import a module: take what it needs as a parameter, typed by an interface of its own.',
};
const schemaImports = {
  group: ['**/db/schema', '**/*.schema'],
  message: 'Only repositories (*.repository.ts) and src/db/ import the database schema.',
};

/**
 * Every table has one owning module, and only that module's repository writes it. A module's public
 * surface is its *.service.ts files (and its plain helpers, e.g. jobs/jobs.ts, read/visibility.ts); its
 * repositories, routes and schema are its own. Another module's data is read or changed through
 * that module's service: `profileReads(tx)`, `profileWrites(tx)`, `authAccounts(tx)`… Paths are
 * relative: from modules/<x>/, `../<y>/…` is another module and `../../auth/…` the auth module.
 * No exceptions: the visibility rules' SQL forms, which every repository composes, are platform (src/db/visibility.ts).
 */
const foreignModulePrivate = {
  group: ['../*/*.repository', '../*/*.routes', '../../auth/*.repository'],
  message: "A module imports another only through its public surface (its *.service.ts): ask the owning module's service to read or change its data.",
};
/** Tables: only src/db/ (which gathers them) and the owning module import a module's schema; schema files may reference another's tables for foreign keys. */
const foreignSchemaImports = {
  group: ['../*/*.schema', '../../auth/auth.schema'],
  message:
    "Only src/db/ and the owning module import a module's tables (*.schema.ts): read them through src/db/schema, write them through the owner's service.",
};
/** The composition root (services.ts, app.ts…) and the CLI wire services; they reach no repository either. */
const rootModulePrivate = {
  group: ['./modules/*/*.repository', '../modules/*/*.repository'],
  message: "Wire a module's service, not its repository: the service exposes what others may read or change.",
};
/** The auth module (src/auth) asks modules through their services too. */
const authModulePrivate = {
  group: ['../modules/*/*.repository', '../modules/*/*.routes', '../../modules/*/*.repository', '../../modules/*/*.routes'],
  message: 'The auth module imports a module only through its public surface (its *.service.ts).',
};

export default tseslint.config(
  {
    // apps/*/dist-* and .bench: servers that tests and benchmarks compile, maybe while lint runs beside them.
    ignores: [
      '**/dist/**',
      'apps/*/dist-*/**',
      'apps/server/.bench/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'apps/web/public/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },

  // The web app: browser globals, hooks rules and accessibility.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label may wrap its control or point at it; Radix controls carry their own roles.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3 }],
      'jsx-a11y/no-autofocus': 'off',
      // A scrollable region must be focusable for keyboard users (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },

  // Server layers: routes → service → repository; only repositories (and src/db) touch Drizzle.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      // The schema, split per module: table definitions, read only by repositories.
      'apps/server/src/**/*.schema.ts',
      // better-auth's Drizzle adapter is handed the auth tables: the auth module is their repository.
      'apps/server/src/auth/auth.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleImports, schemaImports] }] },
  },

  // Module boundaries (each block names every pattern that applies to its files: a later block's rule
  // replaces an earlier one's). A module's services and helpers: layers, and other modules' public surface only.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.schema.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleImports, schemaImports, foreignModulePrivate] }] },
  },
  // A module's repositories: its own tables (other tables are read through src/db/schema), other modules' public surface only.
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [foreignModulePrivate, foreignSchemaImports] }] },
  },
  // A module's schema: tables only; another module's tables for foreign keys.
  {
    files: ['apps/server/src/modules/**/*.schema.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [foreignModulePrivate] }] },
  },
  // The auth module: the layers, and modules' public surface only (auth.ts, better-auth's adapter, and its repository touch Drizzle).
  {
    files: ['apps/server/src/auth/**/*.ts'],
    ignores: ['apps/server/src/auth/auth.ts', 'apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.schema.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleImports, schemaImports, authModulePrivate] }] },
  },

  // The composition root and the CLI: the layers, and modules' services, not their repositories.
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/cli/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleImports, schemaImports, rootModulePrivate] }] },
  },

  // The server's platform (lib, db, storage, mail, sms) never imports a module: modules build on it, and the
  // composition root (services.ts, app.ts, server.ts) hands it what it needs of them (lib/job-queue.ts). The one
  // exception is db/schema.ts, which gathers every module's tables for Drizzle and its migrations. (Each block
  // names every pattern that applies to its files: a later block's rule replaces an earlier one's.)
  {
    files: ['apps/server/src/{lib,storage,mail,sms}/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.schema.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [drizzleImports, schemaImports, moduleImports] }] },
  },
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/{lib,storage,mail,sms}/**/*.{repository,schema}.ts'],
    ignores: ['apps/server/src/db/schema.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleImports] }] },
  },

  // A web feature never imports another feature: routes (src/app) compose them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '../../*', `!../../${feature}`, `!../../${feature}/**`],
              message: 'A feature does not import another feature: move the shared piece to src/components, src/lib or src/hooks, or compose in src/app.',
            },
            appImports,
          ],
        },
      ],
    },
  })),

  // The kit (components, hooks, lib, config) knows no feature and no route: features and routes build on it.
  {
    files: ['apps/web/src/{components,hooks,lib,config}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/**'], message: 'The kit does not import a feature: pass what it needs in, or move the piece into the kit.' },
            appImports,
          ],
        },
      ],
    },
  },

  // Rules that need the types (typescript-eslint's type information, from each file's tsconfig): promises
  // left unhandled or handed where nothing awaits them, awaiting what is not a promise, objects turned into
  // "[object Object]", a switch that forgets a case of a union, throwing what is not an Error.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contract/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A React event handler may be async: the attribute's returned promise is not the bug this catches.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
);
