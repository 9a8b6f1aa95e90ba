import { useEffect, useRef, useState } from 'react';
import { PageLink } from '../../components/PageLink.tsx';
import type { Coupon } from '@portal/contracts';
import { formatDate, formatMoney } from '@portal/contracts/format';
import { copyText } from './clipboard.ts';
import { couponValueText } from './couponValue.ts';
import './deals.css';

/** How long the copy confirmation stays on screen. */
const COPIED_MESSAGE_MS = 5000;

interface CouponListProps {
  /** Undefined while loading: placeholder cards. */
  coupons: readonly Coupon[] | undefined;
  headingLevel?: 3 | 4;
  loadingCount?: number;
}

/** Coupon codes running now, each with what it gives, its conditions, its end date and a copy button. */
export function CouponList({ coupons, headingLevel = 3, loadingCount = 3 }: CouponListProps) {
  return (
    <ul className="coupon-list" aria-label="Coupon codes" aria-busy={!coupons}>
      {coupons
        ? coupons.map((coupon) => (
            <li key={coupon.id}>
              <CouponCard coupon={coupon} headingLevel={headingLevel} />
            </li>
          ))
        : Array.from({ length: loadingCount }, (_, i) => (
            <li key={i}>
              <div className="coupon coupon-skeleton" aria-hidden="true">
                <div className="skeleton skeleton-line" />
                <div className="skeleton skeleton-line skeleton-short" />
                <div className="skeleton skeleton-line" />
              </div>
            </li>
          ))}
    </ul>
  );
}

function CouponCard({ coupon, headingLevel }: { coupon: Coupon; headingLevel: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const codeRef = useRef<HTMLElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await copyText(coupon.code);
      setMessage(`Copied ${coupon.code} to the clipboard.`);
    } catch {
      // Select the code so a long-press or Ctrl+C copies it by hand.
      const code = codeRef.current;
      if (code) window.getSelection()?.selectAllChildren(code);
      setMessage(`Couldn’t copy. Select ${coupon.code} and copy it.`);
    }
    timer.current = setTimeout(() => setMessage(''), COPIED_MESSAGE_MS);
  };

  return (
    <article className="coupon">
      <p className="coupon-value">{couponValueText(coupon)}</p>
      <Heading className="coupon-title">{coupon.title}</Heading>
      <p className="coupon-description">{coupon.description}</p>
      <dl className="coupon-terms">
        {coupon.minSubtotalCents !== null && (
          <div>
            <dt>Minimum subtotal</dt>
            <dd>{formatMoney(coupon.minSubtotalCents)}</dd>
          </div>
        )}
        {coupon.brand && (
          <div>
            <dt>Brand</dt>
            <dd>
              <PageLink to={`/search?b=${encodeURIComponent(coupon.brand.slug)}`}>{coupon.brand.name}</PageLink>
            </dd>
          </div>
        )}
        <div>
          <dt>Ends</dt>
          <dd>
            <time dateTime={coupon.endsAt}>{formatDate(coupon.endsAt)}</time>
          </dd>
        </div>
      </dl>
      <div className="coupon-code-row">
        <p className="coupon-code">
          <span className="visually-hidden">Code </span>
          <code ref={codeRef}>{coupon.code}</code>
        </p>
        <button
          type="button"
          className="button button-secondary coupon-copy"
          aria-label={`Copy code ${coupon.code}`}
          onClick={() => void copy()}
        >
          Copy code
        </button>
      </div>
      <p className="coupon-copied" role="status">
        {message}
      </p>
    </article>
  );
}
