import { plural, t } from '@lingui/core/macro';
import type { Duration } from '@/interface';
import { useLocale } from '@/terminal/shared/i18n/i18n';
import { importColumns } from '../model/importColumns';
import { usePasteOrders } from './PasteOrders.script';

const example = 'PERP_BTC_USDC,LIMIT,BUY,,99500,0.01\nETH,POST_ONLY,SELL,eth-2,3400,0.5';

function addedText({ rows, toFix }: { rows: number; toFix: number[] }): string {
  if (toFix.length === 0) return plural(rows, { one: '# order added to the ticket.', other: '# orders added to the ticket.' });
  const lineNumbers = toFix.join(', ');
  const toFixCount = toFix.length;
  return t`${plural(rows, { one: '# order added to the ticket', other: '# orders added to the ticket' })}; ${plural(toFixCount, {
    one: `# to fix (line ${lineNumbers})`,
    other: `# to fix (lines ${lineNumbers})`,
  })}, marked in the ticket and left out of its totals.`;
}

const lineLabel = (line: number) => t`Line ${line}`;

/**
 * Orders pasted from a spreadsheet or a file, CSV or TSV, with or without a header naming the
 * interface's fields. Every line becomes a row; a line that cannot be read is marked in its row.
 */
export function PasteOrders({ durations, symbols, inUsd = false }: { durations: readonly Duration[]; symbols: readonly string[]; inUsd?: boolean }) {
  useLocale();
  const { text, setText, problems, added, lineOf, read, readFile } = usePasteOrders(durations, symbols);
  const columns = importColumns.join(', ');
  return (
    <div className="ticket__editor" aria-label={t`Paste orders`}>
      <label className="field__label" htmlFor="paste-orders">
        {t`Paste lines (CSV or TSV). Without a header the columns are, in this order: ${columns}. With a header line naming them, any order and any subset. A bare base (ETH) is read as its one market.`}
        {inUsd ? ` ${t`Quantities are in the base asset, not USD, whatever the ticket's size unit.`}` : ''}
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
          {t`Add pasted orders`}
        </button>
        <label className="button button--ghost file">
          {t`Load a .csv file`}
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
        <ul className="paste__problems" aria-label={t`Header not read`}>
          {problems.map((problem) => (
            <li key={`${problem.line}:${problem.reason}`}>
              <span className="num">{lineLabel(problem.line)}</span>: {problem.reason}
              {lineOf(problem) ? <code className="paste__line">{lineOf(problem)}</code> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
