// The app's plugins name what they need (fastify-plugin `dependencies`), so registering one before the
// plugin whose decorators it uses fails at boot with Fastify's own error, not later on a request.
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { channels } from '../../server/channels/plugin.ts';
import { createEventBus } from '../../server/events.ts';
import { backgroundJobs } from '../../server/jobs/plugin.ts';
import { operations } from '../../server/ops/routes.ts';
import { playAndWallet } from '../../server/play/plugin.ts';
import { push } from '../../server/push/plugin.ts';

// Fastify checks the declared names before the plugin runs, so its options are never read.
const cases: [string, FastifyPluginAsync<never>, string][] = [
  ['play-and-wallet', playAndWallet as FastifyPluginAsync<never>, 'identity'],
  ['channels', channels as FastifyPluginAsync<never>, 'play-and-wallet'],
  ['push', push as FastifyPluginAsync<never>, 'identity'],
  ['jobs', backgroundJobs as FastifyPluginAsync<never>, 'push'],
  ['operations', operations as FastifyPluginAsync<never>, 'identity'],
];

describe('plugin dependencies', () => {
  it.each(cases)('%s alone does not boot: it needs %s', async (name, plugin, missing) => {
    const app = Fastify();
    app.decorate('events', createEventBus());
    // Declared decorators are checked before dependencies: the app's own ones are there.
    app.decorate('siteContent', {} as never);
    app.register(plugin, {} as never);
    const error = await app.ready().then(
      () => null,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error?.code).toBe('FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED');
    expect(error?.message).toContain(`'${missing}'`);
    expect(error?.message).toContain(`'${name}'`);
    await app.close().catch(() => undefined);
  });
});
