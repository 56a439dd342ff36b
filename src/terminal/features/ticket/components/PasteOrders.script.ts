import { useState } from 'react';
import type { Duration } from '@/interface';
import type { ImportProblem } from '../model/importOrders';
import { useTicketActions } from '../store';

/**
 * Reading pasted or loaded lines into the ticket. The parser loads on first use, so it costs the
 * first page load nothing.
 */
export function usePasteOrders(durations: readonly Duration[], symbols: readonly string[]) {
  const actions = useTicketActions();
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [added, setAdded] = useState<{ rows: number; toFix: number[] } | null>(null);
  const [lines, setLines] = useState<string[]>([]);

  const read = async (source: string) => {
    const { parseOrderLines } = await import('../model/importOrders');
    const result = parseOrderLines(source, { durations, symbols });
    const toFix = result.rows.flatMap((row) => (row.pasteError ? [row.pasteError.line] : []));
    setProblems(result.problems);
    setAdded({ rows: result.rows.length, toFix });
    setLines(source.split(/\r?\n/));
    actions.appendRows(result.rows);
    // Every line is a row in the ticket now (bad ones marked there); pasting again would add them twice.
    if (result.rows.length > 0) setText('');
  };

  return {
    text,
    setText,
    problems,
    added,
    /** The line a problem is about, as it was pasted. */
    lineOf: (problem: ImportProblem) => lines[problem.line - 1],
    read,
    readFile: async (file: File | undefined) => {
      if (file) await read(await file.text());
    },
  };
}
