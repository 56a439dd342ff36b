/**
 * Contender (b): AG Grid Community, used as its docs recommend for live data (aggridColumns.ts).
 * The mark flashes on change (AG Grid's own cell flash), standing in for the terminal's up/down tint.
 */
import type { GridReadyEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './pages.css';
import { columns, feedGrid, getRowId, theme } from './aggridColumns';
import { ROW_HEIGHT, type Quote } from './shared';

const onGridReady = ({ api }: GridReadyEvent<Quote>) => feedGrid(api);

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <div className="bench-fill">
      <AgGridReact<Quote>
        theme={theme}
        columnDefs={columns}
        getRowId={getRowId}
        rowHeight={ROW_HEIGHT}
        headerHeight={ROW_HEIGHT}
        onGridReady={onGridReady}
      />
    </div>
  </StrictMode>,
);
