import { useMemo, useState, type Dispatch, type KeyboardEvent, type PointerEvent, type SetStateAction } from 'react';
import { draggedPrice, movedLimitRests, moveQuestion, movedTriggerCrossed, nudgedPrice, tickText, yAtPrice } from '../model/heldDrag';
import type { HeldLine } from '../model/heldLines';
import { useEnterSettling } from '@/terminal/shared/ui/enterGuard';
import type { PaneLayout } from './pricePane';

/**
 * A trigger being moved: by the pointer or the arrow keys ("moving"), then asked about, then sent.
 * `from` is the trigger as the proxy holds it; `price` the one proposed, on the tick.
 */
interface Move {
  phase: 'moving' | 'asking' | 'sending';
  lineId: string;
  from: number;
  price: string;
  via: 'pointer' | 'keys';
  /** Where on the handle the pointer took it, so that a grab does not make it jump. */
  grab: number;
}

export interface HeldHandlesInput {
  lines: readonly HeldLine[];
  layout: PaneLayout | undefined;
  priceDecimals: number;
  /** Sends the new trigger (a PATCH); its rejection's message is shown. Undefined: nothing can be moved. */
  onMove: ((orderId: string, triggerPrice: number) => Promise<unknown>) | undefined;
}

/** Where a handle sits: at its line, or held at the pane's edge when the line is beyond it. */
function placed(line: HeldLine, layout: PaneLayout) {
  const y = yAtPrice(line.price, layout);
  const offscreen = y < 0 ? 'above' : y > layout.height ? 'below' : undefined;
  return { line, y: Math.max(0, Math.min(layout.height, y)), offscreen };
}

/** The limit price a held order sends when it fires (its dotted line), if it has one. */
const limitOf = (lines: readonly HeldLine[], orderId: string) => lines.find((each) => each.orderId === orderId && each.part === 'limit' && each.kind !== 'twap')?.price;

/** The question a move asks before anything is sent, with what the ticket would warn of. */
function questionOf(move: Move, line: HeldLine, lines: readonly HeldLine[], layout: PaneLayout | undefined, priceDecimals: number) {
  return {
    text: moveQuestion(line.kind, move.from, move.price, priceDecimals),
    order: line.label,
    warnings: [
      movedTriggerCrossed(line.kind, line.side, move.price, layout?.last?.price, priceDecimals),
      movedLimitRests(line.side, move.price, limitOf(lines, line.orderId), priceDecimals),
    ].filter((warning): warning is string => warning !== undefined),
    sending: move.phase === 'sending',
  };
}

/** The top of the chart's stage, which the price pane starts at and the handles are placed in. */
const stageTop = (element: HTMLElement) => (element.closest('.chart__stage') ?? element).getBoundingClientRect().top;

/** Whether the pointer is off the chart: above or below its stage (the price pane at the least), or beside it. */
function outsideChart(event: PointerEvent<HTMLElement>, layout: PaneLayout): boolean {
  const stage = (event.currentTarget.closest('.chart__stage') ?? event.currentTarget).getBoundingClientRect();
  const y = event.clientY - stage.top;
  return y < 0 || y > Math.max(stage.height, layout.height) || event.clientX < stage.left || event.clientX > stage.right;
}

/** A pointer's height in the price pane, kept inside it: a price is only ever one the pane shows. */
const inPane = (y: number, layout: PaneLayout) => Math.max(0, Math.min(layout.height, y));

interface PointerInput {
  move: Move | undefined;
  layout: PaneLayout | undefined;
  priceDecimals: number;
  canMove(target: HeldLine): boolean;
  start(target: HeldLine, price: string, via: Move['via'], grab: number): void;
  propose(move: Move): void;
  setMove: Dispatch<SetStateAction<Move | undefined>>;
}

