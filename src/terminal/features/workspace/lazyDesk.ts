/**
 * The docking library is most of a first load's worth of code: the app imports this only from a
 * chunk of its own (app/Dock.tsx, with the panels' headers), loaded after the markets.
 */
export { default as DockDesk } from './components/DockDesk';
