import { describe, expect, it } from 'vitest';
import { goodTillCancelled, limitDuration, type Duration } from '@/interface';
import { parseOrderLines } from '@/terminal/features/ticket/model/importOrders';

/** As the embedded service's config offers them. */
const durations: Duration[] = [
  goodTillCancelled,
  limitDuration('IOC', 'Immediate or cancel'),
  limitDuration('FOK', 'Fill or kill'),
  limitDuration('POST_ONLY', 'Post only'),
];
/**
 * Every line is a row now; a line that cannot be read carries its reasons in the row. For the rules
 * of reading, `rows` are the lines read whole and `problems` every complaint (the header's and the
 * lines'), in line order; `all` is what the ticket receives.
 */
function read(text: string, offered: readonly Duration[] = durations, symbols?: readonly string[]) {
  const result = parseOrderLines(text, { durations: offered, symbols });
  const lineErrors = result.rows.flatMap((row) => (row.pasteError ? [row.pasteError] : []));
  return {
    rows: result.rows.filter((row) => !row.pasteError),
    problems: [...result.problems, ...lineErrors].sort((a, b) => a.line - b.line),
    all: result.rows,
  };
}

describe('reading pasted orders', () => {
  it('reads a CSV header with its columns in any order', () => {
    const { rows, problems } = read(
      [
        'side,order_quantity,Symbol, ORDER_TYPE ,order_price,client_order_id,order_tag,margin_mode,visible_quantity',
        'BUY,0.1000,PERP_BTC_USDC,LIMIT,100012.50,grid-1,my tag,ISOLATED,0.05',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      symbol: 'PERP_BTC_USDC',
      side: 'BUY',
      kind: 'limit',
      durationId: 'GTC',
      price: '100012.50',
      size: '0.1000',
      sizeUnit: 'quantity',
      visibleQuantity: '0.05',
      tag: 'my tag',
      marginMode: 'ISOLATED',
      clientOrderId: 'grid-1',
      expiryDate: '',
      expiryTime: '',
    });
  });

  it('reads TSV as a spreadsheet copies it, without a header and with trailing columns left off', () => {
    const { rows, problems } = read('PERP_ETH_USDC\tLIMIT\tSELL\t\t3500.25\t2\nPERP_BTC_USDC\tMARKET\tbuy');
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.symbol, row.kind, row.side, row.price, row.size, row.marginMode])).toEqual([
      ['PERP_ETH_USDC', 'limit', 'SELL', '3500.25', '2', 'CROSS'],
      ['PERP_BTC_USDC', 'market', 'BUY', '', '', 'CROSS'],
    ]);
  });

  it('reads a headerless CSV in the interface order, all ten columns', () => {
    const { rows, problems } = read('PERP_BTC_USDC,POST_ONLY,SELL,abc-1,101000,0.5,,0,tag,ISOLATED');
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({
      durationId: 'POST_ONLY',
      clientOrderId: 'abc-1',
      price: '101000',
      size: '0.5',
      visibleQuantity: '0',
      tag: 'tag',
      marginMode: 'ISOLATED',
    });
  });

  it('gives each row its own new client order id when the line has none', () => {
    const { rows } = read('PERP_BTC_USDC,LIMIT,BUY,,100,1\nPERP_BTC_USDC,LIMIT,BUY,,100,1');
    const [first, second] = rows;
    expect(first?.clientOrderId).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(first?.clientOrderId).not.toBe(second?.clientOrderId);
    expect(first?.id).not.toBe(second?.id);
  });

  it('ignores blank lines but counts them in line numbers', () => {
    const { rows, problems } = read('\n\nsymbol,side,order_type\r\n\r\n   \nPERP_BTC_USDC,BUY,LIMIT\n,,\nPERP_BTC_USDC,HOLD,LIMIT\n\n');
    expect(rows).toHaveLength(1);
    expect(problems).toEqual([{ line: 8, reason: 'side "HOLD" must be BUY or SELL' }]);
  });

  it('keeps commas inside quoted cells, and counts a quoted line break as a line', () => {
    const { rows, problems } = read(
      'symbol,order_type,side,order_tag,order_price,order_quantity\n' +
        'PERP_BTC_USDC,LIMIT,BUY,"grid, level 1",100,1\n' +
        'PERP_BTC_USDC,LIMIT,BUY,"two\nlines",100,1\n' +
        'PERP_BTC_USDC,LIMIT,BUY,x,"1,5",1',
    );
    expect(rows.map((row) => row.tag)).toEqual(['grid, level 1', 'two\nlines']);
    expect(problems).toEqual([{ line: 5, reason: 'order_price "1,5" is not a number' }]);
  });

  it('reports bad lines with their numbers and reasons, and keeps the good ones in order', () => {
    const text = [
      'PERP_BTC_USDC,LIMIT,BUY,,100000,0.1',
      'PERP_BTC_USDC,LIMIT,BUY,,abc,0.1',
      'PERP_ETH_USDC,LIMIT,SELL,,3500,1',
      'PERP_BTC_USDC,LIMIT,BUY,,1e5,0.1',
      'PERP_BTC_USDC,LIMIT,BUY,,100000,-0.1',
      'PERP_BTC_USDC,LIMIT,,,100000,0.1',
      ',LIMIT,BUY,,100000,0.1',
      'PERP_BTC_USDC,,BUY,,100000,0.1',
      'PERP_BTC_USDC,LIMIT,BUY,,100000,0.1,,,,MAX',
      'PERP_BTC_USDC,LIMIT,BUY,,100000,0.1,,0.0x',
      'PERP_SOL_USDC,MARKET,SELL,,,2',
    ].join('\n');
    const { rows, problems } = read(text);
    expect(rows.map((row) => row.symbol)).toEqual(['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_SOL_USDC']);
    expect(problems).toEqual([
      { line: 2, reason: 'order_price "abc" is not a number' },
      { line: 4, reason: 'order_price "1e5" must be written out, without an exponent' },
      { line: 5, reason: 'order_quantity "-0.1" is negative' },
      { line: 6, reason: 'side is missing' },
      { line: 7, reason: 'symbol is missing' },
      { line: 8, reason: 'order_type is missing' },
      { line: 9, reason: 'margin_mode "MAX" must be CROSS or ISOLATED' },
      { line: 10, reason: 'visible_quantity "0.0x" is not a number' },
    ]);
  });

  it('names every problem of a line in one reason', () => {
    expect(read('PERP_BTC_USDC,STOP,LONG,,x').problems).toEqual([
      { line: 1, reason: 'order_type "STOP" is not one of LIMIT, MARKET, IOC, FOK, POST_ONLY; side "LONG" must be BUY or SELL; order_price "x" is not a number' },
    ]);
  });

  it('reports cells beyond the columns', () => {
    expect(read('PERP_BTC_USDC,LIMIT,BUY,,1,1,,,,CROSS,extra').problems).toEqual([
      { line: 1, reason: 'Cell 11 "extra" is beyond the 10 columns of an order' },
    ]);
    expect(read('symbol,side,order_type\nPERP_BTC_USDC,BUY,LIMIT,100').problems).toEqual([
      { line: 2, reason: `Cell 4 "100" is beyond the header's 3 columns` },
    ]);
    expect(read('PERP_BTC_USDC,LIMIT,BUY,,1,1,,,,CROSS,,').problems).toEqual([]);
  });

  it('names unknown header columns on the header line, and still reads the known ones', () => {
    const { rows, problems } = read('symbol,side,order_type,price\nPERP_BTC_USDC,BUY,LIMIT,100');
    expect(problems).toEqual([
      { line: 1, reason: 'Unknown column "price": the columns are symbol, order_type, side, client_order_id, order_price, order_quantity, order_amount, visible_quantity, order_tag, margin_mode' },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.price).toBe('');
  });

  it('reads no order when the header lacks symbol, side or order_type', () => {
    expect(read('symbol,type,side\nPERP_BTC_USDC,LIMIT,BUY')).toEqual({
      rows: [],
      all: [],
      problems: [
        {
          line: 1,
          reason: expect.stringMatching(/^Unknown column "type": .*; No order_type column, so no order could be read$/) as string,
        },
      ],
    });
  });

  it('uses the first of a column named twice', () => {
    const { rows, problems } = read('symbol,side,order_type,side\nPERP_BTC_USDC,SELL,LIMIT,BUY');
    expect(problems).toEqual([{ line: 1, reason: 'Column side appears twice; the first one is used' }]);
    expect(rows[0]?.side).toBe('SELL');
  });

  it('reports a quote left open', () => {
    expect(read('PERP_BTC_USDC,LIMIT,BUY,"abc,1,1').problems).toEqual([{ line: 1, reason: 'A quoted cell is not closed' }]);
  });

  it('writes symbols in capitals, as markets are named', () => {
    expect(read('perp_btc_usdc,limit,buy,,100,1').rows[0]?.symbol).toBe('PERP_BTC_USDC');
  });

  it('reads a header whose first cell is a field name even with a byte-order mark before it', () => {
    expect(read('\uFEFFsymbol,side,order_type\nPERP_BTC_USDC,SELL,MARKET')).toMatchObject({ rows: [{ side: 'SELL', kind: 'market' }], problems: [] });
  });

  it('gives nothing for nothing', () => {
    expect(read('')).toEqual({ rows: [], problems: [], all: [] });
    expect(read(' \n\t\n')).toEqual({ rows: [], problems: [], all: [] });
  });
});

