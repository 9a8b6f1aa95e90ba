import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // web: app → features → shared (bulletproof-react, CONVENTIONS "the shape of the house").
  // app = src/app, src/layouts, src/main.tsx: may import anything. A feature (src/features/<name>) may
  // import shared code and another feature only through that feature's door, '<name>/index.ts'; never
  // app or layouts. Shared code (src/components, src/lib, src/styles, src/test) imports shared code only.
  // Paths are relative, so the feature rule is written per folder depth: from features/<name>/<k dirs>/,
  // k + 1 '../' reach src/features. Tests need no exemption: they use the doors too. `import()` is not
  // checked by this rule; the lazy screens are imported by app/routes.ts, which may.
  ...[0, 1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|layouts)/|^(\\.\\./)+main\\.tsx$',
              message:
                'A feature does not import the app or a layout: move what both need to src/lib or src/components.',
            },
            {
              regex: `^(\\.\\./){${depth + 1}}(?!\\.)[^/]+/(?!index\\.ts$)`,
              message: "Another feature is reached through its door: import '<feature>/index.ts'.",
            },
            {
              regex: '(^|/)features/[^/]+/(?!index\\.ts$)',
              message: "Another feature is reached through its door: import '<feature>/index.ts'.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,styles,test}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(app|layouts|features)/|^(\\.\\./)+main\\.tsx$',
              message: 'Shared code (components, lib, styles, test) imports shared code only.',
            },
          ],
        },
      ],
    },
  },

  {
    // web: contracts by subpath ('@portal/contracts/permissions'); the package's index loads every
    // Zod schema, which the first page must not (bench/bundle.mjs). Types may come from the index.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/contracts',
              allowTypeImports: true,
              message: "Import values by subpath: '@portal/contracts/<module>'.",
            },
          ],
        },
      ],
    },
  },

  // server: a module's door is its index.ts (CONVENTIONS: one door per module). Another module's
  // schema.ts is reachable from a schema.ts only, for foreign keys; tests set up data through HTTP
  // and may read tables directly. Plugins, adapters and the database layer sit below the modules.
  // Written per folder depth, as the web's: from modules/<name>/<k dirs>/, k + 1 '../' reach modules.
  ...[0, 1, 2].map((depth) => ({
    files: [`apps/server/src/modules/*/${'*/'.repeat(depth)}*.ts`],
    ignores: ['**/*.test.ts', 'apps/server/src/modules/*/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}(?!\\.)[^/]+/(?!index\\.ts$)`,
              message: "Another module is reached through its door: import '../<module>/index.ts'.",
            },
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.ts$)',
              message: "Another module is reached through its door: import '../<module>/index.ts'.",
            },
            { regex: '(^|/)db/schema\\.ts$', message: 'A module names its own tables (schema.ts), never all of them.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/modules/*/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?!index\\.ts$|schema\\.ts$)',
              message: "A schema file names another module's tables for foreign keys only: '../<module>/schema.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repos (a module's repo.ts, or its repo/ folder when the SQL has several jobs, as the
    // catalog's search): nothing else in a module builds queries or names tables. A module's
    // projections.ts holds the SQL values it lends other modules' queries (its door exports them).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/repo.ts', '**/repo/**', '**/schema.ts', '**/projections.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^drizzle-orm(/|$)', message: 'SQL lives in the module’s repo.ts.' },
            { regex: '(^|/)schema\\.ts$', message: 'Tables are read and written in the module’s repo.ts.' },
          ],
        },
      ],
    },
  },
  {
    // A door hands on operations (service functions, named reads, projections), never the repo itself:
    // what another module may call is chosen, and the repo stays free to change.
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^drizzle-orm(/|$)', message: 'SQL lives in the module’s repo.ts.' },
            { regex: '(^|/)schema\\.ts$', message: 'Tables are read and written in the module’s repo.ts.' },
            {
              regex: '^\\./repo(\\.ts$|/)',
              message: 'A door exports service functions, named reads (queries.ts) and projections, not the repo.',
            },
          ],
        },
      ],
    },
  },
  {
    // Outside the modules (main.ts, jobs to come): a module through its door. app.ts, the composition
    // root, also builds each module from its routes.ts and service.ts (the block below). The demo seed
    // loads every table in bulk, as tests set up data, and may name them.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**',
      'apps/server/src/seed/**',
      'apps/server/src/app.ts',
      '**/*.test.ts',
      'apps/server/src/db/schema.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.ts$)',
              message: "A module is reached through its door: import 'modules/<module>/index.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/app.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.ts$|routes\\.ts$|service\\.ts$)',
              message: 'app.ts builds a module from its index.ts, routes.ts and service.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // import() is held to the same doors: a module or a feature loads another only through its index.ts.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/{features,components,lib}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)(modules|features)\\/[^/]+\\/(?!index\\.ts$)/]',
          message: 'import() goes through the door too: <module or feature>/index.ts.',
        },
        {
          selector: 'ImportExpression[source.value=/^\\.\\.\\/(?!\\.)[^/]+\\/(?!index\\.ts$)/]',
          message: 'import() goes through the door too: ../<module or feature>/index.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{plugins,adapters,db}/**/*.ts'],
    // db/schema.ts is the index of every module's tables that drizzle-kit and the client read.
    ignores: ['**/*.test.ts', 'apps/server/src/db/schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/modules/',
              allowTypeImports: true,
              message: 'Plugins, adapters and the database layer sit below the modules (types only).',
            },
          ],
        },
      ],
    },
  },
);
