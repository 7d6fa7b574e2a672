/**
 * The import rules of the house (docs/ARCHITECTURE.md, decision 012), checked by `npm run lint`.
 * Server: the floor (platform/) imports no area and nothing of the app; an area imports another
 * only through that area's index.ts; no cycles. Web (decision 015): app → routes → features →
 * domain → components → lib, with config/paths.ts under all; features never import each other.
 *
 * TypeScript 7 has no compiler API, so dependency-cruiser reads the sources through swc
 * (@swc/core), type-only imports included.
 */
module.exports = {
  forbidden: [
    {
      name: 'floor-imports-no-area',
      comment: 'platform/ is the floor: it knows no business area and nothing of the app above it.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(areas|app|test)/' },
    },
    {
      name: 'area-through-its-index',
      comment: "Another area's files are its own business: import its public entry (index.ts).",
      severity: 'error',
      from: { path: '^apps/server/src/areas/([^/]+)/' },
      to: {
        path: '^apps/server/src/areas/([^/]+)/',
        pathNot: ['^apps/server/src/areas/$1/', '^apps/server/src/areas/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'outside-through-the-index',
      comment: 'The app, the seed and the test harness see an area only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/(app|test)/' },
      to: { path: '^apps/server/src/areas/[^/]+/', pathNot: '^apps/server/src/areas/[^/]+/index[.]ts$' },
    },
    {
      name: 'areas-below-the-app',
      comment: 'Areas are below the app: only their tests may use the test harness and the seed.',
      severity: 'error',
      from: { path: '^apps/server/src/areas/', pathNot: '[.]test[.]ts$' },
      to: { path: '^apps/server/src/(app|test)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle of imports makes two modules one: break it by moving what both need down.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-no-feature',
      comment:
        'Features never import each other; what two features need moves down (domain, components, lib) or is composed by the route.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-routes-below-the-app',
      comment: 'Routes compose features; the app (router, shell) sits above them.',
      severity: 'error',
      from: { path: '^apps/web/src/routes/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-features-below-routes',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(routes|app)/' },
    },
    {
      name: 'web-domain-below-features',
      severity: 'error',
      from: { path: '^apps/web/src/domain/' },
      to: { path: '^apps/web/src/(features|routes|app)/' },
    },
    {
      name: 'web-components-below-domain',
      severity: 'error',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/(domain|features|routes|app)/' },
    },
    {
      name: 'web-lib-below-components',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/(components|domain|features|routes|app)/' },
    },
    {
      name: 'web-paths-at-the-bottom',
      comment: 'The path registry sits under every web layer.',
      severity: 'error',
      from: { path: '^apps/web/src/config/' },
      to: { path: '^apps/web/src/(lib|components|domain|features|routes|app)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|/migrations/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
