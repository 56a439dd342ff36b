// @vitest-environment happy-dom
// activateLocale sets <html lang dir>.
import { afterAll, describe, expect, it } from 'vitest';
import { goodTillCancelled, limitDuration } from '@/interface';
import { parseOrderLines } from '@/terminal/features/ticket/model/importOrders';
import { activateLocale } from '@/terminal/shared/i18n/i18n';

const durations = [goodTillCancelled, limitDuration('IOC', 'Immediate or cancel')];
/** The lines read whole, and every line's complaint (a line that cannot be read is a row with its reasons). */
function read(text: string) {
  const result = parseOrderLines(text, { durations });
  const problems = result.rows.flatMap((row) => (row.pasteError ? [row.pasteError] : []));
  return { rows: result.rows.filter((row) => !row.pasteError), problems, all: result.rows };
}
const lines = 'symbol,order_type,side,order_price,order_quantity\nPERP_BTC_USDC,LIMIT,BUY,3400,1.000\nPERP_BTC_USDC,LIMIT,BUY,3400,1.5';

describe('pasted figures in a language that groups thousands with "."', () => {
  afterAll(() => activateLocale('en'));

  it('asks about "1.000" (a thousand in German, one as the paste reads it) instead of reading it as 1', async () => {
    await activateLocale('de');
    const { rows, problems, all } = read(lines);
    expect(problems).toHaveLength(1);
    // Neither reading is kept: the row cannot go until the trader types the quantity they mean.
    expect(all[0]).toMatchObject({ price: '3400', size: '' });
    expect(problems[0]).toMatchObject({ line: 2 });
    // In German words: the value as pasted, and both of its readings.
    expect(problems[0]!.reason).toBe('order_quantity „1.000“ kann 1000 oder 1 sein: Zahlen mit „.“ als Dezimaltrennzeichen und ohne Tausendertrennzeichen schreiben');
    // The line without the two readings is taken as before.
    expect(rows.map((row) => row.size)).toEqual(['1.5']);
  });

  it('reads "0.001" as the decimal it is in German too: a zero is never a group of thousands', async () => {
    await activateLocale('de');
    const { rows, problems } = read('symbol,order_type,side,order_price,order_quantity\nPERP_BTC_USDC,LIMIT,BUY,3400,0.001\nPERP_BTC_USDC,LIMIT,BUY,3400,0.250');
    expect(problems).toEqual([]);
    expect(rows.map((row) => row.size)).toEqual(['0.001', '0.250']);
  });

  it('reads "1.000" as one in English, where "." is only the decimal point', async () => {
    await activateLocale('en');
    const { rows, problems } = read(lines);
    expect(problems).toEqual([]);
    expect(rows.map((row) => row.size)).toEqual(['1.000', '1.5']);
  });
});
