import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { Duration } from '@/interface';
import { useRegisterCommands, type Command } from '@/terminal/shared/commands/registry';
import { fixedPlain } from '@/terminal/shared/format/number';
import { useLocale } from '@/terminal/shared/i18n/i18n';
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
  // The titles are words: the commands are made again, in the new language, when it changes.
  const locale = useLocale();
  const commands = useMemo((): Command[] => {
    const group = t({ message: 'Ticket', context: 'command group: the order ticket' });
    const state = () => useTicketStore.getState();
    const active = () => state().rows.find((row) => row.id === state().activeRowId);
    // On a sized order these start a new one and set it aside (gestureActions): never rewritten by a key.
    const setSide = (side: 'BUY' | 'SELL') => state().actions.chooseSide(side);
    const tool = (id: TicketTool, title: string, keywords: string[]): Command => ({
      id: `ticket.tool.${id}`,
      title,
      group,
      keywords,
      run: () => state().actions.setTool(id),
    });
    return [
      { id: 'ticket.buy', title: t`Buy side`, group, keywords: ['long', 'bid'], run: () => setSide('BUY') },
      { id: 'ticket.sell', title: t`Sell side`, group, keywords: ['short', 'ask'], run: () => setSide('SELL') },
      { id: 'ticket.price', title: t`Go to the price`, group, run: () => focusField('price') },
      { id: 'ticket.quantity', title: t`Go to the quantity`, group, keywords: ['size', 'amount'], run: () => focusField('size') },
      {
        id: 'ticket.mark',
        title: t`Price at mark`,
        group,
        run: () => {
          const row = active();
          const market = row ? markets.get(row.symbol) : undefined;
          if (row && market && row.kind === 'limit') state().actions.priceAtMark(fixedPlain(market.mark_price, market.priceDecimals));
        },
      },
      { id: 'ticket.addRow', title: t`Add an order`, group, keywords: ['row', 'new'], run: () => state().actions.addRow(durations) },
      {
        id: 'ticket.nextTool',
        title: t`Next ticket tab`,
        group,
        run: () => state().actions.setTool(TOOLS[(TOOLS.indexOf(state().tool) + 1) % TOOLS.length] as TicketTool),
      },
      tool('order', t`Order: one at a time`, ['single']),
      tool('ladder', t`Ladder: orders spread over prices`, ['scale', 'grid']),
      tool('paste', t`Paste orders`, ['import', 'csv', 'batch']),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t reads the locale; the memo must be made again when it changes
  }, [markets, durations, locale]);
  useRegisterCommands(commands);
}
