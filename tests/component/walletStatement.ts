// The wallet read and the statement download for tests of the Wallet screen and the statement (separate
// from walletHandlers.ts, which msw.ts imports for its defaults: this one uses the server).
import { HttpResponse, http } from 'msw';
import { vi } from 'vitest';
import { server } from './msw';
import { walletFixture } from './walletHandlers';

/** Answers wallet-info with `wallet()`, statement included (a test may change it between), and counts. */
export function countWalletFetches(wallet = () => walletFixture()) {
  const count = { n: 0 };
  server.use(
    http.get('/api/protected/fetch-wallet-info', () => {
      count.n++;
      return HttpResponse.json(wallet());
    }),
  );
  return count;
}

/**
 * Stands in for the browser's object URLs and the download click, which jsdom lacks: `text` is the
 * statement CSV the page built, once the page has read it from its blob.
 */
export function captureStatementCsv() {
  const csv = { text: '' };
  URL.createObjectURL = (blob: Blob) => {
    void blob.text().then((text) => {
      csv.text = text;
    });
    return 'blob:statement';
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return csv;
}
