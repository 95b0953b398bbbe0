/**
 * ARCHITECTURE.md's "Where code lives" table as eslint-plugin-import-x `no-restricted-paths` zones:
 * a file under `target` may not import anything under `from` except the `except` paths (relative to
 * each `from`). Imports are resolved (TypeScript paths, index files, packages in node_modules), so a
 * zone sees `'../../api/client'` and `'../../api/client.ts'` alike. Each message says what to do instead.
 * tests/ has no zone: a test may import anything.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The sub-folders of a folder of the repository: each feature area, each flow area. */
const foldersOf = (folder) =>
  readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The files of src/flows that must stay pure (all but the real effects `x.effects.ts` and the examples `x.examples.ts`). */
const pureFlowFiles = (folder) => `${folder}/**/!(*.effects|*.examples).ts`;

/** The shared data the whole client reads: the catalog, the API contract and the theme names. */
const sharedData = ['./src/catalog', './src/api/schemas.ts', './src/themes/names.ts'];

const clientZones = [
  {
    target: pureFlowFiles('src/flows'),
    from: '.',
    except: ['./src/flows', './node_modules/xstate', ...sharedData],
    message:
      'Machines are framework-free: a machine, its types, facts and selectors import only xstate, src/catalog, ' +
      "src/api/schemas and src/themes/names. Name the effect in setup() and provide it in the area's x.effects.ts.",
  },
  ...foldersOf('src/flows')
    .filter((area) => area !== 'shared')
    .map((area) => ({
      target: pureFlowFiles(`src/flows/${area}`),
      from: 'src/flows',
      except: [`./${area}`, './shared'],
      message: `A machine area (src/flows/${area}) imports only its own files and src/flows/shared: move what several areas use into src/flows/shared.`,
    })),
  {
    target: 'src/flows/**/*.effects.ts',
    from: '.',
    except: ['./src/flows', './src/api', './src/catalog', './src/themes', './node_modules'],
    message:
      "A flow's real effects (x.effects.ts) import its flows, src/api, src/catalog, src/themes and packages; " +
      'the arrows run routes → features → app → flows: React hooks and the root actor live in src/app.',
  },
  {
    target: 'src/flows/**/*.examples.ts',
    from: '.',
    except: ['./src/flows', './node_modules/xstate', ...sharedData],
    message:
      "A flow's examples (x.examples.ts) are data: they import only the flows, src/catalog, src/api/schemas and src/themes/names.",
  },
  {
    target: ['src/features', 'src/routes', 'src/components'],
    from: ['src/api/client.ts', 'src/api/endpoints.ts', 'src/api/call.ts'],
    message: 'Views do not call the API: name an effect beside the root actor (src/app) and send an event.',
  },
  ...foldersOf('src/features').map((area) => ({
    target: `src/features/${area}`,
    from: 'src/features',
    except: [`./${area}`],
    message: `A feature area (src/features/${area}) never imports another: move what both use into src/components (views, styles) or src/catalog (data).`,
  })),
  {
    // The flows viewer shows what the flows tooling (tools/flows) computes; no other view imports it.
    target: foldersOf('src/features')
      .filter((area) => area !== 'flows')
      .map((area) => `src/features/${area}`),
    from: 'tools',
    message: 'Only the flows viewer (src/features/flows) reads the flows tooling (tools/flows).',
  },
  {
    target: 'src/features',
    from: '.',
    except: [
      './src/features',
      './tools/flows',
      './src/app',
      './src/components',
      './src/catalog',
      './src/api',
      './src/themes',
      './src/flows',
      './node_modules',
    ],
    message:
      'Views of a feature import src/app, src/components, src/catalog, src/api/schemas, src/themes and src/flows (types, selectors); ' +
      'route files and the entries import them, never the other way.',
  },
  {
    target: 'src/routes',
    from: '.',
    except: [
      './src/routes',
      './src/app',
      './src/features',
      './src/components',
      './src/catalog',
      './src/api',
      './node_modules',
    ],
    message:
      'Route files stay thin: they import src/app, src/features, src/components, src/catalog and src/api/schemas; ' +
      'a machine is started through its flow (src/flows, started by src/app).',
  },
  {
    target: 'src/components',
    from: '.',
    except: ['./src/components', './src/themes', './src/api', './node_modules'],
    message:
      'Shared view parts import only src/components, src/themes and src/api/schemas types: ' +
      'a feature passes what it knows in as props.',
  },
  {
    target: 'src/api',
    from: '.',
    except: ['./src/api', './src/themes/names.ts', './node_modules'],
    message:
      'src/api is the contract and the HTTP client: it imports nothing of the app. ' +
      'Effects that use it live in src/flows (x.effects.ts) or src/app.',
  },
  {
    target: 'src/catalog',
    from: '.',
    except: ['./src/catalog', './node_modules'],
    message:
      'src/catalog is typed data: it imports nothing but itself (and packages). Put behaviour in src/flows or src/app.',
  },
  {
    target: 'src/themes',
    from: '.',
    except: ['./src/themes', './node_modules'],
    message: 'src/themes (the theme contract, presets and names) imports nothing but itself and packages.',
  },
  {
    // The other client folders list what they may import above; src/app and the entries may import all of src/.
    target: ['src/app', 'src/flows', 'src/*.{ts,tsx}'],
    from: ['server', 'tests', 'scripts', 'tools'],
    message:
      'The client never imports the server, the tests, the scripts or the tooling: share data through src/catalog or src/api/schemas.',
  },
  {
    // The flows tooling (documents, exports, requirement reports) reads the machines; scripts, tests and the
    // flows viewer import it, never the other way.
    target: 'tools',
    from: '.',
    except: ['./tools', './src/flows', './node_modules'],
    message:
      'The flows tooling (tools/flows) imports only itself, the flows (src/flows) and packages: ' +
      'the viewer, the scripts and the tests import it.',
  },
];

