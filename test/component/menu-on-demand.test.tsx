import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithWords } from '@/terminal/shared/i18n/lazyWithWords';
import { MenuOnDemand } from '@/terminal/shared/ui/MenuOnDemand';

/** A menu body whose chunk arrives when the test says. */
function bodyOnDemand() {
  let arrive = () => {};
  const load = vi.fn(
    () =>
      new Promise<{ default: () => React.JSX.Element }>((resolve) => {
        arrive = () => resolve({ default: () => <button type="button">Sign out</button> });
      }),
  );
  return { Body: lazyWithWords(load), load, arrive: () => arrive() };
}

describe('a menu whose body is fetched when the trader reaches for it', () => {
  it('fetches nothing until the pointer comes, then says it is loading, then shows the body', async () => {
    const { Body, load, arrive } = bodyOnDemand();
    render(
      <MenuOnDemand className="menu" summaryClassName="button" summary="Session" loading="Loading…">
        <Body />
      </MenuOnDemand>,
    );
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByText('Session'));
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByText('Session'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    arrive();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  // Enter opening a <details> is the browser's (happy-dom has no such behaviour): session.test.ts.
  it('from the keyboard: the focus on the summary fetches it', async () => {
    const { Body, load, arrive } = bodyOnDemand();
    const user = userEvent.setup();
    render(
      <MenuOnDemand className="menu" summaryClassName="button" summary="Layout" loading="Loading…">
        <Body />
      </MenuOnDemand>,
    );
    await user.tab();
    expect(screen.getByText('Layout')).toHaveFocus();
    expect(load).toHaveBeenCalledTimes(1);
    arrive();
    expect(await screen.findByText('Sign out')).toBeInTheDocument();
  });
});
