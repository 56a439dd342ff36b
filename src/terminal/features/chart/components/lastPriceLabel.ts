/** Which series a label is of, and on which price scale; the mark's is the default. */
export interface LabelOptions {
  /** The series' name as a data attribute: its colour comes from the chart's CSS (none is the mark's up/down). */
  series?: 'index' | 'funding' | 'openInterest' | 'basis';
  side?: 'left' | 'right';
  /** Only the series' name, beside the scale (the index: its value is in the legend). */
  valueless?: boolean;
}

/**
 * A series' last value on its price scale, as a label the page draws over the chart (the
 * library's own labels are off). The text moves with nearly every poll; drawn by the library,
 * each new text would redraw the whole chart, here it is one text node. Hidden from assistive
 * technology: the legend says the same.
 */
export class LastPriceLabel {
  private readonly element: HTMLDivElement;
  private readonly text: Text;
  private readonly valueless: boolean;
  private shown = { text: '', tone: '', y: Number.NaN, top: 0, width: Number.NaN, visible: false };
  /** The label's own height, read when it is shown or its width changes (never on every poll). */
  private height = 0;

  constructor(container: HTMLElement, options: LabelOptions = {}) {
    this.element = document.createElement('div');
    this.element.className = 'chart__last num';
    this.element.setAttribute('aria-hidden', 'true');
    if (options.series) this.element.dataset.series = options.series;
    if (options.side === 'left') this.element.dataset.side = 'left';
    this.element.dataset.testid = options.series ? `chart-last-${options.series}` : 'chart-last-price';
    this.text = this.element.appendChild(document.createTextNode(''));
    this.valueless = options.valueless ?? false;
    if (this.valueless) this.element.dataset.valueless = 'true';
    this.element.hidden = true;
    container.append(this.element);
  }

  /** The latest close as the price scale writes it, and whether its candle is up or down. */
  write(text: string, tone: 'up' | 'down'): void {
    if (text !== this.shown.text) this.text.nodeValue = text;
    if (tone !== this.shown.tone) this.element.dataset.tone = tone;
    this.shown = { ...this.shown, text, tone };
  }

  /** The series' name, in the trader's language ('' for none). */
  title(text: string): void {
    // Beside the label, where the library writes a series' title (CSS draws it: the label's text stays the value).
    if (text === '') delete this.element.dataset.title;
    else if (this.element.dataset.title !== text) this.element.dataset.title = text;
  }

  /** The label's height in CSS px (0 until it has been shown). */
  get labelHeight(): number {
    return this.height;
  }

  /** Nothing to show: hidden at once, until a close is written and placed again. */
  clear(): void {
    this.write('', this.shown.tone === 'down' ? 'down' : 'up');
    this.element.hidden = true;
    this.shown = { ...this.shown, visible: false };
  }

  /**
   * Where the value is on its pane (null: none), the price scale's width, and the pane's top in the
   * chart (the panes below the price pane). A value near the pane's top or bottom edge keeps the
   * whole label inside the pane, as the library's own labels do (the chart's box clips what leaves it).
   */
  place(y: number | null, paneHeight: number, scaleWidth: number, paneTop = 0): void {
    const visible = y !== null && y >= 0 && y <= paneHeight && scaleWidth > 0 && (this.valueless ? this.element.dataset.title !== undefined : this.shown.text !== '');
    const measure = visible && (!this.shown.visible || scaleWidth !== this.shown.width);
    if (visible !== this.shown.visible) this.element.hidden = !visible;
    if (visible && scaleWidth !== this.shown.width) this.element.style.width = `${scaleWidth}px`;
    if (measure) this.height = this.element.offsetHeight;
    if (visible && (y !== this.shown.y || paneTop !== this.shown.top || measure)) {
      const half = this.height / 2;
      const centre = Math.min(Math.max(y, half), Math.max(half, paneHeight - half));
      this.element.style.transform = `translateY(${Math.round(paneTop + centre - half)}px)`;
    }
    this.shown = { ...this.shown, visible, y: visible ? y : this.shown.y, top: visible ? paneTop : this.shown.top, width: visible ? scaleWidth : this.shown.width };
  }

  remove(): void {
    this.element.remove();
  }
}
