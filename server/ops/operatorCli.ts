// The operator-account commands of the ops CLI (README "Adding the first operator"): add, disable and set
// the password of an operator, through the same functions as the admin API. The password is one line on
// standard input, never an argument (arguments show in `ps` and in the shell's history). The operator
// typed it, so unlike one an admin chose in the app, it need not be changed at first sign-in.
import type { Kysely } from 'kysely';
import { isOperatorRole } from '../../machines/rules/operatorName.ts';
import type { OpResult } from '../audit/outcome.ts';
import type { Argon2Cost } from '../config.ts';
import type { Database } from '../db/index.ts';
import { addOperator, disableOperator, setOperatorPassword } from '../identity/operators.ts';
import { createPasswordHasher } from '../identity/passwords.ts';

/** The commands, with how many arguments each takes (checked before the database is opened). */
export const OPERATOR_COMMANDS: Record<string, (n: number) => boolean> = {
  'add-operator': (n) => n === 2,
  'disable-operator': (n) => n === 1,
  'set-operator-password': (n) => n === 1,
};

export const OPERATOR_USAGE = `  add-operator NAME ROLE              ROLE_ADMIN | ROLE_CALL_CENTER | ROLE_MARKETING; password on stdin
  disable-operator NAME              no more sign-in; their sessions end
  set-operator-password NAME         a new password from stdin; their sessions end`;

/** The longest line taken as a password (the API's limit). */
const MAX_PASSWORD = 256;

/**
 * One line from standard input: piped (`printf '%s\\n' "$PW" | npm run ops -- …`) or typed at a terminal,
 * where it is not echoed. The line ends at the first newline or at the end of the input.
 */
export function readPasswordLine(input: NodeJS.ReadStream = process.stdin): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const tty = input.isTTY === true;
    if (tty) {
      process.stderr.write('Password: ');
      input.setRawMode(true);
    }
    input.setEncoding('utf8');
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', finish);
      if (tty) {
        input.setRawMode(false);
        process.stderr.write('\n');
      }
      input.pause();
      if (error) reject(error);
      else resolve(text);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\n' || char === '\r') return finish();
        if (tty && char === '\u0003') return finish(new Error('cancelled'));
        if (tty && (char === '\u007f' || char === '\b')) text = text.slice(0, -1);
        else text += char;
        if (text.length > MAX_PASSWORD) return finish();
      }
    };
    const onEnd = () => finish();
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', finish);
    input.resume();
  });
}

export interface OperatorCommand {
  db: Kysely<Database>;
  argon2: Argon2Cost;
  /** The audit trail's actor ('cli:<os user>'). */
  who: string;
  args: string[];
  readPassword: () => Promise<string>;
}

/** Thrown for a mistake in the command line itself (exit 2). */
export class OperatorUsageError extends Error {}

/**
 * Runs one operator command. Answers: add → `{username, roles}`; disable and set-password → the operator
 * as admins see it. Refusals carry the API's message keys (OPERATOR.EXISTS, PASSWORD.NOT_COMPLIANT…).
 */
export async function runOperatorCommand(command: string, o: OperatorCommand): Promise<OpResult<unknown>> {
  const [username = '', role = ''] = o.args;
  const change = { actor: o.who, at: new Date() };
  const hasher = () => createPasswordHasher(o.argon2);
  switch (command) {
    case 'add-operator': {
      if (!isOperatorRole(role)) throw new OperatorUsageError(`unknown role ${role}`);
      const password = await o.readPassword();
      const added = await addOperator(
        o.db,
        hasher(),
        { username, role, password, mustChangePassword: false },
        change,
      );
      return added.ok ? { ok: true, value: { username, roles: added.value.roles } } : added;
    }
    case 'disable-operator':
      return disableOperator(o.db, username, change);
    case 'set-operator-password': {
      const password = await o.readPassword();
      return setOperatorPassword(o.db, hasher(), { username, password, mustChange: false }, change);
    }
    default:
      throw new OperatorUsageError(`unknown command ${command}`);
  }
}