describe('every pasted line is a row', () => {
  const symbols = ['PERP_BTC_USDC', 'PERP_ETH_USDC', 'PERP_ETH_USDT', 'PERP_SOL_USDC'];

  it('keeps a bad line as a row in its place, read as far as it goes and marked with its line and reason', () => {
    const { all } = read('PERP_BTC_USDC,LIMIT,BUY,,100000,0.1\n\nPERP_SOL_USDC,LIMIT,SELL,,150,-2\nPERP_SOL_USDC,MARKET,SELL,,,2', durations, symbols);
    expect(all.map((row) => [row.symbol, row.side, row.price, row.size, row.pasteError])).toEqual([
      ['PERP_BTC_USDC', 'BUY', '100000', '0.1', undefined],
      ['PERP_SOL_USDC', 'SELL', '150', '-2', { line: 3, reason: 'order_quantity "-2" is negative' }],
      ['PERP_SOL_USDC', 'SELL', '', '2', undefined],
    ]);
  });

  it('reads a bare base as its market when exactly one market has it', () => {
    const { all } = read('btc,LIMIT,BUY,,100000,0.1\nSol,MARKET,SELL,,,2', durations, symbols);
    expect(all.map((row) => [row.symbol, row.pasteError])).toEqual([
      ['PERP_BTC_USDC', undefined],
      ['PERP_SOL_USDC', undefined],
    ]);
  });

  it('names the candidates of a base several markets share, and a symbol the service does not list', () => {
    const { all } = read('ETH,LIMIT,BUY,,3000,1\nDOGE,LIMIT,BUY,,1,1\nPERP_FOO_USDC,LIMIT,BUY,,1,1', durations, symbols);
    expect(all.map((row) => [row.symbol, row.pasteError?.reason])).toEqual([
      ['ETH', 'symbol ETH could be PERP_ETH_USDC or PERP_ETH_USDT: write the one meant'],
      ['DOGE', 'symbol DOGE is not a market of this service'],
      ['PERP_FOO_USDC', 'symbol PERP_FOO_USDC is not a market of this service'],
    ]);
  });

  it('keeps symbols as written while the markets are not known yet', () => {
    expect(read('ETH,LIMIT,BUY,,3000,1').all[0]).toMatchObject({ symbol: 'ETH' });
    expect(read('ETH,LIMIT,BUY,,3000,1').all[0]?.pasteError).toBeUndefined();
  });
});

