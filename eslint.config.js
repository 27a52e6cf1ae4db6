import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/** Node built-ins under both spellings (`fs`, `node:fs`), for the layers that must not use them. */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `node:${name}`]);

const electronBan = {
  name: 'electron',
  message:
    'Only src/main and src/preload may import electron; keep core, server and shared plain Node (docs/architecture.md, Import rules).',
};

/**
 * One way to turn a caught value into words: messageOf (src/core/util/message-of.ts). A cast hides a
 * thrown string or object, whose `.message` is undefined. (A later `no-restricted-syntax` for the same
 * files replaces this one, so such blocks spread these in.)
 */
const messageOfRules = [
  "MemberExpression[property.name='message'][object.type='TSAsExpression'][object.typeAnnotation.typeName.name='Error']",
  "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message'][alternate.callee.name='String']",
].map((selector) => ({ selector, message: 'Use messageOf(error) (src/shared/message-of.ts) for the message of a caught value.' }));

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**', 'release/**', 'coverage/**', '.bench-tmp/**', '.shadow-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // Type information from tsconfig.json (Node layers, tests, benchmarks, config files).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A promise nobody awaits loses its errors; write `void` where dropping it is meant.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // The renderer is compiled for the browser by tsconfig.web.json (DOM types, JSX), which the project
    // service would not pick for these files: it only looks for the nearest tsconfig.json.
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false, project: ['./tsconfig.web.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    // The renderer's components follow the rules of hooks and of the React Compiler.
    files: ['src/renderer/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // Tests read loosely typed JSON answers (HTTP bodies, MCP results, parsed files): `any` there is a
    // convenience, not a hole in the product, and so is reading or passing on its fields. Floating
    // promises stay errors: an unawaited call in a test hides its failure.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Test doubles stand in for async interfaces (capture sources, LLM clients, probes) and answer at
      // once; `async` keeps them shaped like what they replace.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Plain JS (the launcher in bin/, this file) has no types to check.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly' },
    },
  },
  {
    // The KWin script (assets/desktops/kde): a script KWin's JavaScript engine runs, with KWin's globals.
    files: ['assets/desktops/kde/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { workspace: 'readonly', KWin: 'readonly', callDBus: 'readonly' } },
  },
  {
    // GNOME Shell extensions (assets/desktops/gnome, the tests' driver): scripts GNOME Shell's GJS runs,
    // with its globals; `init` is the entry point GNOME Shell calls.
    files: ['assets/desktops/gnome/**/*.js', 'tests/fixtures/gnome-*/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { imports: 'readonly', global: 'readonly', TextEncoder: 'readonly' } },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^init$', caughtErrors: 'none' }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...messageOfRules] },
  },
  // Layer rules (docs/architecture.md, Import rules). Paths: the folders themselves, and what they must not reach.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['src/main/**', 'src/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronBan], patterns: [{ group: ['electron/*'], message: electronBan.message }] }],
    },
  },
  {
    // The domain throws DomainError (src/core/errors.ts) and knows no transport: the API layer sits on top.
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            { group: ['electron/*'], message: electronBan.message },
            {
              group: ['**/api/*', '**/core/api/*'],
              message: 'The domain must not import src/core/api (the adapter layer); throw DomainError from src/core/errors.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // CLI commands go through the operation table (src/cli/profile-operations.ts), never a repository.
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            { group: ['electron/*'], message: electronBan.message },
            {
              group: ['**/core/store/**'],
              message: 'The CLI calls operations (withOperations), not repositories; add an operation to the contract if one is missing.',
            },
          ],
        },
      ],
    },
  },
  {
    // The CLI writes to the terminal only through src/cli/format.ts, which strips escape sequences and
    // invisible characters from stored text (docs/privacy.md, Text that cannot hide or drive anything).
    files: ['src/cli/**/*.ts'],
    ignores: ['src/cli/format.ts'],
    rules: {
      'no-console': 'error',
      // One no-restricted-syntax per file wins in flat config, so the CLI's list carries the messageOf rules too.
      'no-restricted-syntax': [
        'error',
        ...messageOfRules,
        {
          selector: "MemberExpression[object.object.name='process'][object.property.name=/^std(out|err)$/][property.name='write']",
          message: 'Print through src/cli/format.ts (print, write, printJson, printError, writeError).',
        },
      ],
    },
  },
  {
    // Electron's values enter main in one place, src/main/index.ts, and reach every other module through
    // the MainElectron interface (src/main/electron-api.ts), so main runs in tests against a fake of it.
    // IPC goes through one door: src/main/ipc.ts registers the operation handlers and sends the events,
    // the preload exposes them. Anywhere else in main, a channel would bypass the sender check.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowTypeImports: true,
              message: 'Only src/main/index.ts imports Electron; take what you need as a MainElectron member (src/main/electron-api.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/ipc.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...messageOfRules,
        {
          selector: "CallExpression[callee.object.name='ipcMain'], CallExpression[callee.object.property.name='ipcMain']",
          message:
            'Only src/main/ipc.ts (and the preload) touch IPC; add an operation or event there (docs/architecture.md, Import rules).',
        },
      ],
    },
  },
  {
    // The sandboxed preload may use electron's renderer modules only, and no Node built-ins.
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'A sandboxed preload cannot load Node modules.' })),
          patterns: [{ group: ['**/core/**', '**/server/**', '**/main/**'], message: 'The preload talks to main over IPC only.' }],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan, ...nodeBuiltins.map((name) => ({ name, message: 'The renderer runs in a browser: no Node modules.' }))],
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node modules.' },
            {
              group: ['**/core/**', '**/core', '**/server/**', '**/server', '**/main/**', '**/main'],
              message: 'The renderer reaches the engine through its api/ client only (src/shared types are fine).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Everything but zod and relative imports inside src/shared.
              regex: '^(?!zod($|/)|\\./|\\.\\./(?!\\.\\./)).*',
              message: 'src/shared imports nothing but zod (and other src/shared modules).',
            },
          ],
        },
      ],
    },
  },
);
