/**
 * The SANDBOX mark (docs/parties/README.md, The sandbox label): a thin strip of yellow and black warning stripes
 * with its words on a yellow band, shown by both apps while a party answers from its sandbox. It takes its own
 * height in the page, so it never lies over content or a tap target; the app places it (inside a sticky header,
 * or sticky itself at the top) and hands it its words, translated.
 */
export function SandboxMark({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="note"
      aria-label={label}
      className={`flex items-center justify-center bg-[repeating-linear-gradient(135deg,#111827_0_8px,#facc15_8px_16px)] px-2 py-0.5 ${className}`}
    >
      <span
        aria-hidden="true"
        className="truncate rounded-sm bg-yellow-300 px-2 text-xs font-semibold tracking-wide text-slate-950"
      >
        {label}
      </span>
    </div>
  );
}
