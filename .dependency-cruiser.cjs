/**
 * The layers of the house, and the one direction through it. This file is the single source of
 * truth for the import rules (docs/architecture.md describes them); `npm run
 * lint` runs it, so a new circle or layer break fails CI.
 *
 *   pages (app/) -> components/ -> stores/ -> lib/api/ (the browser's HTTP client)
 *   route handlers (app/api/) -> lib/server/ (server-only domain code)
 *   Both sides meet only in lib/schemas, lib/i18n and lib/format (and the small pure modules
 *   beside them), never in each other.
 *
 * Draw the graph: npx depcruise app components stores lib middleware.ts instrumentation.ts --output-type dot | dot -T svg > graph.svg
 * or read it as text: npx depcruise ... --output-type text
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle, lazy import() included: one side must stop knowing the other (an event, or a shared module both import).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-stays-below',
      severity: 'error',
      comment: 'lib/server is plain (db, input, actor) domain code: it never reaches into the browser client, stores, components or pages.',
      from: { path: '^lib/server/' },
      to: { path: '^(lib/api|stores|components|app)/' },
    },
    {
      name: 'pure-modules-stay-pure',
      severity: 'error',
      comment: 'lib/format and lib/schemas are shared by both sides: they import neither the browser client, stores nor server code.',
      from: { path: '^lib/(format|schemas)/' },
      to: { path: '^(lib/api|lib/server|stores|components|app)/' },
    },
    {
      name: 'api-client-below-stores',
      severity: 'error',
      comment: 'The HTTP client is the bottom of the browser side: stores call it, never the other way round.',
      from: { path: '^lib/api/' },
      to: { path: '^(stores|components|app|lib/server)/' },
    },
    {
      name: 'browser-never-imports-server',
      severity: 'error',
      comment: 'Components and stores run in the browser too: server code reaches them as props from a page.',
      from: { path: '^(components|stores)/' },
      to: { path: '^lib/server/' },
    },
    {
      name: 'components-not-pages',
      severity: 'error',
      comment: 'Pages compose components, not the reverse: what a component needs from app/ moves beside it.',
      from: { path: '^(components|stores|lib)/' },
      to: { path: '^app/' },
    },
    {
      name: 'booking-announces-never-listens',
      severity: 'error',
      comment: 'Booking records facts and announces them (lib/server/events); the waitlist subscribes. Booking never imports a listener.',
      from: { path: '^lib/server/(booking|clinic)/' },
      to: { path: '^lib/server/waitlist/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.next|node_modules|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      dot: { collapsePattern: 'node_modules/(@[^/]+/[^/]+|[^/]+)' },
      text: { highlightFocused: true },
    },
  },
};
