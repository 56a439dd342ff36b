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
import { availableParallelism } from 'node:os';
import { bin, buffered, checks, conclude, streamed, vitestArgs } from './parts';

// One worker more than vite.config.ts gives a single vitest: each of these two runs only part of
// the files, and most integration files wait on servers (measured on 2 CPUs: 111 s, 121 s with one fewer).
const extra = [`--maxWorkers=${availableParallelism() + 2}`, ...process.argv.slice(2)];
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
