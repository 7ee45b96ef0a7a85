import type { ReactNode } from 'react';
import { SessionProvider } from '@/features/auth';

/** Every app-wide provider; the site shell wraps the whole app (and the prerender) in it. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <SessionProvider>{children}</SessionProvider>;
}
