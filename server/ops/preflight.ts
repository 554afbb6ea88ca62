// `npm run ops -- check`: is this configuration ready to take real money? It loads the configuration as
// the server would (refusing what the server refuses), then reaches each configured rail without moving
// money: an M-Pesa session, an EcoCash and a carrier-billing status query of a made-up reference, the
// Africa's Talking account. Prints one line per check; exit 0 when all passed, 1 otherwise.
import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../config.ts';
import { OneApiBilling } from '../rails/billing/adapter.ts';
import { EcoCashApi } from '../rails/ecocash/adapter.ts';
import { MpesaOpenApi } from '../rails/mpesa/adapter.ts';
import type { Fetch } from '../rails/types.ts';
import type { Rail } from '../railsConfig.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

type Probe = () => Promise<{ ok: boolean; detail: string }>;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function probe(name: string, rail: Rail<unknown>, run: Probe): Promise<Check> {
  if (rail.kind === 'off') return { name, ok: true, detail: 'not configured (not offered)' };
  if (rail.kind === 'emulator') return { name, ok: true, detail: 'demo emulator (/dev/rails)' };
  try {
    return { name, ...(await run()) };
  } catch (error) {
    return { name, ok: false, detail: `unreachable: ${message(error)}` };
  }
}

/** Every check, in order; `fetch` is the network (tests point it at emulators). */
export async function preflight(env: NodeJS.ProcessEnv, fetch: Fetch = globalThis.fetch): Promise<Check[]> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.name === 'ConfigError'))
      return [{ name: 'configuration', ok: false, detail: error.message }];
    throw error;
  }
  const { rails } = config;
  const checks: Check[] = [
    { name: 'configuration', ok: true, detail: config.production ? 'production' : 'demo mode' },
  ];
  const made = `PREFLIGHT-${randomUUID().slice(0, 8)}`;
  checks.push(
    await probe('M-Pesa (Vodacom OpenAPI)', rails.mpesa, async () => {
      if (rails.mpesa.kind !== 'real') throw new Error('unreachable');
      const mpesa = new MpesaOpenApi({ ...rails.mpesa.settings, timeoutMs: 15_000, fetch });
      const session = await mpesa.checkSession();
      if (!session.ok)
        return { ok: false, detail: `session refused: ${session.providerCode ?? ''} ${session.message}` };
      const status = await mpesa.query(made);
      return {
        ok: true,
        detail:
          `session opened; status query of a made-up reference: ${status.status} ${status.providerCode ?? ''}`.trim(),
      };
    }),
  );
  checks.push(
    await probe('EcoCash', rails.ecocash, async () => {
      if (rails.ecocash.kind !== 'real') throw new Error('unreachable');
      const ecocash = new EcoCashApi({
        ...rails.ecocash.settings,
        notifyUrl: 'https://invalid.example/',
        fetch,
      });
      const answer = await ecocash.checkAccount();
      return { ok: answer.ok, detail: answer.message };
    }),
  );
  checks.push(
    await probe('Carrier billing (OneAPI)', rails.billing, async () => {
      if (rails.billing.kind !== 'real') throw new Error('unreachable');
      const billing = new OneApiBilling({ ...rails.billing.settings, timeoutMs: 15_000, fetch });
      const status = await billing.status(made);
      return {
        ok: status.status === 'NOT_CHARGED',
        detail: `status query of a made-up reference: ${status.status}`,
      };
    }),
  );
  checks.push(
    await probe("Africa's Talking (SMS, airtime)", rails.africasTalking, async () => {
      if (rails.africasTalking.kind !== 'real') throw new Error('unreachable');
      const { baseUrl, username, apiKey } = rails.africasTalking.settings;
      const answer = await fetch(`${baseUrl}/user?username=${encodeURIComponent(username)}`, {
        headers: { apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
      if (!answer.ok) return { ok: false, detail: `account refused: HTTP ${answer.status}` };
      const body = (await answer.json()) as { UserData?: { balance?: string } };
      return { ok: true, detail: `account reached, balance ${body.UserData?.balance ?? 'unknown'}` };
    }),
  );
  if (config.production && !config.metricsToken)
    checks.push({ name: 'metrics', ok: true, detail: 'METRICS_TOKEN unset: /metrics is not served' });
  return checks;
}

/** Runs the checks and prints them; the exit code. */
export async function runPreflight(out = console.log): Promise<number> {
  const checks = await preflight(process.env);
  for (const c of checks) out(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.detail}`);
  return checks.every((c) => c.ok) ? 0 : 1;
}
