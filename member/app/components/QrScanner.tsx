import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '~/i18n';
import { Alert } from '~/ui/Alert';
import { Button } from '~/ui/Button';

type Detect = (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>;

type BarcodeDetectorLike = {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
};
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * How this browser reads a QR code from the camera's picture: its own BarcodeDetector where it reads
 * QR codes (Android, macOS, ChromeOS), else the jsQR library on the picture drawn to a canvas.
 */
async function detector(): Promise<Detect> {
  const Native = (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes('qr_code')) {
      const native = new Native({ formats: ['qr_code'] });
      return async (video) => (await native.detect(video))[0]?.rawValue ?? null;
    }
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!width || !height) return null;
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return null;
    ctx.drawImage(video, 0, 0, width, height);
    const found = jsQR(ctx.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'attemptBoth' });
    return found?.data || null;
  };
}

/** Reads a QR code with the phone's back camera and hands its text over once; the camera stops then. */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useT();
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setOn(false);
  }, []);
  useEffect(() => {
    if (!on) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (!live) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        const el = video.current!;
        el.srcObject = media;
        await el.play();
        const read = await detector();
        const look = async () => {
          if (!live) return;
          const code = await read(el, canvas.current!).catch(() => null);
          if (code && live) {
            stop();
            onCode(code);
            return;
          }
          // The next picture: a few a second is enough and spares a phone's battery.
          timer = setTimeout(() => void look(), 200);
        };
        void look();
      } catch {
        if (live) {
          setFailed(true);
          stop();
        }
      }
    })();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      stream.current?.getTracks().forEach((track) => track.stop());
    };
  }, [on, onCode, stop]);
  return (
    <div className="stack gap-1 qr-scanner">
      {failed && <Alert severity="warning">{t('judging.no_camera')}</Alert>}
      {on ? (
        <>
          <p className="t-body2">{t('judging.scanning')}</p>
          <video ref={video} className="qr-video" muted playsInline aria-label={t('judging.camera_video')} />
          <canvas ref={canvas} hidden />
          <Button variant="outlined" onClick={stop}>
            {t('judging.scan_stop')}
          </Button>
        </>
      ) : (
        <Button
          variant="contained"
          onClick={() => {
            setFailed(false);
            setOn(true);
          }}
        >
          {t('judging.scan')}
        </Button>
      )}
    </div>
  );
}
