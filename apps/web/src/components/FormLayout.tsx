import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import './FormLayout.css';

/**
 * A form that takes money (Purchase Products, Pay Invoices): its sections (`children`, each a
 * `form-section`), beside the summary of what will be charged and the button that sends it. From 992 px
 * the summary stands beside the sections and follows the page as it scrolls; below, it comes after them.
 * `className` is the page's own (the summary's width: --form-summary-width). With `onSubmit` the whole is
 * one form (the summary's button sends it), checked here rather than by the browser.
 */
export function FormLayout({
  className,
  summaryTitle,
  summary,
  onSubmit,
  children,
}: {
  className: string;
  summaryTitle: string;
  summary: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  const content = (
    <>
      <div className="form-layout-sections">{children}</div>
      <aside className="form-layout-summary" aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`}>{summaryTitle}</h2>
        {summary}
      </aside>
    </>
  );
  return onSubmit ? (
    <form className={`form-layout ${className}`} noValidate onSubmit={onSubmit}>
      {content}
    </form>
  ) : (
    <div className={`form-layout ${className}`}>{content}</div>
  );
}

/**
 * What the server refused, in its words; it takes the focus when it comes (`focusRef`, spec 01 §8), so it
 * is read first.
 */
export function ProblemAlert({
  id,
  focusRef,
  lines,
  children,
}: {
  id?: string;
  focusRef: Ref<HTMLDivElement>;
  lines: string[];
  /** What to do about it, after the server's words. */
  children?: ReactNode;
}) {
  return (
    <div id={id} ref={focusRef} className="alert alert-error form-problem" role="alert" tabIndex={-1}>
      <div className="alert-content">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {children}
      </div>
    </div>
  );
}
