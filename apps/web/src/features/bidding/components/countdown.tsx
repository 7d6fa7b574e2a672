import { useEffect, useState } from 'react';
import { countdownText } from '../bid-rules';

/** HH:MM:SS until `endTime`, ticking each second; follows a moved end at once. */
export function Countdown({ endTime, label }: { endTime: string; label: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="bid-countdown">
      <span className="bid-countdown-label">{label}</span>{' '}
      <time dateTime={endTime} data-testid="bid-countdown">
        {countdownText(endTime, now)}
      </time>
    </p>
  );
}
