// Hands a just-paid slip's receipt from the play screen's side effects to the receipt sheet, whose code
// loads later: a receipt announced before anyone listens waits for the first listener.
import type { SlipReceipt } from '../api/play';

type Listener = (receipt: SlipReceipt) => void;
const listeners = new Set<Listener>();
let waiting: SlipReceipt | null = null;

export function announceReceipt(receipt: SlipReceipt | undefined): void {
  if (!receipt) return;
  if (listeners.size === 0) waiting = receipt;
  for (const l of listeners) l(receipt);
}

export function onReceipt(listener: Listener): () => void {
  listeners.add(listener);
  if (waiting) {
    const r = waiting;
    waiting = null;
    listener(r);
  }
  return () => listeners.delete(listener);
}
