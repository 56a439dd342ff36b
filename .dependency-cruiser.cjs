/**
 * The architecture, enforced: `npm test` fails when an import crosses a line drawn here.
 * Parts: interface (shared by all) ← terminal (browser) | proxy | service ← src/main.ts.
 * Inside the terminal: shared → features → app, and features never reach into each other.
 */
module.exports = {
  forbidden: [
    {
      name: 'terminal-not-to-servers',
      comment: 'Browser code never imports proxy or service code.',
      severity: 'error',
      from: { path: '^src/terminal/' },
      to: { path: '^src/(proxy|service|main\\.ts)' },
    },
    {
      name: 'terminal-not-to-node',
      comment: 'Browser code cannot use Node built-ins.',
      severity: 'error',
      from: { path: '^src/terminal/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'interface-stands-alone',
      comment: 'The interface is shared by every part and depends on none of them.',
      severity: 'error',
      from: { path: '^src/interface/' },
      to: { path: '^src/(terminal|proxy|service|main\\.ts)' },
    },
    {
      name: 'interface-not-to-node',
      comment: 'The interface runs in the browser too.',
      severity: 'error',
      from: { path: '^src/interface/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'proxy-not-to-service',
      comment: 'The proxy talks to any service over HTTP, never to the embedded one in-process.',
      severity: 'error',
      from: { path: '^src/proxy/' },
      to: { path: '^src/(service|terminal)/' },
    },
    {
      name: 'service-not-to-proxy',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: '^src/(proxy|terminal)/' },
    },
    {
      name: 'server-plugins-not-to-routes',
      comment: 'A service plugin gives routes what they share (decorators, hooks); it never knows a route.',
      severity: 'error',
      from: { path: '^src/(service|proxy)/plugins/' },
      to: { path: '^src/(service|proxy)/(routes/|app\\.ts)' },
    },
    {
      name: 'proxy-routes-reach-the-journal-through-its-decorator',
      comment: 'A route uses app.journal (opened, recovered and closed by plugins/journal.ts), never the module.',
      severity: 'error',
      from: { path: '^src/proxy/routes/' },
      to: { path: '^src/proxy/(journal|groupCommit|sessions/sessionStore)' },
    },
    {
      name: 'server-routes-not-to-other-routes',
      comment: 'One file per resource; what two resources share belongs in a plugin.',
      severity: 'error',
      from: { path: '^src/(service|proxy)/routes/([^/]+)$' },
      to: { path: '^src/$1/routes/', pathNot: '^src/$1/routes/$2$' },
    },
    {
      name: 'shared-not-to-features-or-app',
      comment: 'Terminal imports go shared → features → app.',
      severity: 'error',
      from: { path: '^src/terminal/shared/' },
      to: { path: '^src/terminal/(features|app)/' },
    },
    {
      name: 'features-not-to-app',
      severity: 'error',
      from: { path: '^src/terminal/features/' },
      to: { path: '^src/terminal/app/' },
    },
    {
      name: 'features-not-to-other-features',
      comment: 'A feature owns its components, hooks and store; the app composes features.',
      severity: 'error',
      from: { path: '^src/terminal/features/([^/]+)/' },
      to: { path: '^src/terminal/features/', pathNot: '^src/terminal/features/$1/' },
    },
    {
      name: 'app-uses-feature-entry-only',
      comment: 'The app reaches a feature through its index, never its insides.',
      severity: 'error',
      from: { path: '^src/terminal/(app|main\\.tsx)' },
      to: { path: '^src/terminal/features/[^/]+/.+', pathNot: '^src/terminal/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.css$' },
  },
};
