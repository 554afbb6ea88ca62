// The 300 ms shake of invalid fields: `shake(['amount'])` marks fields for one play of
// the CSS animation (.shake in src/styles/forms.css); invalidity itself is the form's own state.
import { useCallback, useEffect, useRef, useState } from 'react';

export const SHAKE_MS = 300;

export function useShake<F extends string>(): {
  shaking: (field: F) => boolean;
  shake: (fields: F[]) => void;
} {
  const [fields, setFields] = useState<readonly F[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const shake = useCallback((next: F[]) => {
    clearTimeout(timer.current);
    setFields(next);
    timer.current = setTimeout(() => setFields([]), SHAKE_MS);
  }, []);
  const shaking = useCallback((field: F) => fields.includes(field), [fields]);
  return { shaking, shake };
}
