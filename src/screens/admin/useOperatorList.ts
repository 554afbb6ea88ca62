// The operators' screens (admin, operators, marketing) all read a list, show why it could not be read, and
// run actions that say how they went and read the list again. One hook for each half.
import { useCallback, useEffect, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { useServerMessage } from '../../i18n/serverMessages';
import type { Notice } from './OperatorNotice';

/** The list `read` returns, read on mount and by `load()`; `loadError` is the refusal's message key. */
export function useOperatorList<T>(read: () => Promise<T>) {
  const [list, setList] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setList(await read());
      setLoadError(null);
    } catch (err) {
      setLoadError(messageKeyOf(err));
    }
  }, [read]);

  useEffect(() => {
    void load();
  }, [load]);

  return { list, loadError, load };
}

/**
 * Runs one action at a time: `busy` while it runs, its sentence (or the translated refusal) as the notice,
 * then `after()` (read the list again). `run` resolves true when the action was done.
 */
export function useOperatorRun(after: () => Promise<void>) {
  const say = useServerMessage();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const refuse = (err: unknown) => setNotice({ kind: 'error', text: say(messageKeyOf(err)) });

  /** Work that shows nothing when it goes well (a preview), only its refusal. */
  const quietly = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      refuse(err);
    } finally {
      setBusy(false);
    }
  };

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      setNotice({ kind: 'ok', text: await action() });
      await after();
      return true;
    } catch (err) {
      refuse(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, notice, setNotice, run, quietly };
}
