export {
  configQueryOptions,
  MIN_POLL_MS,
  useConfig,
  usePollingIntervals,
  useTerminalConfig,
} from './api/configQuery';
export { configKeys } from './api/keys';
export { ConfigNotice } from './components/ConfigNotice';
