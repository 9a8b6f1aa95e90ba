import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@portal/contracts/constants';
import { messages } from '@portal/contracts/messages';
import { Modal } from '../../components/Modal.tsx';
import { Button } from '../../components/Button.tsx';
import { storage } from '../../lib/storage.ts';
import { signOutEverywhereInThisBrowser } from '../auth/index.ts';
import { setOptedToStay } from './store.ts';
import './business.css';

/** spec 01 §2.3, §4: the do-not-show-again flag is '1'. */
export const WRONG_SITE_DO_NOT_SHOW = '1';

/**
 * The wrong-site modal (spec 01 §2.3, §4): the business is Canadian, this is the U.S. site.
 * "Visit the Canadian site" signs out, keeps the do-not-show choice, and goes to the Canadian
 * login; "Stay on this site" (or closing) keeps the choice and stays for this session.
 */
export default function WrongSiteModal({ companyName, otherSiteUrl }: { companyName: string; otherSiteUrl: string }) {
  const queryClient = useQueryClient();
  const [doNotShow, setDoNotShow] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const keepChoice = () => {
    if (doNotShow) storage.set(STORAGE_KEYS.wrongSiteNotice, WRONG_SITE_DO_NOT_SHOW);
  };

  const stay = () => {
    keepChoice();
    setOptedToStay(true);
  };

  const visit = async () => {
    setLeaving(true);
    // Sign-out empties every portal key; the choice is written after it, so it outlives the logout.
    await signOutEverywhereInThisBrowser(queryClient);
    keepChoice();
    window.location.assign(new URL('/login', otherSiteUrl).href);
  };

  return (
    <Modal open onClose={stay} title={messages.wrongSiteTitle} loading={leaving} className="wrong-site">
      <p>
        {companyName} is a Canadian business. The Canadian site has its prices, products and ordering; you can keep
        using this site if you prefer.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={doNotShow}
          onChange={(e) => setDoNotShow(e.target.checked)}
          disabled={leaving}
        />
        Do not show this again
      </label>
      <div className="wrong-site-actions">
        <Button onClick={visit} loading={leaving}>
          Visit the Canadian site
        </Button>
        <Button variant="secondary" onClick={stay} disabled={leaving}>
          Stay on this site
        </Button>
      </div>
    </Modal>
  );
}
