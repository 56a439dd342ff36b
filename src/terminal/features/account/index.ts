export { ConfigTable, Unavailable } from './components/ConfigTable';
export { SummaryStrip } from './components/SummaryStrip';
export { Tabs, type TabSpec } from './components/Tabs';
export { honestSummaryItems, startOfDay, summarySourceIds, summaryValues, symbolsPricedByMark, type SummaryInputs } from './model/summary';
export { countStatus, tableSource, type AccountSources, type TableSource } from './model/sources';
