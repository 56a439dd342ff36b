import type { Duration } from '@/interface';
import { usePasteOrders } from './PasteOrders.script';

/**
 * Orders pasted from a spreadsheet or a file, CSV or TSV, with or without a header naming the
 * interface's fields. Good lines become orders; bad ones are listed with their line and reason.
 */
export function PasteOrders({ durations }: { durations: readonly Duration[] }) {
  const { text, setText, problems, added, lineOf, read, readFile } = usePasteOrders(durations);
  return (
    <div className="ticket__editor" aria-label="Paste orders">
      <label className="field__label" htmlFor="paste-orders">
        Paste lines (CSV or TSV). Header optional; columns: symbol, order_type, side, client_order_id, order_price,
        order_quantity, order_amount, visible_quantity, order_tag, margin_mode.
      </label>
      <textarea
        id="paste-orders"
        className="input paste"
        rows={7}
        spellCheck={false}
        placeholder={'symbol,order_type,side,order_price,order_quantity\nPERP_BTC_USDC,LIMIT,BUY,99500,0.01'}
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
          {added} order{added === 1 ? '' : 's'} added{problems.length ? `, ${problems.length} line${problems.length === 1 ? '' : 's'} skipped:` : '.'}
        </div>
      ) : null}
      {problems.length > 0 ? (
        <ul className="paste__problems" aria-label="Lines not read">
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
