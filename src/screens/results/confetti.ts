// The gold burst on first opening a won slip (removed after 1.5 s). canvas-confetti is
// imported only here, on demand, so it never weighs on the first load; people who ask the system for
// reduced motion get no burst at all.
const GOLD = ['#f5c518', '#d9a90a', '#ffe27a', '#b8860b', '#fff4c2'];

/** The confetti canvas goes away after this long. */
export const CONFETTI_MS = 1500;

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Fires one gold burst over the page and removes its canvas after CONFETTI_MS. */
export async function goldBurst(): Promise<void> {
  if (prefersReducedMotion()) return;
  const { default: confetti } = await import('canvas-confetti');
  const canvas = document.createElement('canvas');
  canvas.className = 'confetti-canvas';
  canvas.setAttribute('aria-hidden', 'true');
  document.body.append(canvas);
  const fire = confetti.create(canvas, { resize: true, useWorker: false });
  // ~90 frames at 60 fps: the pieces have fallen by the time the canvas is removed.
  void fire({
    particleCount: 120,
    spread: 80,
    startVelocity: 42,
    ticks: 90,
    origin: { y: 0.55 },
    colors: GOLD,
  });
  window.setTimeout(() => {
    fire.reset();
    canvas.remove();
  }, CONFETTI_MS);
}
