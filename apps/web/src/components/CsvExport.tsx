import { useRef, useState } from 'react';
import { formatNumber, toIsoDay } from '@portal/contracts/format';
import { alertLinesFor } from '../lib/errors.ts';
import { download } from '../lib/csv.ts';

/**
 * Export CSV of a filtered list (invoices, credit memos, orders): every row, asked 100 at a time (spec 02
 * §9), then saved as a file built here, named `<fileStem>-<day>.csv`. The progress is announced; the
 * button waits for the file.
 */
export function CsvExport<T>({
  fetchAll,
  toCsv,
  fileStem,
  noun,
  disabled,
}: {
  fetchAll: (onProgress: (done: number, total: number) => void) => Promise<T[]>;
  toCsv: (rows: readonly T[]) => string;
  fileStem: string;
  /** What is counted in the progress ('invoices'). */
  noun: string;
  disabled: boolean;
}) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const running = useRef(false);

  async function exportCsv() {
    if (running.current) return;
    running.current = true;
    setFailure(null);
    setProgress({ done: 0, total: 0 });
    try {
      const rows = await fetchAll((done, total) => setProgress({ done, total }));
      download(`${fileStem}-${toIsoDay(new Date())}.csv`, toCsv(rows));
    } catch (error) {
      setFailure(`The CSV could not be made. ${alertLinesFor(error).join(' ')}`);
    } finally {
      running.current = false;
      setProgress(null);
    }
  }

  return (
    <div className="csv-export">
      <button
        type="button"
        className="button button-secondary"
        disabled={disabled || progress !== null}
        aria-busy={progress !== null || undefined}
        onClick={() => void exportCsv()}
      >
        {progress ? 'Exporting…' : 'Export CSV'}
      </button>
      <p className="csv-export-status" role="status">
        {progress && progress.total > 0 && `${formatNumber(progress.done)} of ${formatNumber(progress.total)} ${noun}`}
      </p>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
