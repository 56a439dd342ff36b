/**
 * The mark's last price on the price scale, as a label the page draws over the chart (the
 * library's own label for the candles is off). The text moves with nearly every poll while the
 * candle moves by less than a pixel; drawn by the library, each new text would redraw the whole
 * chart, here it is one text node. Hidden from assistive technology: the legend says the same.
 */
export class LastPriceLabel {
  private readonly element: HTMLDivElement;
  private readonly text: Text;
  private shown = { text: '', tone: '', y: Number.NaN, width: Number.NaN, visible: false };
  /** The label's own height, read when it is shown or its width changes (never on every poll). */
  private height = 0;

  constructor(container: HTMLElement) {
    this.element = document.createElement('div');
    this.element.className = 'chart__last num';
    this.element.setAttribute('aria-hidden', 'true');
    this.element.dataset.testid = 'chart-last-price';
    this.text = this.element.appendChild(document.createTextNode(''));
    this.element.hidden = true;
    container.append(this.element);
  }

  /** The latest close as the price scale writes it, and whether its candle is up or down. */
  write(text: string, tone: 'up' | 'down'): void {
    if (text !== this.shown.text) this.text.nodeValue = text;
    if (tone !== this.shown.tone) this.element.dataset.tone = tone;
    this.shown = { ...this.shown, text, tone };
  }

  /** Nothing to show: hidden at once, until a close is written and placed again. */
  clear(): void {
    this.write('', this.shown.tone === 'down' ? 'down' : 'up');
    this.element.hidden = true;
    this.shown = { ...this.shown, visible: false };
  }

  /**
   * Where the close is on the pane (null: no candle), and the price scale's width. A close near the
   * pane's top or bottom edge keeps the whole label inside the pane, as the library's own labels do
   * (the chart's box clips what leaves it).
   */
  place(y: number | null, paneHeight: number, scaleWidth: number): void {
    const visible = y !== null && y >= 0 && y <= paneHeight && scaleWidth > 0 && this.shown.text !== '';
    const measure = visible && (!this.shown.visible || scaleWidth !== this.shown.width);
    if (visible !== this.shown.visible) this.element.hidden = !visible;
    if (visible && scaleWidth !== this.shown.width) this.element.style.width = `${scaleWidth}px`;
    if (measure) this.height = this.element.offsetHeight;
    if (visible && (y !== this.shown.y || measure)) {
      const half = this.height / 2;
      const centre = Math.min(Math.max(y, half), Math.max(half, paneHeight - half));
      this.element.style.transform = `translateY(${Math.round(centre - half)}px)`;
    }
    this.shown = { ...this.shown, visible, y: visible ? y : this.shown.y, width: visible ? scaleWidth : this.shown.width };
  }

  remove(): void {
    this.element.remove();
  }
}
