import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatLocale } from '@/terminal/shared/format/locale';
import { DecimalInput } from '@/terminal/shared/ui/DecimalInput';
import { Field } from '@/terminal/shared/ui/Field';

function Price({ initial = '', step, min, startAt }: { initial?: string; step?: string; min?: string; startAt?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Price">
      {(props) => <DecimalInput {...props} value={value} onChange={setValue} step={step} min={min} startAt={startAt} />}
    </Field>
  );
}
const field = () => screen.getByLabelText('Price');

describe('DecimalInput', () => {
  it('is found by its label, asks for the decimal keypad and keeps the class it is given', () => {
    render(<Price />);
    expect(field()).toHaveAttribute('inputmode', 'decimal');
    expect(field()).toHaveClass('input', 'num');
  });

  it('takes digits and one point as typed, and refuses letters', async () => {
    const user = userEvent.setup();
    render(<Price />);
    await user.type(field(), '100012.5');
    expect(field()).toHaveValue('100012.5');
    await user.clear(field());
    await user.type(field(), '1e5x.2.3');
    expect(field()).toHaveValue('15.23');
  });

  it('steps exactly with the arrow keys, keeping the decimals', async () => {
    const user = userEvent.setup();
    render(<Price initial="0.2" step="0.1" />);
    await user.click(field());
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('0.3');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(field()).toHaveValue('1.0');
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveValue('0.9');
  });

  it('steps from zero when empty, and leaves the arrows alone without a step', async () => {
    const user = userEvent.setup();
    render(<Price step="0.0001" />);
    await user.click(field());
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('0.0001');
    render(<Price initial="7" />);
    const plain = screen.getAllByLabelText('Price')[1]!;
    await user.click(plain);
    await user.keyboard('{ArrowUp}');
    expect(plain).toHaveValue('7');
  });

  it('starts an empty price at the mark it is given, then steps from there (not from 0.1)', async () => {
    const user = userEvent.setup();
    render(<Price step="0.1" startAt="98123.4" />);
    await user.click(field());
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('98123.4');
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('98123.5');
    await user.clear(field());
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveValue('98123.4');
  });

  it('stops at min, and refuses a minus sign when min is not negative', async () => {
    const user = userEvent.setup();
    render(<Price initial="0.05" step="0.1" min="0" />);
    await user.click(field());
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveValue('0.00');
    await user.clear(field());
    await user.type(field(), '-3');
    expect(field()).toHaveValue('3');
  });

  it('takes a minus sign without a min', async () => {
    const user = userEvent.setup();
    render(<Price />);
    await user.type(field(), '-3.5');
    expect(field()).toHaveValue('-3.5');
  });

  it('cleans thousands separators and spaces from pasted numbers, and refuses other pasted text', async () => {
    const user = userEvent.setup();
    render(<Price />);
    await user.click(field());
    await user.paste(' 1,234,567.89 ');
    expect(field()).toHaveValue('1234567.89');
    await user.clear(field());
    await user.paste('100 012.5');
    expect(field()).toHaveValue('100012.5');
    await user.clear(field());
    await user.paste('1.234,5');
    expect(field()).toHaveValue('');
    await user.paste('BTC');
    expect(field()).toHaveValue('');
  });
});

describe('DecimalInput in a locale with a decimal comma', () => {
  afterEach(() => {
    setFormatLocale('en');
  });

  function Probe({ initial = '' }: { initial?: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <Field label="Price">{(props) => <DecimalInput {...props} value={value} onChange={setValue} step="0.05" min="0" />}</Field>
        <output>{value}</output>
      </>
    );
  }

  it('shows the comma, keeps the canonical point in the value, and refuses a point, which groups thousands in German', async () => {
    setFormatLocale('de');
    const user = userEvent.setup();
    render(<Probe initial="100012.5" />);
    expect(field()).toHaveValue('100012,5');
    await user.clear(field());
    await user.type(field(), '0,25');
    expect(field()).toHaveValue('0,25');
    expect(screen.getByRole('status')).toHaveTextContent('0.25');
    await user.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('0,30');
    await user.clear(field());
    // "98.000" is ninety-eight thousand to a German reader: the point is not taken as a decimal.
    await user.type(field(), '98.000');
    expect(screen.getByRole('status')).toHaveTextContent(/^98000$/);
    expect(screen.getByRole('alert')).toHaveTextContent('“.” is not the decimal separator');
  });

  it('says how it read a paste that could be either ("1.234" is 1234 in German)', async () => {
    setFormatLocale('de');
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(field());
    await user.paste('1.234');
    expect(field()).toHaveValue('1234');
    expect(screen.getByRole('alert')).toHaveTextContent('“1.234” was read as 1234: “.” separates thousands in Deutsch');
    await user.clear(field());
    await user.paste('1.234,5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads pasted German thousands, and refuses English ones', async () => {
    setFormatLocale('de');
    const user = userEvent.setup();
    render(<Probe />);
    await user.click(field());
    await user.paste('1.234,5');
    expect(screen.getByRole('status')).toHaveTextContent('1234.5');
    expect(field()).toHaveValue('1234,5');
    await user.clear(field());
    await user.paste('1,234.5');
    expect(field()).toHaveValue('');
  });
});

describe('DecimalInput says what it refuses, where the trader looks', () => {
  it('"0,5" typed in English: the comma is refused with why, the field is marked, and shows 05 as held', async () => {
    const user = userEvent.setup();
    render(<Price />);
    await user.type(field(), '0,5');
    expect(field()).toHaveValue('05');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    const why = screen.getByRole('alert');
    expect(why).toHaveTextContent('“,” is not the decimal separator in English');
    expect(field().getAttribute('aria-describedby')).toContain(why.id);
    // Mending it (deleting) takes the complaint away.
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field()).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps saying which language refused it after the language changes ("," is a separator in German, not in English)', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Price />);
    await user.type(field(), '0,5');
    setFormatLocale('de');
    rerender(<Price />);
    expect(screen.getByRole('alert')).toHaveTextContent('“,” is not the decimal separator in English');
    setFormatLocale('en');
  });

  it('a paste it cannot read is refused with the text pasted, never ignored', async () => {
    const user = userEvent.setup();
    render(<Price />);
    await user.click(field());
    await user.paste('1,5');
    expect(field()).toHaveValue('');
    expect(screen.getByRole('alert')).toHaveTextContent('“1,5” is not a number as English writes it');
  });

  it('a second separator, a letter and a minus sign are each refused with their own reason', async () => {
    const user = userEvent.setup();
    render(<Price min="0" />);
    await user.type(field(), '1.2.');
    expect(screen.getByRole('alert')).toHaveTextContent('already has a decimal separator');
    await user.clear(field());
    await user.type(field(), '-');
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be negative');
    await user.type(field(), 'k');
    expect(screen.getByRole('alert')).toHaveTextContent('“k” is not a digit');
  });
});
