/**
 * Contender (c), the floor to beat: TanStack Table v9's `useTable` with every row rendered (no
 * virtualization, no memoized rows). Same columns, formatting, tones and mark tint as the others.
 */
import { tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './pages.css';
import './plain.css';
import {
  cellText,
  columnTitles,
  columnWidths,
  markUpdate,
  pollFutures,
  POLL_MS,
  toneOf,
  type ColumnKey,
  type Quote,
} from './shared';

const features = tableFeatures({});

function column(key: ColumnKey, render: (row: Quote) => ReactNode = cellText[key]): ColumnDef<typeof features, Quote> {
  return { id: key, header: columnTitles[key], cell: ({ row }) => render(row.original) };
}

const columns: ColumnDef<typeof features, Quote>[] = [
  column('symbol'),
  // A price that just moved is tinted up or down until the next poll, as the terminal's are.
  column('mark', (row) => <span className={row.tick ? `tick--${row.tick}` : undefined}>{cellText.mark(row)}</span>),
  column('index'),
  column('change', (row) => <span className={toneOf(row.change)}>{cellText.change(row)}</span>),
  column('high'),
  column('low'),
  column('volume'),
  column('funding', (row) => <span className={toneOf(row.est_funding_rate)}>{cellText.funding(row)}</span>),
  column('countdown'),
  column('openInterest'),
];

function Plain() {
  const [rows, setRows] = useState<Quote[]>([]);
  useEffect(() => pollFutures(POLL_MS, setRows), []);
  // After React committed the rows to the DOM: one update applied.
  useEffect(() => {
    if (rows.length > 0) markUpdate();
  }, [rows]);
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.symbol });
  return (
    <div className="plain-scroll bench-fill">
      <table className="plain">
        <colgroup>
          {table.getAllLeafColumns().map((col) => (
            <col key={col.id} style={{ width: columnWidths[col.id as ColumnKey] }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <Plain />
  </StrictMode>,
);
