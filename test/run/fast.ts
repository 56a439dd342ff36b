/**
 * `npm run test:fast`, the inner loop: types, lint and the dependency rules, and the unit,
 * component and integration tests; no build, no browser. Three parts run at once:
 * - the integration files in one vitest (its output streamed). They mostly wait (real servers,
 *   paced requests, leases), and one vitest runs its projects one after another, so the CPUs
 *   idled through those waits;
 * - the unit and component files in a second vitest, which fills the waits;
 * - the checks, one after another at a lower CPU priority.
 * The command fails when any part fails, and says which. Arguments go to both vitest runs.
 */
import { bin, buffered, checks, conclude, streamed, vitestArgs } from './parts';

const extra = process.argv.slice(2);
const [failedChecks, integration, unitAndComponent] = await Promise.all([
  checks(),
  streamed('integration tests', bin('vitest'), vitestArgs(['integration'], extra)),
  buffered('unit and component tests', bin('vitest'), vitestArgs(['unit', 'component'], extra)),
]);
conclude([
  ...failedChecks.map((name) => ({ name, passed: false })),
  { name: 'integration tests', passed: integration },
  { name: 'unit and component tests', passed: unitAndComponent },
]);
