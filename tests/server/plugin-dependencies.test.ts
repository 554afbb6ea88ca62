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
const cases: [string, string, FastifyPluginAsync<never>][] = [
  ['play-and-wallet', 'identity', playAndWallet as FastifyPluginAsync<never>],
  ['channels', 'play-and-wallet', channels as FastifyPluginAsync<never>],
  ['push', 'identity', push as FastifyPluginAsync<never>],
  ['jobs', 'push', backgroundJobs as FastifyPluginAsync<never>],
  ['operations', 'identity', operations as FastifyPluginAsync<never>],
];

describe('plugin dependencies', () => {
  // The plugin comes last: a name of `%s` would print its whole source.
  it.each(cases)('%s alone does not boot: it needs %s', async (name, missing, plugin) => {
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
