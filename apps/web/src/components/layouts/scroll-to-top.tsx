import { SCROLL_THRESHOLDS } from '@agency/shared';
import { useScrolledPast } from './use-scrolled-past';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export function ScrollToTop() {
  const visible = useScrolledPast(SCROLL_THRESHOLDS.SCROLL_TO_TOP_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-to-top"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">Back to top</span>
    </button>
  );
}