const serverZones = [
  {
    target: 'server',
    from: '.',
    except: [
      './server',
      './src/catalog',
      './src/api/schemas.ts',
      './src/api/operations',
      './src/themes/names.ts',
      './src/themes/presets.ts',
      './src/themes/scale.ts',
      './src/themes/brand.ts',
      './node_modules',
    ],
    message:
      'The server shares only src/catalog and src/api/schemas and src/api/operations (the contract) with the SPA, ' +
      "and the themes' data (names, presets, scale, brand mark: the look of the pages it writes).",
  },
  {
    target: 'server/routes',
    from: 'server/routes',
    message: 'A route never imports another route: move what they share into server/services.',
  },
  {
    target: 'server/routes',
    from: ['server/db', 'server/providers', 'server/payments', 'server/workers'],
    message:
      'Routes are HTTP only: they reach the database (db/schema), providers, payments and workers through a service.',
  },
  {
    target: 'server/services',
    from: ['server/routes', 'server/middleware'],
    message:
      'Services hold the rules and never import the HTTP layer (routes, middleware): take what they need as arguments.',
  },
  {
    target: ['server/middleware', 'server/lib'],
    from: ['server/routes', 'server/db', 'server/providers', 'server/payments', 'server/workers'],
    message: 'Middleware and helpers reach the database and the back-ends through a service, and never import a route.',
  },
  {
    target: 'server/providers',
    from: 'server',
    except: ['./providers', './workers'],
    message:
      'Providers import only server/workers (and src/catalog): what a run needs from the rest of the server, ' +
      'server/services passes in through the provider interface.',
  },
  {
    target: 'server/workers',
    from: 'server',
    except: ['./workers', './providers/media'],
    message: 'The worker pool imports only its own files and the CPU tasks of server/providers/media.',
  },
  {
    target: 'server/payments',
    from: 'server',
    except: ['./payments', './lib'],
    message: 'Payment back-ends import only server/lib: server/services applies what they report.',
  },
  {
    target: 'server/db',
    from: 'server',
    except: ['./db'],
    message: 'server/db (schema, migrations, connection) imports nothing else of the server: services use it.',
  },
];

export const zones = [...clientZones, ...serverZones];
