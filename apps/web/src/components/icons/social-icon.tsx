import type { SocialLink } from '@/content/brand';

/* Simplified marks drawn on a 24 px grid; currentColor lets the footer choose the colour. */
const PATHS: Record<SocialLink['network'], string> = {
  facebook:
    'M13.5 21v-7.5h2.6l.4-3.1h-3V8.5c0-.9.3-1.5 1.6-1.5h1.6V4.2c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H7.9v3.1h2.6V21z',
  instagram:
    'M12 7.2a4.8 4.8 0 1 0 0 9.6 4.8 4.8 0 0 0 0-9.6zm0 7.9a3.1 3.1 0 1 1 0-6.2 3.1 3.1 0 0 1 0 6.2zM17.1 5.8a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2zM7.6 3h8.8A4.6 4.6 0 0 1 21 7.6v8.8a4.6 4.6 0 0 1-4.6 4.6H7.6A4.6 4.6 0 0 1 3 16.4V7.6A4.6 4.6 0 0 1 7.6 3zm0 1.7a2.9 2.9 0 0 0-2.9 2.9v8.8a2.9 2.9 0 0 0 2.9 2.9h8.8a2.9 2.9 0 0 0 2.9-2.9V7.6a2.9 2.9 0 0 0-2.9-2.9z',
  x: 'M4 4h4.6l3.9 5.4L17.2 4h2.3l-6 6.9L20.3 20h-4.6l-4.2-5.8L6.4 20H4.1l6.4-7.3zm2.9 1.5 9.6 13h1.1L8.1 5.5z',
  tiktok:
    'M15.6 3c.3 2.2 1.7 3.7 3.9 3.9v2.6c-1.4 0-2.7-.4-3.9-1.2v6.1a5.4 5.4 0 1 1-5.4-5.4c.3 0 .6 0 .9.1v2.7a2.7 2.7 0 1 0 1.9 2.6V3z',
  youtube:
    'M21.6 7.7a2.6 2.6 0 0 0-1.8-1.8C18.2 5.5 12 5.5 12 5.5s-6.2 0-7.8.4a2.6 2.6 0 0 0-1.8 1.8C2 9.3 2 12 2 12s0 2.7.4 4.3a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.3.4-4.3s0-2.7-.4-4.3zM10 15V9l5.2 3z',
};

export function SocialIcon({ network }: { network: SocialLink['network'] }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[network]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
