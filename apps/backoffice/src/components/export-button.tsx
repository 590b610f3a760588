import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { errorText } from '../lib/http.ts';

export interface CsvExport {
  exporting: boolean;
  /** The last attempt's error text, cleared when another starts. */
  error: string | null;
  start: () => void;
}

/** The state of a CSV download: busy while it runs, its error text when it fails. */
export function useCsvExport(download: () => Promise<void>): CsvExport {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setError(null);
    setExporting(true);
    try {
      await download();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setExporting(false);
    }
  }
  return { exporting, error, start: () => void run() };
}

/** The export button of a list; its error is shown apart, with ErrorAlert, or inline by ExportButtonWithError. */
export function ExportButton({ label, csv, className }: { label: string; csv: CsvExport; className?: string }) {
  return (
    <Button variant="secondary" className={className} loading={csv.exporting} onClick={csv.start}>
      {label}
    </Button>
  );
}

/** The export button with its own error line under it, for forms where there is no room above the list. */
export function ExportButtonWithError({ label, download }: { label: string; download: () => Promise<void> }) {
  const csv = useCsvExport(download);
  return (
    <div>
      <ExportButton label={label} csv={csv} />
      {csv.error ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {csv.error}
        </p>
      ) : null}
    </div>
  );
}
