import { useMemo } from 'react';
import type { Duration } from '@/interface';
import { useRegisterCommands, type Command } from '@/terminal/shared/commands/registry';
import { fixedPlain } from '@/terminal/shared/format/number';
import type { MarketContext } from '../model/types';
import { useTicketStore, type TicketTool } from '../store';

const TOOLS: readonly TicketTool[] = ['order', 'ladder', 'paste'];

/** The ticket's field of that name, after React has drawn a tool that was just switched to. */
function focusField(name: 'price' | 'size'): void {
  const { actions, tool } = useTicketStore.getState();
  if (tool !== 'order') actions.setTool('order');
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLInputElement>(`.ticket input[name="${name}"]`);
    field?.focus();
    field?.select();
  });
}

/**
 * What the keyboard and the palette can do to the ticket. None of it sends: an order goes only
 * from the ticket's own button or Enter in the ticket, under its confirmation rules.
 */
export function useTicketCommands(markets: ReadonlyMap<string, MarketContext>, durations: readonly Duration[]): void {
  const commands = useMemo((): Command[] => {
    const state = () => useTicketStore.getState();
    const active = () => state().rows.find((row) => row.id === state().activeRowId);
    const setSide = (side: 'BUY' | 'SELL') => {
      const row = active();
      if (row) state().actions.updateRow(row.id, { side });
    };
    const tool = (id: TicketTool, title: string, keywords: string[]): Command => ({
      id: `ticket.tool.${id}`,
      title,
      group: 'Ticket',
      keywords,
      run: () => state().actions.setTool(id),
    });
    return [
      { id: 'ticket.buy', title: 'Buy side', group: 'Ticket', keywords: ['long', 'bid'], run: () => setSide('BUY') },
      { id: 'ticket.sell', title: 'Sell side', group: 'Ticket', keywords: ['short', 'ask'], run: () => setSide('SELL') },
      { id: 'ticket.price', title: 'Go to the price', group: 'Ticket', run: () => focusField('price') },
      { id: 'ticket.quantity', title: 'Go to the quantity', group: 'Ticket', keywords: ['size', 'amount'], run: () => focusField('size') },
      {
        id: 'ticket.mark',
        title: 'Price at mark',
        group: 'Ticket',
        run: () => {
          const row = active();
          const market = row ? markets.get(row.symbol) : undefined;
          if (row && market && row.kind === 'limit') state().actions.updateRow(row.id, { price: fixedPlain(market.mark_price, market.priceDecimals) });
        },
      },
      { id: 'ticket.addRow', title: 'Add an order', group: 'Ticket', keywords: ['row', 'new'], run: () => state().actions.addRow(durations) },
      {
        id: 'ticket.nextTool',
        title: 'Next ticket tab',
        group: 'Ticket',
        run: () => state().actions.setTool(TOOLS[(TOOLS.indexOf(state().tool) + 1) % TOOLS.length] as TicketTool),
      },
      tool('order', 'Order: one at a time', ['single']),
      tool('ladder', 'Ladder: orders spread over prices', ['scale', 'grid']),
      tool('paste', 'Paste orders', ['import', 'csv', 'batch']),
    ];
  }, [markets, durations]);
  useRegisterCommands(commands);
}
