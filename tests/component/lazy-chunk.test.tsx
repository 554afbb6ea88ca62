// A chunk needed offline that cannot be fetched renders nothing (the page stays up) and is fetched again
// the next time it is shown.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyChunk } from '../../src/lib/lazyChunk';

function Panel({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe('lazyChunk', () => {
  it('renders nothing when the chunk is missing, and loads it when shown again', async () => {
    let calls = 0;
    const Chunk = lazyChunk(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Panel };
    });
    const first = render(
      <Suspense fallback={<span>loading</span>}>
        <p>page</p>
        <Chunk label="queued slips" />
      </Suspense>,
    );
    await screen.findByText('page');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('queued slips')).toBeNull();
    expect(screen.getByText('page')).toBeTruthy();
    first.unmount();
    render(
      <Suspense fallback={<span>loading</span>}>
        <Chunk label="queued slips" />
      </Suspense>,
    );
    expect(await screen.findByText('queued slips')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
