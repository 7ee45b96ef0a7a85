import { CROSS_MARK } from '@agency/shared';

interface StatusMessageProps {
  tone: 'info' | 'success' | 'error';
  children: string;
}

/** A result line of the confirm and reset pages; errors carry the spec's cross mark (spec 5). */
export function StatusMessage({ tone, children }: StatusMessageProps) {
  if (tone === 'error') {
    return (
      <p className="alert alert--error">
        <span aria-hidden="true">{CROSS_MARK}</span> {children}
      </p>
    );
  }
  return <p className={tone === 'success' ? 'alert alert--success' : 'auth-card__lead'}>{children}</p>;
}
