import { useEffect, useState } from 'react';
import { useT } from '~/i18n';

const parts = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
};

/**
 * Days, hours, minutes and seconds until `target`. The server renders the first value (from its own
 * clock, `serverNow`), so the page shows it before any script; then it ticks every second.
 */
export function Countdown({ target, serverNow }: { target: string; serverNow: number }) {
  const { t } = useT();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = parts(new Date(target).getTime() - now);
  return (
    <div className="countdown" role="timer" aria-label={t('home.countdown')}>
      {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
        <div key={unit}>
          <span className="t-h5" data-unit={unit}>
            {String(left[unit]).padStart(2, '0')}
          </span>
          <span className="t-caption">{t(`home.units.${unit}`)}</span>
        </div>
      ))}
    </div>
  );
}
