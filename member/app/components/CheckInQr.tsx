import { useEffect, useState } from 'react';
import { useT } from '~/i18n';

/**
 * An approved team's check-in code as a QR code (the `qrcode` library draws it as SVG in the browser),
 * with the code written under it for a volunteer who types it. The code is the team's number and the
 * platform's signature: nothing personal.
 */
export function CheckInQr({ code, teamNo }: { code: string; teamNo: string }) {
  const { t } = useT();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => {
        if (live) setSvg(text);
      }),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return (
    <details className="check-in-qr mt-1">
      <summary className="t-body2">{t('teams.check_in_qr')}</summary>
      <p className="t-caption muted">{t('teams.check_in_qr_hint')}</p>
      <div
        className="check-in-qr-image"
        role="img"
        aria-label={t('teams.check_in_qr_alt', { team: teamNo })}
        data-code={code}
        // The SVG is drawn here from the platform's own code, never from someone's words.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <p className="t-caption check-in-qr-number" dir="ltr">
        <bdi>{teamNo}</bdi>
      </p>
    </details>
  );
}