describe('order types', () => {
  it('turns IOC, FOK and POST_ONLY into limit rows with that duration, and LIMIT into the default', () => {
    const { rows, problems } = read(
      ['LIMIT', 'IOC', 'fok', 'POST_ONLY'].map((type) => `PERP_BTC_USDC,${type},BUY,,100,1`).join('\n'),
    );
    expect(problems).toEqual([]);
    expect(rows.map((row) => [row.kind, row.durationId])).toEqual([
      ['limit', 'GTC'],
      ['limit', 'IOC'],
      ['limit', 'FOK'],
      ['limit', 'POST_ONLY'],
    ]);
  });

  it('reports a type the config offers no duration for', () => {
    const { rows, problems } = read('PERP_BTC_USDC,IOC,BUY,,100,1\nPERP_BTC_USDC,LIMIT,BUY,,100,1', [
      goodTillCancelled,
    ]);
    expect(rows).toHaveLength(1);
    expect(problems).toEqual([
      { line: 1, reason: 'order_type IOC is not offered by this service: it has no IOC duration for limit orders' },
    ]);
  });

  it('keeps LIMIT a plain LIMIT when the config makes IOC the default', () => {
    const iocFirst = [limitDuration('IOC', 'Immediate or cancel', true), limitDuration('GTC', 'Good till cancelled')];
    expect(read('PERP_BTC_USDC,LIMIT,BUY,,100,1', iocFirst).rows.map((row) => row.durationId)).toEqual(['GTC']);
    const onlyIoc = read('PERP_BTC_USDC,LIMIT,BUY,,100,1', [limitDuration('IOC', 'Immediate or cancel', true)]);
    expect(onlyIoc.rows).toEqual([]);
    expect(onlyIoc.problems[0]?.reason).toMatch(/LIMIT is not offered by this service/);
  });

  it('does not take a duration offered only for market orders', () => {
    const marketIoc: Duration = { ...limitDuration('IOC', 'Immediate or cancel'), supportedOrderTypes: ['market'] };
    expect(read('PERP_BTC_USDC,IOC,BUY,,100,1', [limitDuration('GTC', 'GTC', true), marketIoc]).rows).toEqual([]);
  });

  it('refuses ASK and BID, which the ticket cannot place', () => {
    expect(read('PERP_BTC_USDC,ASK,SELL,,,1\nPERP_BTC_USDC,bid,BUY,,,1').problems).toEqual([
      { line: 1, reason: 'order_type ASK cannot be placed from the ticket; use LIMIT or MARKET' },
      { line: 2, reason: 'order_type BID cannot be placed from the ticket; use LIMIT or MARKET' },
    ]);
  });

  it('sizes a MARKET order by amount', () => {
    const { rows, problems } = read('symbol,order_type,side,order_amount\nPERP_BTC_USDC,MARKET,SELL,2500.00');
    expect(problems).toEqual([]);
    expect(rows[0]).toMatchObject({ kind: 'market', side: 'SELL', size: '2500.00', sizeUnit: 'amount', durationId: '' });
  });

  it('refuses an amount on a limit order, and both amount and quantity', () => {
    expect(read('PERP_BTC_USDC,LIMIT,BUY,,100,,50\nPERP_BTC_USDC,MARKET,BUY,,,1,50').problems).toEqual([
      { line: 1, reason: 'order_amount is only for MARKET orders; give order_quantity' },
      { line: 2, reason: 'Give order_quantity or order_amount, not both' },
    ]);
  });
});
