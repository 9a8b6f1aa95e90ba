import { useEffect, useRef, useState } from 'react';
import { vinFromScan } from '@portal/contracts/vin';
import { Button } from '../../components/Button.tsx';
import { Modal } from '../../components/Modal.tsx';
import { createVinDetector } from './detector.ts';
import { VIN_SCAN_TEXTS, cameraProblemOf } from './texts.ts';
import './vin-scan.css';

/** How often a frame is read: often enough to feel instant, seldom enough to leave a mid-tier phone cool. */
const FRAME_MS = 150;

/**
 * The Scan button beside a VIN field (issue 31 item 1): the rear camera reads the VIN barcode and `onVin` gets a
 * VIN whose check digit is right (it fills the field and runs the decoder). Without a camera, or when the camera is
 * refused, the button says why and the field stays as it was.
 */
export function VinScanButton({ onVin, disabled = false }: { onVin: (vin: string) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [scanned, setScanned] = useState<string>();

  const start = () => {
    setScanned(undefined);
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setProblem(VIN_SCAN_TEXTS.noCamera);
      return;
    }
    setProblem(undefined);
    setOpen(true);
  };

  return (
    <div className="vin-scan">
      <Button
        type="button"
        variant="secondary"
        className="vin-scan-button"
        disabled={disabled}
        aria-label={VIN_SCAN_TEXTS.buttonLabel}
        onClick={start}
      >
        <CameraIcon />
        {VIN_SCAN_TEXTS.button}
      </Button>
      <p className="vin-scan-note" role="status">
        {problem ?? (scanned && VIN_SCAN_TEXTS.found(scanned))}
      </p>
      {open && (
        <VinScanner
          onVin={(vin) => {
            setOpen(false);
            setScanned(vin);
            onVin(vin);
          }}
          onClose={(why) => {
            setOpen(false);
            if (why) setProblem(why);
          }}
        />
      )}
    </div>
  );
}

/** What a phone's rear camera may offer beyond the standard capabilities (Image Capture: torch, focus). */
type CameraCapabilities = { torch?: boolean; focusMode?: string[] };
type TorchTrack = Omit<MediaStreamTrack, 'getCapabilities'> & { getCapabilities?: () => CameraCapabilities };

/** The camera view: reads frames until a VIN with a right check digit is seen. */
function VinScanner({ onVin, onClose }: { onVin: (vin: string) => void; onClose: (why?: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<TorchTrack | null>(null);
  const [hint, setHint] = useState<string>(VIN_SCAN_TEXTS.starting);
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const done = useRef({ onVin, onClose });
  done.current = { onVin, onClose };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };

    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        });
      } catch (error) {
        if (!stopped) done.current.onClose(cameraProblemOf(error));
        return;
      }
      if (stopped) return stop();
      const element = video.current!;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const camera = stream.getVideoTracks()[0] as TorchTrack | undefined;
      track.current = camera ?? null;
      // Focus is asked for once the camera runs: phones ignore it among getUserMedia's constraints.
      const capabilities: CameraCapabilities = camera?.getCapabilities?.() ?? {};
      if (capabilities.focusMode?.includes('continuous'))
        await camera!
          .applyConstraints({ advanced: [{ focusMode: 'continuous' } as MediaTrackConstraintSet] })
          .catch(() => undefined);
      setTorch({ available: capabilities.torch === true, on: false });

      let detector;
      try {
        detector = await createVinDetector();
      } catch {
        stop();
        done.current.onClose(VIN_SCAN_TEXTS.readerFailed);
        return;
      }
      if (stopped) return;
      setHint(VIN_SCAN_TEXTS.aim);
      const read = async () => {
        if (stopped) return;
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const codes = await detector.detect(element).catch(() => []);
          for (const code of codes) {
            const scanned = vinFromScan(code.rawValue);
            if ('vin' in scanned) {
              stop();
              done.current.onVin(scanned.vin);
              return;
            }
            // A misread is said, never filled in: the next frames usually read it right.
            setHint(
              scanned.problem === 'check-digit' ? VIN_SCAN_TEXTS.checkDigit(scanned.read) : VIN_SCAN_TEXTS.notAVin,
            );
          }
        }
        if (!stopped) timer = setTimeout(() => void read(), FRAME_MS);
      };
      void read();
    })();
    return stop;
  }, []);

  const toggleTorch = async () => {
    const on = !torch.on;
    await track.current
      ?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      .then(() => setTorch({ available: true, on }))
      .catch(() => setTorch({ available: false, on: false }));
  };

  return (
    <Modal open onClose={() => onClose()} title={VIN_SCAN_TEXTS.title} size="full" className="vin-scan-modal">
      <div className="vin-scan-view">
        <video ref={video} className="vin-scan-video" muted playsInline aria-hidden="true" />
        <div className="vin-scan-frame" aria-hidden="true" />
      </div>
      <p className="vin-scan-hint" role="status" aria-live="polite">
        {hint}
      </p>
      <div className="vin-scan-actions">
        {torch.available && (
          <Button type="button" variant="secondary" aria-pressed={torch.on} onClick={() => void toggleTorch()}>
            {torch.on ? VIN_SCAN_TEXTS.torchOff : VIN_SCAN_TEXTS.torchOn}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={() => onClose()}>
          {VIN_SCAN_TEXTS.cancel}
        </Button>
      </div>
    </Modal>
  );
}

function CameraIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none">
      <path
        d="M4 7h3l2-3h6l2 3h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="13" r="3.5" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
