// Invalid fields shake for 300 ms and nothing is sent (SPEC.md §5). Returns whether they are shaking now
// and a function to start it; a new shake restarts the 300 ms.
import { useCallback, useEffect, useRef, useState } from 'react';

export const SHAKE_MS = 300;

export function useShake(): [boolean, () => void] {
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shake = useCallback(() => {
    clearTimeout(timer.current);
    setShaking(true);
    timer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [shaking, shake];
}