/** A handle grabbed, dragged (the price under it, on the tick) and let go (asked about). */
function pointerMoves({ move, layout, priceDecimals, canMove, start, propose, setMove }: PointerInput) {
  return {
    down(target: HeldLine, event: PointerEvent<HTMLElement>) {
      if (!canMove(target) || !layout || event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.focus();
      event.currentTarget.setPointerCapture(event.pointerId);
      const grab = event.clientY - stageTop(event.currentTarget) - yAtPrice(target.price, layout);
      start(target, tickText(target.price, priceDecimals), 'pointer', grab);
    },
    move(target: HeldLine, event: PointerEvent<HTMLElement>) {
      if (move?.phase !== 'moving' || move.via !== 'pointer' || move.lineId !== target.id || !layout) return;
      const price = draggedPrice(inPane(event.clientY - stageTop(event.currentTarget) - move.grab, layout), layout, priceDecimals);
      if (price !== undefined && price !== move.price) setMove({ ...move, price });
    },
    up(target: HeldLine, event: PointerEvent<HTMLElement>) {
      if (move?.phase !== 'moving' || move.via !== 'pointer' || move.lineId !== target.id) return;
      // Let go off the chart (over the page's head, the ticket): the trader left it, so the move is
      // dropped and the line goes back, as Escape does. Over the chart's lower panes the price
      // stays the pane's edge, where its line is drawn.
      if (layout && outsideChart(event, layout)) setMove(undefined);
      else propose(move);
    },
    cancel: () => setMove((current) => (current?.phase === 'moving' && current.via === 'pointer' ? undefined : current)),
  };
}

/**
 * The held orders' triggers as handles over the chart: grabbed and dragged, or moved a tick at a
 * time with the arrow keys, to a price on the tick; nothing is sent before the trader confirms
 * ("Move stop trigger … → …?"), and Escape puts the line back.
 */
export function useHeldHandles({ lines, layout, priceDecimals, onMove }: HeldHandlesInput) {
  const [state, setMove] = useState<Move | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const line = state && lines.find((candidate) => candidate.id === state.lineId);
  // A line that left (fired, cancelled) takes its move with it.
  const move = line ? state : undefined;
  const shown = useMemo(
    () => (move ? lines.map((each) => (each.id === move.lineId ? { ...each, price: Number(move.price) } : each)) : lines),
    [lines, move],
  );
  const canMove = (target: HeldLine) => target.movable && onMove !== undefined && (!move || move.phase === 'moving');

  const start = (target: HeldLine, price: string, via: Move['via'], grab = 0) => {
    setFailure(undefined);
    setMove({ phase: 'moving', lineId: target.id, from: target.price, price, via, grab });
  };
  // Let go where it was taken: nothing to ask.
  const propose = (current: Move) => setMove(tickText(current.from, priceDecimals) === current.price ? undefined : { ...current, phase: 'asking' });

  const pointer = pointerMoves({ move, layout, priceDecimals, canMove, start, propose, setMove });
  const settling = useEnterSettling(move?.phase === 'asking');

  const onKey = (target: HeldLine, event: KeyboardEvent<HTMLElement>) => {
    const direction = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    const mine = move?.phase === 'moving' && move.lineId === target.id ? move : undefined;
    if (direction !== 0 && canMove(target)) {
      event.preventDefault();
      const next = nudgedPrice(mine?.price ?? tickText(target.price, priceDecimals), direction, priceDecimals);
      if (next === undefined) return;
      if (mine) setMove({ ...mine, price: next, via: 'keys' });
      else start(target, next, 'keys');
    } else if (event.key === 'Enter' && mine) {
      event.preventDefault();
      propose(mine);
    } else if (event.key === 'Escape' && mine) {
      event.preventDefault();
      event.stopPropagation();
      setMove(undefined);
    }
  };
  // Arrows then Tab away: the line goes back (the dialog taking the focus is not leaving).
  const onBlur = () => setMove((current) => (current?.phase === 'moving' && current.via === 'keys' ? undefined : current));

  const confirm = async () => {
    if (move?.phase !== 'asking' || !line || !onMove) return;
    setMove({ ...move, phase: 'sending' });
    try {
      await onMove(line.orderId, Number(move.price));
    } catch (error) {
      setFailure((error as Error).message);
    }
    setMove(undefined);
  };

  return {
    shown,
    handles: layout ? shown.filter((each) => each.part === 'trigger').map((each) => placed(each, layout)) : [],
    scaleWidth: layout?.scaleWidth ?? 0,
    moving: move?.phase === 'moving' ? move : undefined,
    question: move && line && move.phase !== 'moving' ? questionOf(move, line, lines, layout, priceDecimals) : undefined,
    settling,
    failure,
    canMove,
    pointer,
    onKey,
    onBlur,
    confirm,
    keep: () => setMove((current) => (current?.phase === 'asking' ? undefined : current)),
    dismissFailure: () => setFailure(undefined),
  };
}

export type HeldHandles = ReturnType<typeof useHeldHandles>;
