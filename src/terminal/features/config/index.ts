export {
  configQueryOptions,
  MIN_POLL_MS,
  useConfig,
  usePollingIntervals,
  useTerminalConfig,
} from './api/configQuery';
export { ConfigNotice } from './components/ConfigNotice';
