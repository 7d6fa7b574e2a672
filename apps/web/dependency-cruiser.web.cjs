/**
 * The web app's import rules (issue 11, docs/decisions/015-web-forms-and-layers.md), for the lead to
 * fold into the repository's dependency-cruiser configuration; until then run them by hand from
 * apps/web (dependency-cruiser 17 needs the TypeScript compiler API, which TypeScript 7 does not
 * have, hence the TypeScript 5.9 beside it):
 *
 *   cd apps/web && npx -y -p dependency-cruiser@17 -p typescript@5.9 depcruise --config dependency-cruiser.web.cjs src
 *
 * Layers, top to bottom: app → routes → features → domain → components → lib; config (the path
 * registry) sits under all of them.
 */
module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment: 'features never import each other',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'web-routes-not-app',
      severity: 'error',
      comment: 'routes compose features; app sits above them',
      from: { path: '^src/routes/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'web-features-not-up',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(routes|app)/' },
    },
    {
      name: 'web-domain-not-up',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(features|routes|app)/' },
    },
    {
      name: 'web-components-not-up',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(domain|features|routes|app)/' },
    },
    {
      name: 'web-lib-not-up',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(components|domain|features|routes|app)/' },
    },
    {
      name: 'web-config-not-up',
      severity: 'error',
      from: { path: '^src/config/' },
      to: { path: '^src/(lib|components|domain|features|routes|app)/' },
    },
    { name: 'web-no-cycles', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
