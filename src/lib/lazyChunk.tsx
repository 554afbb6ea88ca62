// React.lazy for a part the page can do without (the shell's notices and footer, the subscribe button, the
// prize ticker, the queue panel and its SMS fallback): when its file cannot be fetched (offline before the
// service worker has stored it, or a new version replaced it), it renders nothing instead of throwing into
// the route's error boundary and taking the page down, and the next time it is shown it tries again.
import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';

const Nothing = () => null;

// biome-ignore lint/suspicious/noExplicitAny: as React.lazy's bound.
interface Attempt<T extends ComponentType<any>> {
  Component: LazyExoticComponent<T>;
  failed: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's, so props infer from the module.
export function lazyChunk<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const attempt = (): Attempt<T> => {
    const made: Attempt<T> = {
      failed: false,
      Component: lazy(() =>
        load().catch((error: unknown) => {
          console.error('a part of the page could not load', error);
          made.failed = true;
          return { default: Nothing as unknown as T };
        }),
      ),
    };
    return made;
  };
  let current = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: one component per chunk, made once at module load (like React.lazy).
  return function Chunk(props: ComponentProps<T>) {
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
