// Deferred parts (src/lib/afterPaint.ts) mount only after a painted frame and an idle moment, in that order,
// and never once their screen has gone.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, IDLE_MAX_WAIT_MS, useAfterPaint } from '../../src/lib/afterPaint';

function Probe({ when }: { when?: boolean }) {
  return <p>{useAfterPaint(when) ? 'later' : 'first'}</p>;
}

describe('after paint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs after the frame, a timeout and an idle moment, never before', async () => {
    const frames: FrameRequestCallback[] = [];
    const idles: { run: IdleRequestCallback; timeout?: number }[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback, o?: IdleRequestOptions) =>
      idles.push({ run, timeout: o?.timeout }),
    );
    const run = vi.fn();
    afterNextPaint(run);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(idles).toHaveLength(0); // the idle wait starts only once the frame has been painted
    await new Promise((r) => setTimeout(r, 0));
    expect(idles.map((i) => i.timeout)).toEqual([IDLE_MAX_WAIT_MS]);
    expect(run).not.toHaveBeenCalled();
    idles[0]!.run({} as IdleDeadline);
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled, as a screen unmounted before the paint asks', async () => {
    const frames: FrameRequestCallback[] = [];
    const idles: IdleRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => idles.push(run));
    const run = vi.fn();
    const cancel = afterNextPaint(run);
    frames[0]!(0);
    await new Promise((r) => setTimeout(r, 0));
    cancel();
    idles[0]!({} as IdleDeadline);
    expect(run).not.toHaveBeenCalled();
  });

  it('keeps a part out until its condition has held through a paint, then keeps it', async () => {
    const { rerender } = render(<Probe when={false} />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText('first')).toBeTruthy();
    rerender(<Probe when />);
    expect(screen.getByText('first')).toBeTruthy();
    expect(await screen.findByText('later')).toBeTruthy();
    rerender(<Probe when={false} />);
    expect(screen.getByText('later')).toBeTruthy();
  });
});
