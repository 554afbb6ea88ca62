// Conditional reads (server/conditional.ts): a GET under /api answers with a weak ETag of its body and
// 304 with no body when If-None-Match names it; the reads that are the same for everyone are revalidated
// (`private, no-cache`), personal ones stay no-store; compression never changes the tag and a 304 is
// never compressed; a change on the server gives a new tag and the whole answer.
import { beforeAll, expect, it } from 'vitest';
import { matchesEtag, weakEtag } from '../../server/conditional.ts';
import { seedDemo } from '../../server/seed.ts';
import { describeEachDb, signIn } from './helper.ts';

const PRIZES = '/api/protected/fetch-current-prizes';
const BETSLIP = '/api/protected/fetch-current-betslip';

it('compares tags weakly, lists and * included', () => {
  const tag = weakEtag('{"a":1}');
  expect(tag).toMatch(/^W\/"[\w-]{22}"$/);
  expect(weakEtag('{"a":2}')).not.toBe(tag);
  expect(matchesEtag(tag, tag)).toBe(true);
  expect(matchesEtag(tag.slice(2), tag)).toBe(true);
  expect(matchesEtag(`W/"other", ${tag}`, tag)).toBe(true);
  expect(matchesEtag('*', tag)).toBe(true);
  expect(matchesEtag('W/"other"', tag)).toBe(false);
  expect(matchesEtag(undefined, tag)).toBe(false);
});

describeEachDb('conditional reads', (t) => {
  let subscriber: string;
  let marketing: string;
  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    subscriber = (await signIn(t().app, '26650000001', 'demo1234')).access_token;
    marketing = (await signIn(t().app, 'marketing', 'marketing1234')).access_token;
  });
  const read = (url: string, headers: Record<string, string> = {}) =>
    t().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${subscriber}`, ...headers } });

  it('answers the prize refresh with 304 and no body while the prizes stay, the new list once they change', async () => {
    const first = await read(PRIZES);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toBe(weakEtag(first.body));
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await read(PRIZES, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-type']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('private, no-cache');

    expect((await read(PRIZES, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);

    const table = [{ prizeType: 14, amount: 123_456 }];
    const put = await t().app.inject({
      method: 'PUT',
      url: '/api/admin/prizes',
      headers: { authorization: `Bearer ${marketing}` },
      payload: table,
    });
    expect(put.statusCode).toBe(200);
    const changed = await read(PRIZES, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).not.toBe(first.body);
  });

  it('tags the plain body whatever the encoding, and sends a 304 uncompressed', async () => {
    const plain = await read(BETSLIP);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await read(BETSLIP, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const unchanged = await read(BETSLIP, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers['content-encoding']).toBeUndefined();
  });

  it('keeps personal answers out of the browser cache: no-store, even with a tag', async () => {
    const wallet = await read('/api/protected/fetch-wallet-info');
    expect(wallet.statusCode).toBe(200);
    expect(wallet.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves writes and refusals alone', async () => {
    const refused = await t().app.inject({ method: 'GET', url: PRIZES });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
    const post = await t().app.inject({
      method: 'POST',
      url: '/api/protected/fetch-past-submitted-betslips',
      headers: { authorization: `Bearer ${subscriber}` },
      payload: {},
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers.etag).toBeUndefined();
  });
});
