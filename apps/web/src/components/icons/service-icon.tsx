import type { ServiceIcon as ServiceIconName } from '@/content/services';

/* Line icons on a 32 px grid, drawn for this site. */
const ICONS: Record<ServiceIconName, string> = {
  code: 'M11 10l-6 6 6 6M21 10l6 6-6 6M18 7l-4 18',
  phone: 'M10 4h12a2 2 0 0 1 2 2v20a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM14 24h4',
  cart: 'M4 6h4l3 14h14l3-10H10M13 26a1.5 1.5 0 1 0 0 .1M24 26a1.5 1.5 0 1 0 0 .1',
  pen: 'M6 26l4-1 15-15-3-3L7 22zM19 10l3 3M6 26h20',
  megaphone: 'M5 13v6h4l10 6V7L9 13zM9 19l2 7h3l-2-7M23 12a5 5 0 0 1 0 8',
  cap: 'M3 12l13-6 13 6-13 6zM9 15v6c0 2 3.5 4 7 4s7-2 7-4v-6M29 12v8',
};

export function ServiceIcon({ name }: { name: ServiceIconName }) {
  return (
    <svg className="service-icon" viewBox="0 0 32 32" width="48" height="48" aria-hidden="true" focusable="false">
      <path
        d={ICONS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
