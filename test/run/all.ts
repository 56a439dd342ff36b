/**
 * `npm test`, every test: the production build first (the `build` and `browser` projects read
 * dist/), then every vitest project, with types, lint and the dependency rules beside them, one
 * after another at a lower CPU priority: they fill the waits of the integration and browser files
 * instead of holding them back (cold, on a clean clone, they take about 45 s). The command fails
 * when any part fails, and says which. Arguments go to vitest.
 */
import { bin, checks, conclude, streamed } from './parts';

const extra = process.argv.slice(2);
const built = await streamed('build', bin('vite'), ['build']);
if (!built) conclude([{ name: 'build', passed: false }]);
else {
  const [failedChecks, tests] = await Promise.all([checks(), streamed('tests', bin('vitest'), ['run', ...extra])]);
  conclude([...failedChecks.map((name) => ({ name, passed: false })), { name: 'tests', passed: tests }]);
}
