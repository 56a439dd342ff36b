import { t } from '@lingui/core/macro';
import { ApiError } from '@/terminal/shared/api/http';
// The words need an active language even where no view has loaded the terminal (unit tests).
import '@/terminal/shared/i18n/i18n';
import { FrameEncoder, type FeedFrame } from './feedFrame';
import { loadFrame, type FeedReply, type FeedRequest } from './feedLoad';

export interface FeedPoll {
  frame: FeedFrame;
  /** The symbols of the frame's rows, in order. */
  symbols: readonly string[];
}

type Source = 'page' | 'worker';

/** A frame with the encoder it came from: a poll asked of the worker may be answered in the page. */
interface Sourced {
  frame: FeedFrame;
  source: Source;
}

const abortError = () => new DOMException('the poll was cancelled', 'AbortError');

/**
 * Where polls of the market data run. In a worker once it is up, so that parsing and checking
 * thousands of rows never blocks the page; in the page until then (the first poll does not wait for
 * the worker's script), and for good if workers are unavailable (a test DOM) or the worker fails. Both
 * produce the same frames.
 */
export class FuturesFeed {
  private worker: Worker | undefined;
  private workerReady = false;
  /** The worker failed once: the page polls from then on. */
  private workerFailed = false;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (sourced: Sourced) => void; reject: (error: Error) => void }>();
  private readonly encoder = new FrameEncoder();
  /** Each source numbers its symbol lists itself. */
  private readonly symbols: Record<Source, { version: number; list: string[] }> = {
    page: { version: -1, list: [] },
    worker: { version: -1, list: [] },
  };

  constructor(private readonly createWorker?: () => Worker) {}

  async poll(signal?: AbortSignal): Promise<FeedPoll> {
    const { frame, source } = this.workerReady ? await this.viaWorker(signal) : await this.viaPage(signal);
    // After the first answer: the worker's script does not compete with the first prices.
    this.startWorker();
    const known = this.symbols[source];
    if (frame.symbols) {
      known.version = frame.symbolsVersion;
      known.list = frame.symbols;
    } else if (frame.symbolsVersion !== known.version) {
      throw new Error(`market data frame ${frame.symbolsVersion} came without its symbols`);
    }
    return { frame, symbols: known.list };
  }

  private startWorker(): void {
    if (this.worker || this.workerFailed || !this.createWorker) return;
    try {
      const worker = this.createWorker();
      worker.onmessage = (event: MessageEvent<FeedReply>) => this.receive(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.abandonWorker();
      };
      this.worker = worker;
    } catch {
      // No worker here (a CSP without it, an old browser): the page polls.
    }
  }

  private receive(reply: FeedReply): void {
    if (reply.ready) {
      this.workerReady = true;
      return;
    }
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (reply.frame) waiter.resolve({ frame: reply.frame, source: 'worker' });
    else waiter.reject(new ApiError(reply.error?.message ?? t`the market data feed failed`, reply.error?.status ?? null, reply.error?.code ?? null));
  }

  private async viaPage(signal?: AbortSignal): Promise<Sourced> {
    return { frame: await loadFrame(this.encoder, this.symbols.page.version, signal), source: 'page' };
  }

  private viaWorker(signal?: AbortSignal): Promise<Sourced> {
    const worker = this.worker;
    if (!worker) return this.viaPage(signal);
    if (signal?.aborted) return Promise.reject(abortError());
    const id = this.nextId++;
    return new Promise<Sourced>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // A cancelled poll's answer is dropped when it comes.
      signal?.addEventListener('abort', () => {
        if (this.waiting.delete(id)) reject(abortError());
      });
      worker.postMessage({ id, knownVersion: this.symbols.worker.version } satisfies FeedRequest);
    });
  }

  /** The worker broke: the page polls from now on, and what waited on the worker is polled again here. */
  private abandonWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.workerReady = false;
    this.workerFailed = true;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const waiter of waiting) this.viaPage().then(waiter.resolve, waiter.reject);
  }
}
