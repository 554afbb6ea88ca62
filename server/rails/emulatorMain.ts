// One rail emulator as its own process (DESIGN "Payment and messaging rails"), as the production-mode
// test runs them: `npm run rails-emulator -- <mpesa|ecocash|billing|at> --port N [--host H]`.
// It prints one JSON line with its base URL and the credentials an operator would get from the provider
// (the M-Pesa portal's public key is made at start), then serves the provider's API at that base and a
// small control API under /_emulator for the test driving it: GET knobs and PATCH them (latency, outcome,
// hang, insufficient numbers), and for Africa's Talking GET /_emulator/sms?msisdn= (the messages sent).
import Fastify, { type FastifyInstance } from 'fastify';
import { AfricasTalkingEmulator, africasTalkingEmulatorRoutes } from './africastalking/emulator.ts';
import { BillingEmulator, billingEmulatorRoutes } from './billing/emulator.ts';
import { EcoCashEmulator, ecocashEmulatorRoutes } from './ecocash/emulator.ts';
import { MpesaEmulator, mpesaEmulatorRoutes } from './mpesa/emulator.ts';

type Knobs = Record<string, unknown>;

interface Running {
  credentials: Record<string, string>;
  emulator: object;
}

const KNOBS = ['latencyMs', 'outcome', 'hang', 'failureRate', 'sessionLiveMs', 'sessionTtlMs'] as const;

function setKnobs(emulator: object, knobs: Knobs): void {
  const target = emulator as Record<string, unknown>;
  for (const name of KNOBS) if (name in knobs && name in target) target[name] = knobs[name];
  for (const set of ['insufficient', 'smsFailure'] as const) {
    const current = target[set];
    if (Array.isArray(knobs[set]) && current instanceof Set) {
      current.clear();
      for (const msisdn of knobs[set] as unknown[]) current.add(String(msisdn));
    }
  }
}

async function mount(app: FastifyInstance, rail: string, env: NodeJS.ProcessEnv): Promise<Running> {
  const latencyMs = Number(env.EMULATOR_LATENCY_MS ?? 200);
  switch (rail) {
    case 'mpesa': {
      const emulator = new MpesaEmulator({
        apiKey: env.MPESA_API_KEY,
        serviceProviderCode: env.MPESA_SERVICE_PROVIDER_CODE,
        latencyMs,
        sessionLiveMs: Number(env.MPESA_SESSION_LIVE_MS ?? 1000),
      });
      await app.register(mpesaEmulatorRoutes, { emulator });
      return {
        emulator,
        credentials: {
          apiKey: emulator.apiKey,
          publicKey: emulator.publicKeyBase64,
          serviceProviderCode: emulator.serviceProviderCode,
        },
      };
    }
    case 'ecocash': {
      const credentials = {
        username: env.ECOCASH_USERNAME ?? 'ecocash-user',
        password: env.ECOCASH_PASSWORD ?? 'ecocash-password',
        merchantCode: env.ECOCASH_MERCHANT_CODE ?? '12345',
        merchantPin: env.ECOCASH_MERCHANT_PIN ?? '1357',
      };
      const emulator = new EcoCashEmulator({ ...credentials, latencyMs });
      await app.register(ecocashEmulatorRoutes, { emulator });
      return { emulator, credentials };
    }
    case 'billing': {
      const token = env.BILLING_TOKEN ?? 'billing-token';
      const emulator = new BillingEmulator({ token, latencyMs });
      await app.register(billingEmulatorRoutes, { emulator });
      return { emulator, credentials: { token } };
    }
    case 'at': {
      const credentials = { username: env.AT_USERNAME ?? 'sandbox', apiKey: env.AT_API_KEY ?? 'at-api-key' };
      const emulator = new AfricasTalkingEmulator({ ...credentials, latencyMs: 0 });
      await app.register(africasTalkingEmulatorRoutes, { emulator });
      app.get('/_emulator/sms', async (request) => {
        const msisdn = (request.query as { msisdn?: string }).msisdn?.replace(/^\+/, '');
        return emulator.messages
          .filter((m) => !msisdn || m.to.replace(/^\+/, '') === msisdn)
          .map((m) => ({ to: m.to, message: m.message, at: m.at.toISOString() }))
          .reverse();
      });
      return { emulator, credentials };
    }
    default:
      throw new Error(`unknown rail "${rail}": mpesa, ecocash, billing or at`);
  }
}

async function main(argv: string[]): Promise<void> {
  const [rail, ...rest] = argv;
  const option = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const port = Number(option('port') ?? 0);
  const host = option('host') ?? '127.0.0.1';
  // A C2B held open by the emulator must not keep the process from stopping.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const running = await mount(app, rail ?? '', process.env);
  app.get('/_emulator/knobs', async () =>
    Object.fromEntries(
      Object.entries(running.emulator).filter(([name]) => (KNOBS as readonly string[]).includes(name)),
    ),
  );
  app.patch('/_emulator/knobs', async (request) => {
    setKnobs(running.emulator, (request.body ?? {}) as Knobs);
    return { ok: true };
  });
  const address = await app.listen({ port, host });
  process.stdout.write(`${JSON.stringify({ rail, url: address, ...running.credentials })}\n`);
  const stop = () => void app.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
