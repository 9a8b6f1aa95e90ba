import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/Button.tsx';
import { OFFLINE_TEXTS } from '../../../offline/texts.ts';
import { useOnline } from '../../../lib/useOnline.ts';
import { saveVehicleForOffline, useOfflineVehicles } from '../offlineVehicles.ts';
import { keyOf, nameOf, type SlideProps } from './common.ts';

type Phase = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Save for offline (issue 31 item 2), on the vehicle slide: everything the vehicle's slides and print page read is
 * read now and kept by the offline worker, before the installer drives to a job with no signal. Says when the
 * vehicle is already available offline. Not shown where the browser keeps nothing (no offline worker).
 */
export function SaveForOffline({ address, vehicle }: SlideProps) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>('idle');
  const [version, setVersion] = useState(0);
  const kept = useOfflineVehicles([{ name: nameOf(vehicle), value: address.vehicle ?? '' }], version);
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  const available = kept.size > 0;

  const save = async () => {
    setPhase('saving');
    try {
      await saveVehicleForOffline(queryClient, keyOf(address));
      setPhase('saved');
    } catch {
      setPhase('failed');
    }
    setVersion((v) => v + 1);
  };

  return (
    <div className="save-offline">
      {available && phase !== 'saved' && <p className="offline-mark">{OFFLINE_TEXTS.availableOffline}</p>}
      <Button
        type="button"
        variant="secondary"
        loading={phase === 'saving'}
        disabled={!online || phase === 'saving'}
        onClick={() => void save()}
      >
        {OFFLINE_TEXTS.saveForOffline}
      </Button>
      <p role="status" className="save-offline-status">
        {phase === 'saving'
          ? OFFLINE_TEXTS.saving
          : phase === 'saved'
            ? OFFLINE_TEXTS.saved
            : phase === 'failed'
              ? OFFLINE_TEXTS.saveFailed
              : ''}
      </p>
    </div>
  );
}
