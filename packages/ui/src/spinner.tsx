/**
 * The words the shared components say on their own (a spinner's name for screen readers), in the reader's
 * language. Each app hands over a hook reading them from its own catalogue when its i18n module loads
 * (`configureUiTexts`), so every component of either app speaks that app's language without a provider.
 */
export interface UiTexts {
  loading: string;
}

let useUiTexts: () => UiTexts = () => {
  throw new Error('configureUiTexts was not called: the app must hand its texts to @member-wallet/ui');
};

export function configureUiTexts(useTexts: () => UiTexts): void {
  useUiTexts = useTexts;
}

export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const texts = useUiTexts();
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-slate-500 ${className}`}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
      />
      <span className="sr-only">{label ?? texts.loading}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner />
    </div>
  );
}
