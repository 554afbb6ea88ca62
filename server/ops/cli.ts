// The operator's command line (README "Running the game"): the admin API's operations without a browser,
// through the same functions, against the database the configuration names (DATA_DIR / DATABASE_URL).
//   npm run ops -- create-betslip file.json | publish SID | set-result SID POS RESULT [POS RESULT …]
//                 | settle SID | list | check
//                 | add-operator NAME ROLE | disable-operator NAME | set-operator-password NAME (password on stdin)
// Prints the answer as JSON. Exit codes: 0 done, 1 refused (message key on stderr), 2 usage.
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { pathToFileURL } from 'node:url';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { CreateBetslipBody, type CreateBetslipInput } from '../../machines/wire/admin.ts';
import type { OpResult } from '../audit/outcome.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { createJobs } from '../jobs/index.ts';
import { loadReceiptKey } from '../play/receiptKey.ts';
import { createBetslip, listBetslips, publishBetslip, setResult } from './betslipAdmin.ts';
import {
  OPERATOR_COMMANDS,
  OPERATOR_USAGE,
  OperatorUsageError,
  readPasswordLine,
  runOperatorCommand,
} from './operatorCli.ts';
import { runPreflight } from './preflight.ts';
import { settleBetslip } from './settle.ts';

const USAGE = `usage: npm run ops -- <command>
  create-betslip FILE.json           create a DRAFT betslip (the admin API's POST /api/admin/betslips body)
  publish SID                        make it the current betslip
  set-result SID POS RESULT [...]    POS 1-14, RESULT HOME_WIN | AWAY_WIN | DRAW | VOID (pairs may repeat)
  settle SID                         count and pay the prizes (again: finishes an interrupted run)
  list                               every betslip with its status and results
  check                              validate this configuration and reach each rail without moving money
${OPERATOR_USAGE}
The database is the server's: DATA_DIR (embedded; stop the server first) or DATABASE_URL.`;

class UsageError extends Error {}

/** pg-boss's complaints go to stderr: stdout is the command's answer. */
const stderrLog = {
  info: () => {},
  warn: (...args: unknown[]) => console.error('warning:', ...args),
  error: (...args: unknown[]) => console.error('error:', ...args),
};

/**
 * Settles as the admin route does, enqueueing the notices job in the settling transaction: the server's
 * workers send them (on the embedded database, when the server starts again).
 */
async function settleWithNotices(db: Db, config: Config, who: string, sid: string) {
  const { databaseUrl } = config;
  const jobs = createJobs({
    db,
    databaseUrl,
    mode: 'enqueue',
    log: stderrLog,
    reconcileIntervalMs: 0,
    demo: false,
  });
  await jobs.start();
  try {
    return await settleBetslip(db.kysely, who, sid, () => new Date(), {
      whenSettled: (trx, settled) => jobs.settlementNotices(settled, trx),
      // A group still open is closed first; a full one's slip is signed as the server signs it.
      receiptKey: loadReceiptKey(config),
    });
  } finally {
    await jobs.stop();
  }
}

function actor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

function readBetslipFile(path: string | undefined) {
  if (!path) throw new UsageError('create-betslip needs a file');
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : error}`);
  }
  // The admin route's own validator: the file must be exactly what POST /api/admin/betslips accepts.
  const checked = TypeBoxValidatorCompiler({ schema: CreateBetslipBody, httpPart: 'body' } as never)(
    data,
  ) as {
    value?: CreateBetslipInput;
    error?: Iterable<{ instancePath?: string; message?: string }>;
  };
  if (!checked.value) {
    const problems = [...(checked.error ?? [])]
      .slice(0, 5)
      .map((e) => `  ${e.instancePath || '/'}: ${e.message}`);
    throw new UsageError(`${path} is not a betslip:\n${problems.join('\n')}`);
  }
  return checked.value;
}

/** Runs one command; returns the process exit code. */
export async function run(argv: string[], out = console.log, err = console.error): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 2;
  }
  // Usage mistakes are told before the database is opened (that is the slow part).
  const arity: Record<string, (n: number) => boolean> = {
    'create-betslip': (n) => n === 1,
    publish: (n) => n === 1,
    'set-result': (n) => n >= 3 && n % 2 === 1,
    settle: (n) => n === 1,
    list: (n) => n === 0,
    ...OPERATOR_COMMANDS,
  };
  // The preflight reaches the rails, not the database.
  if (command === 'check') return args.length === 0 ? runPreflight(out) : 2;
  const fits = arity[command];
  if (!fits?.(args.length)) {
    err(`${fits ? `wrong arguments for ${command}` : `unknown command ${command}`}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db);
    const kysely = db.kysely;
    const who = actor();
    const now = () => new Date();
    const sid = () => {
      if (!args[0]) throw new UsageError(`${command} needs a betslip sid`);
      return args[0];
    };
    let result: OpResult<unknown>;
    switch (command) {
      case 'create-betslip':
        result = await createBetslip(kysely, who, readBetslipFile(args[0]), now());
        break;
      case 'publish':
        result = await publishBetslip(kysely, who, sid(), now());
        break;
      case 'set-result': {
        const pairs = args.slice(1);
        if (pairs.length === 0 || pairs.length % 2 !== 0) throw new UsageError('set-result SID POS RESULT');
        const done: unknown[] = [];
        result = { ok: true, value: done };
        for (let i = 0; i < pairs.length; i += 2) {
          const position = Number(pairs[i]);
          if (!Number.isInteger(position) || position < 1) throw new UsageError(`bad position ${pairs[i]}`);
          const one = await setResult(kysely, who, sid(), position, pairs[i + 1]!.toUpperCase(), now());
          if (!one.ok) {
            result = one;
            break;
          }
          done.push(one.value);
        }
        break;
      }
      case 'settle': {
        const settled = await settleWithNotices(db, config, who, sid());
        // The admin API's answer (paid in M), not the internal cents.
        result = settled.ok
          ? { ok: true, value: { ...settled.value, event: undefined, paidCents: undefined } }
          : settled;
        break;
      }
      case 'list':
        result = { ok: true, value: await listBetslips(kysely, now()) };
        break;
      case 'add-operator':
      case 'disable-operator':
      case 'set-operator-password':
        result = await runOperatorCommand(command, {
          db: kysely,
          argon2: config.argon2,
          who,
          args,
          readPassword: () => readPasswordLine(),
        });
        break;
      default:
        throw new UsageError(`unknown command ${command}`);
    }
    if (!result.ok) {
      err(
        `refused: ${result.messageKey}${result.message !== result.messageKey ? ` (${result.message})` : ''}`,
      );
      return 1;
    }
    out(JSON.stringify(result.value, null, 2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof OperatorUsageError) {
      err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await run(process.argv.slice(2));
}
