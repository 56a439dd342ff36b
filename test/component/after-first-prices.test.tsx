import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterFirstPrices } from '@/terminal/app/useAfterFirstPrices';
import { marketsKeys } from '@/terminal/features/markets';

const rendered = vi.fn();
function Probe() {
  rendered();
  return <output aria-label="after first prices">{String(useAfterFirstPrices())}</output>;
}

const wrap = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

describe('what waits for the first prices', () => {
  it('starts once the first answer has come, and is not rendered again by later polls', async () => {
    const client = new QueryClient();
    rendered.mockClear();
    render(<Probe />, { wrapper: wrap(client) });
    expect(screen.getByLabelText('after first prices')).toHaveTextContent('false');
    // Another query's answers are not the markets.
    act(() => client.setQueryData(['config'], { any: 1 }));
    expect(screen.getByLabelText('after first prices')).toHaveTextContent('false');
    act(() => client.setQueryData(marketsKeys.futures(), { rows: [] }));
    await waitFor(() => expect(screen.getByLabelText('after first prices')).toHaveTextContent('true'));
    const settled = rendered.mock.calls.length;
    for (let poll = 0; poll < 5; poll++) act(() => client.setQueryData(marketsKeys.futures(), { rows: [poll] }));
    expect(rendered).toHaveBeenCalledTimes(settled);
  });
});
