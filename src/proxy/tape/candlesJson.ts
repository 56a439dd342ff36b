import type { TapeCandle, TapeCandlesResponse } from '@/interface';

/*
 * The candles answer written by hand. A day of minutes is 1,440 rows: checking them against the
 * reply schema and JSON.stringify cost about 2 ms each, which alone broke the 5 ms budget for the
 * chart's first read. The answer is built here from typed, decoded numbers, so its shape is known;
 * the one thing JSON could hide is a number that is not finite (it would become null), refused here.
 */

function numberText(value: number, field: string): string {
  if (!Number.isFinite(value)) throw new Error(`tape answer: ${field} is ${value}, not a finite number`);
  return String(value);
}

/** One candle's JSON, keys in the schema's order; any other field of `row` is left out. */
export function candleJson(row: TapeCandle): string {
  return (
    `{"time":${numberText(row.time, 'time')},"open":${numberText(row.open, 'open')},"high":${numberText(row.high, 'high')},` +
    `"low":${numberText(row.low, 'low')},"close":${numberText(row.close, 'close')},"index_close":${numberText(row.index_close, 'index_close')},` +
    `"est_funding_rate":${numberText(row.est_funding_rate, 'est_funding_rate')},"open_interest":${numberText(row.open_interest, 'open_interest')},` +
    `"volume_24h":${numberText(row.volume_24h, 'volume_24h')},"samples":${numberText(row.samples, 'samples')}}`
  );
}

const HEAD = '{"success":true,"data":{"rows":[';
const HEAD_BYTES = Buffer.from(HEAD);

function tail(recordingSince: number | null, simulated: boolean, timestamp: number): string {
  const since = recordingSince === null ? 'null' : numberText(recordingSince, 'recordingSince');
  return `],"recordingSince":${since},"simulated":${simulated}},"timestamp":${numberText(timestamp, 'timestamp')}}`;
}

/** The answer's bytes around its rows already written (`rows`: the candles' JSON joined by commas). */
export function candlesAnswerBytes(rows: Buffer, recordingSince: number | null, simulated: boolean, timestamp: number): Buffer {
  return Buffer.concat([HEAD_BYTES, rows, Buffer.from(tail(recordingSince, simulated, timestamp))]);
}

/** The same text JSON.stringify gives for this answer (keys in the schema's order). */
export function candlesAnswerJson(answer: TapeCandlesResponse): string {
  const { rows, recordingSince, simulated } = answer.data;
  return HEAD + rows.map(candleJson).join(',') + tail(recordingSince, simulated, answer.timestamp);
}
