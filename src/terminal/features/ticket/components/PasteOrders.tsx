import { useState } from 'react';
import type { Duration } from '../../../../interface';
import type { ImportProblem } from '../model/importOrders';
import { useTicketActions } from '../store';

/**
 * Orders pasted from a spreadsheet or a file, CSV or TSV, with or without a header naming the
 * interface's fields. Good lines become orders; bad ones are listed with their line and reason.
 * The parser loads on first use, so it costs the first page load nothing.
 */
export function PasteOrders({ durations }: { durations: readonly Duration[] }) {
  const actions = useTicketActions();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [added, setAdded] = useState<number | null>(null);
  const [lines, setLines] = useState<string[]>([]);

  const read = async (source: string) => {
    const { parseOrderLines } = await import('../model/importOrders');
    const result = parseOrderLines(source, { durations });
    setProblems(result.problems);
    setAdded(result.rows.length);
    setLines(source.split(/\r?\n/));
    actions.appendRows(result.rows);
    // The good lines are in the ticket now; pasting again must not add them twice.
    if (result.rows.length > 0) setText('');
    if (result.problems.length === 0 && result.rows.length > 0) actions.setTool('order');
  };

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
        placeholder={'symbol,side,order_type,order_price,order_quantity\nPERP_BTC_USDC,BUY,LIMIT,99500,0.01'}
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
              const file = event.target.files?.[0];
              if (file) await read(await file.text());
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
              {lines[problem.line - 1] ? <code className="paste__line">{lines[problem.line - 1]}</code> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
