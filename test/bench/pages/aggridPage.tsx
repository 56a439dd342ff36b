/**
 * Contender (b) of the whole-page section: the same feed in AG Grid Community (aggridColumns.ts:
 * the markets page's columns, row ids and transactions), laid out as the terminal's Trade preset
 * (top bar and panel headers included) so the grid has about the markets panel's viewport. Beside it, in plain React and static (they do not
 * follow the feed), what else the terminal's page shows: a ticket-like form with a 10-row ladder,
 * and small orders and account tables. The chart's area is left empty: drawing candles is the
 * terminal's extra work, which this page does not do. The grid is what the comparison is about.
 *
 * Each symbol is marked with the terminal's element-timing name, so a cold load is read the same
 * way on both pages (navigation to the first market symbol painted).
 */
import type { GridReadyEvent, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MARKET_PAINT_TIMING } from '@/terminal/features/markets/paintTiming';
import './pages.css';
import './aggridPage.css';
import { columns, feedGrid, getRowId, theme } from './aggridColumns';
import { ROW_HEIGHT, type Quote } from './shared';

/** A plain (not React) renderer: a symbol never changes, so it costs one span per row drawn. */
class SymbolCell implements ICellRendererComp<Quote> {
  private readonly gui = document.createElement('span');

  init(params: ICellRendererParams<Quote>): void {
    // A block, as the terminal's symbol is (a flex item): Chromium times text by its nearest
    // block, so an inline span's text would be timed as the unmarked cell's.
    this.gui.className = 'whole__symbol';
    this.gui.setAttribute('elementtiming', MARKET_PAINT_TIMING);
    this.gui.textContent = String(params.valueFormatted ?? params.value ?? '');
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams<Quote>): boolean {
    this.gui.textContent = String(params.valueFormatted ?? params.value ?? '');
    return true;
  }
}

/*
 * Rows not animated: AG Grid fades new rows in from opacity 0 by default, and Chromium does not
 * time text first painted invisible, so the first load would never report its first row. Updates
 * (the transactions of every later poll) are not animated either way.
 */
const pageColumns = columns.map((column) => (column.colId === 'symbol' ? { ...column, cellRenderer: SymbolCell } : column));
const onGridReady = ({ api }: GridReadyEvent<Quote>) => feedGrid(api);

const LADDER = Array.from({ length: 10 }, (_, index) => ({ price: (97_000 - index * 100).toFixed(1), quantity: '0.0100' }));

function Ticket() {
  return (
    <form className="whole__box whole__ticket" aria-label="Order ticket" onSubmit={(event) => event.preventDefault()}>
      <label>Symbol <input defaultValue="PERP_BTC_USDC" /></label>
      <label>Side <select defaultValue="BUY"><option>BUY</option><option>SELL</option></select></label>
      <label>From price <input defaultValue="97000.0" /></label>
      <label>To price <input defaultValue="96100.0" /></label>
      <label>Number of orders <input defaultValue="10" /></label>
      <label>Total quantity (BTC) <input defaultValue="0.1" /></label>
      <ol aria-label="Orders of the ticket">
        {LADDER.map((row) => <li key={row.price}>BUY {row.quantity} at {row.price}</li>)}
      </ol>
      <button type="submit">Send 10 orders</button>
    </form>
  );
}

function SmallTable({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  return (
    <section className="whole__box" aria-label={label}>
      <table>
        <thead><tr>{head.map((cell) => <th key={cell}>{cell}</th>)}</tr></thead>
        <tbody>{rows.map((row) => <tr key={row[0]}>{row.map((cell, index) => <td key={index}>{cell}</td>)}</tr>)}</tbody>
      </table>
    </section>
  );
}

function WholePage() {
  return (
    <div className="whole">
      <header className="whole__top">Bench: the whole page with AG Grid Community</header>
      <div className="whole__left">
        <section className="whole__markets" aria-label="Markets">
          <header className="whole__header">Markets <input type="search" placeholder="Search markets" /></header>
          <AgGridReact<Quote> theme={theme} columnDefs={pageColumns} getRowId={getRowId} rowHeight={ROW_HEIGHT} headerHeight={ROW_HEIGHT} animateRows={false} onGridReady={onGridReady} />
        </section>
        <section className="whole__box" aria-label="Chart" />
        <div className="whole__bottom">
          <SmallTable label="Orders" head={['Order id', 'Market', 'Side', 'Price', 'Quantity']} rows={[['101', 'PERP_BTC_USDC', 'BUY', '97,000.0', '0.0100'], ['102', 'PERP_ETH_USDC', 'SELL', '3,400.50', '0.5000']]} />
          <SmallTable label="Account" head={['Asset', 'Balance', 'Available']} rows={[['USDC', '10,000.00', '9,020.00']]} />
        </div>
      </div>
      <Ticket />
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <WholePage />
  </StrictMode>,
);
