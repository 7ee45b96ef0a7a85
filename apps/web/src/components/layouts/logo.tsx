import { BRAND } from '@/content/brand';

/** The wordmark drawn as inline SVG so the header needs no image request. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const ink = inverted ? '#ffffff' : BRAND.colours.brand;
  return (
    <svg
      className="logo"
      viewBox="0 0 180 40"
      width={BRAND.logo.width}
      height={BRAND.logo.height}
      role="img"
      aria-label={BRAND.name}
      focusable="false"
    >
      <rect x="0" y="2" width="36" height="36" rx="10" fill={BRAND.colours.accent} />
      <path
        d="M11 29V11h8.5a5.5 5.5 0 0 1 1.6 10.8L26 29h-5l-4.3-7H15.5v7z M15.5 18.2h3.7a1.9 1.9 0 0 0 0-3.7h-3.7z"
        fill="#161616"
      />
      <circle cx="29" cy="11" r="3" fill={inverted ? '#ffffff' : BRAND.colours.brand} />
      <text x="44" y="19" fill={ink} fontFamily="Poppins, system-ui, sans-serif" fontWeight="700" fontSize="15">
        Rendezvous
      </text>
      <text
        x="44"
        y="35"
        fill={ink}
        fontFamily="Poppins, system-ui, sans-serif"
        fontWeight="400"
        fontSize="12"
        letterSpacing="3.2"
      >
        DIGITAL
      </text>
    </svg>
  );
}
