import type { Duration } from '@/interface';
import { importColumns } from '../model/importColumns';
import { usePasteOrders } from './PasteOrders.script';

const example = 'PERP_BTC_USDC,LIMIT,BUY,,99500,0.01\nETH,POST_ONLY,SELL,eth-2,3400,0.5';

function addedText({ rows, toFix }: { rows: number; toFix: number[] }): string {
  const orders = `${rows} order${rows === 1 ? '' : 's'} added to the ticket`;
  if (toFix.length === 0) return `${orders}.`;
  const lines = `line${toFix.length === 1 ? '' : 's'} ${toFix.join(', ')}`;
  return `${orders}; ${toFix.length} to fix (${lines}), marked in the ticket and left out of its totals.`;
}

/**
 * Orders pasted from a spreadsheet or a file, CSV or TSV, with or without a header naming the
 * interface's fields. Every line becomes a row; a line that cannot be read is marked in its row.
 */
export function PasteOrders({ durations, symbols, inUsd = false }: { durations: readonly Duration[]; symbols: readonly string[]; inUsd?: boolean }) {
  const { text, setText, problems, added, lineOf, read, readFile } = usePasteOrders(durations, symbols);
  return (
    <div className="ticket__editor" aria-label="Paste orders">
      <label className="field__label" htmlFor="paste-orders">
        Paste lines (CSV or TSV). Without a header the columns are, in this order: {importColumns.join(', ')}. With a
        header line naming them, any order and any subset. A bare base (ETH) is read as its one market.
        {inUsd ? " Quantities are in the base asset, not USD, whatever the ticket's size unit." : ''}
      </label>
      <textarea
        id="paste-orders"
        className="input paste"
        rows={7}
        spellCheck={false}
        placeholder={example}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="ticket__pair">
        <button type="button" className="button" disabled={text.trim() === ''} onClick={() => void read(text)}>
          Add pasted orders
        </button>
        <label className="button button--ghost file">
          Load a .csv file
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv"
            onChange={async (event) => {
              await readFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      </div>
      {added !== null ? (
        <div className="paste__result" role="status">
          {addedText(added)}
        </div>
      ) : null}
      {problems.length > 0 ? (
        <ul className="paste__problems" aria-label="Header not read">
          {problems.map((problem) => (
            <li key={`${problem.line}:${problem.reason}`}>
              <span className="num">Line {problem.line}</span>: {problem.reason}
              {lineOf(problem) ? <code className="paste__line">{lineOf(problem)}</code> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
