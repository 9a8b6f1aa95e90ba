import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { BUSINESS_SEARCH_DEBOUNCE_MS } from '@portal/contracts/constants';
import { messages } from '@portal/contracts/messages';
import { Modal } from '../../components/Modal.tsx';
import { Button } from '../../components/Button.tsx';
import { Spinner } from '../../components/icons.tsx';
import { useSession } from '../session/index.ts';
import { allBusinessPartnersQuery, selectBusinessErrorText, useSelectBusiness } from './api.ts';
import { filterBusinesses } from './fuzzy.ts';
import { closeSelectBusiness } from './store.ts';
import './business.css';
import { useDebounced } from '../../lib/useDebounced.ts';

/** Enough to scan; typing narrows the rest (a rep may see thousands of partners). */
const MAX_SHOWN = 100;

/**
 * The select-business modal (spec 01 §4, §5, §8): every partner the rep may act for, a fuzzy
 * search after a 500 ms pause, one pick, Confirm. It cannot be closed while saving; on failure the
 * prior selection stays and the reason shows here, where the rep is looking.
 */
export default function SelectBusinessModal() {
  const { data: session } = useSession();
  const userId = session?.user?.id ?? 'visitor';
  const partners = useQuery({ ...allBusinessPartnersQuery(userId), enabled: session?.user != null });
  const form = useForm<{ term: string; sapBpCode: string | null }>({ defaultValues: { term: '', sapBpCode: null } });
  const [term, picked] = useWatch({ control: form.control, name: ['term', 'sapBpCode'] });
  const debounced = useDebounced(term, BUSINESS_SEARCH_DEBOUNCE_MS);
  const select = useSelectBusiness();
  const searchId = useId();
  const statusId = useId();
  const current = session?.selectedBusiness?.sapBpCode ?? null;

  // The dialog focuses its first control (Close) when it opens; the search is where a rep starts.
  // This effect runs after the Modal's (a child's effects run first), so it wins.
  useEffect(() => {
    form.setFocus('term');
  }, [form]);

  const results = useMemo(() => filterBusinesses(partners.data ?? [], debounced), [partners.data, debounced]);
  const shown = results.slice(0, MAX_SHOWN);
  const pickedPartner = partners.data?.find((p) => p.sapBpCode === picked) ?? null;
  const saving = select.isPending;

  const confirm = form.handleSubmit(({ sapBpCode }) => {
    if (!sapBpCode || saving) return;
    select.mutate(sapBpCode, { onSuccess: () => closeSelectBusiness() });
  });

  const status = partners.isPending
    ? ''
    : results.length > MAX_SHOWN
      ? `${results.length} businesses match. Showing the first ${MAX_SHOWN}; type more to narrow the list.`
      : results.length
        ? `${results.length} ${results.length === 1 ? 'business' : 'businesses'}`
        : '';

  return (
    <Modal open onClose={closeSelectBusiness} title="Select Business" loading={saving} className="select-business">
      <form className="select-business-form" onSubmit={confirm} noValidate>
        <div className="field">
          <label htmlFor={searchId}>Search by business name or code</label>
          <input
            id={searchId}
            type="search"
            {...form.register('term')}
            aria-describedby={statusId}
            autoComplete="off"
            maxLength={100}
            disabled={saving}
          />
        </div>
        <p id={statusId} className="business-count" role="status">
          {status}
        </p>
        {partners.isPending ? (
          <p className="business-loading">
            <Spinner /> Loading businesses…
          </p>
        ) : partners.isError ? (
          <div className="alert alert-error" role="alert">
            <div className="alert-content">
              <p>{messages.unexpected}</p>
            </div>
            <button type="button" className="alert-action" onClick={() => void partners.refetch()}>
              Try again
            </button>
          </div>
        ) : shown.length === 0 ? (
          <p className="business-empty">{messages.noResultsFound}</p>
        ) : (
          <fieldset className="business-options" disabled={saving}>
            <legend className="visually-hidden">Businesses</legend>
            <ul>
              {shown.map((partner) => (
                <li key={partner.id}>
                  <label className={`business-option${picked === partner.sapBpCode ? ' is-picked' : ''}`}>
                    <input
                      type="radio"
                      value={partner.sapBpCode}
                      {...form.register('sapBpCode', { onChange: () => select.reset() })}
                    />
                    <span className="business-option-text">
                      <span className="business-option-name">{partner.companyName}</span>
                      <span className="business-option-detail">
                        {partner.sapBpCode}
                        {partner.city
                          ? ` · ${partner.city}${partner.countryArea ? `, ${partner.countryArea}` : ''}`
                          : ''}
                        {partner.sapBpCode === current ? ' · current' : ''}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {select.isError && (
          <div className="alert alert-error" role="alert">
            <div className="alert-content">
              <p>{selectBusinessErrorText(select.error, messages.selectBusinessFailed)}</p>
            </div>
          </div>
        )}
        <div className="select-business-actions">
          <p className="business-picked" aria-live="polite">
            {pickedPartner ? `Selected: ${pickedPartner.companyName}` : ''}
          </p>
          <Button type="submit" disabled={!picked} loading={saving}>
            Confirm
          </Button>
        </div>
      </form>
    </Modal>
  );
}
