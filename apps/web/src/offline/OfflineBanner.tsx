import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../lib/useOnline.ts';
import { OFFLINE_TEXTS } from './texts.ts';

/**
 * The offline banner of every layout (issue 31 item 2): while the phone has no network, and for a moment when it is
 * back (the screen's data refreshes on its own then: React Query refetches on reconnect).
 */
export function OfflineBanner() {
  const online = useOnline();
  const [back, setBack] = useState(false);
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setBack(false);
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setBack(true);
    const timer = setTimeout(() => setBack(false), 4000);
    return () => clearTimeout(timer);
  }, [online]);
  if (online && !back) return null;
  return (
    <div className={`offline-banner${online ? ' offline-banner-back' : ''}`} role="status">
      {online ? OFFLINE_TEXTS.back : OFFLINE_TEXTS.banner}
    </div>
  );
}
