// A money form's confirm step: what the checked form would send waits here until the subscriber confirms
// (taken once, so a double tap sends once) or cancels (dropped, nothing sent).
import { useRef, useState } from 'react';

export function useConfirmStep<T>() {
  const [asking, setAsking] = useState<T | null>(null);
  // The ref answers a second tap in the same render: `asking` is stale until the next one.
  const held = useRef<T | null>(null);
  return {
    /** What is being asked about; null when no question is open. */
    asking,
    ask(value: T) {
      held.current = value;
      setAsking(value);
    },
    /** The confirmed value (once), closing the question. */
    take(): T | null {
      const value = held.current;
      held.current = null;
      setAsking(null);
      return value;
    },
    cancel() {
      held.current = null;
      setAsking(null);
    },
  };
}
