/** The clinic's mark: a leaf in a circle. Decorative; the link around it carries the name. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#1f6f50" />
      <path d="M20 42c0-14 10-24 26-24-1 15-10 25-24 25l-2-1Z" fill="#e7f4ec" />
      <path d="M22 42c6-7 12-11 18-15" stroke="#1f6f50" strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
