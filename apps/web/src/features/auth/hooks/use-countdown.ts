import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `restart()`'s deadline; 0 when it has passed. Ticks once a second. */
export function useCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const restart = useCallback((seconds: number) => setDeadline(Date.now() + seconds * 1000), []);
  const secondsLeft = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, restart };
}

/** Seconds from now until an ISO moment (the API's `resend_after`), or the fallback when absent. */
export function secondsUntil(iso: string | undefined, fallback: number): number {
  if (!iso) return fallback;
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return fallback;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
