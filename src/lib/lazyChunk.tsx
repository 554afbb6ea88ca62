// React.lazy for a chunk that is needed offline (the queue panel, the SMS fallback): when its file cannot
// be fetched (offline before the service worker has cached it), it renders nothing instead of throwing into
// the route's error boundary, and the next time it is shown it tries the download again.
import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';

const Nothing = () => null;

interface Attempt<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  failed: boolean;
}

export function lazyChunk<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const attempt = (): Attempt<P> => {
    const made: Attempt<P> = {
      failed: false,
      Component: lazy(() =>
        load().catch(() => {
          made.failed = true;
          return { default: Nothing as ComponentType<P> };
        }),
      ),
    };
    return made;
  };
  let current = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: one component per chunk, made once at module load (like React.lazy).
  return function Chunk(props: P) {
    // A failed download is tried again when the chunk is next shown (after this one unmounts), never in a loop.
    useEffect(
      () => () => {
        if (current.failed) current = attempt();
      },
      [],
    );
    const { Component } = current;
    return <Component {...props} />;
  };
}
