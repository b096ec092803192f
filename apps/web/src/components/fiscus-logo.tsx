interface FiscusLogoProps {
  /** Height of the mark in px; the word scales with it. */
  size?: number;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

/**
 * The product mark: a stamped "F" tile and the word Fiscus (the product name is not translated).
 * Plain elements, no MUI: the login page draws it before MUI is loaded.
 */
export function FiscusLogo({ size = 32, inverted = false }: FiscusLogoProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <svg
        viewBox="0 0 32 32"
        role="img"
        aria-label="Fiscus"
        style={{ width: size, height: size, flexShrink: 0 }}
      >
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M10 8h13v3.6h-9v3.2h7.6v3.5H14V24h-4z" fill="#fff" />
        <circle cx="24" cy="22" r="2.6" fill="#38bdf8" />
      </svg>
      <span
        aria-hidden
        style={{
          fontWeight: 700,
          fontSize: size * 0.62,
          letterSpacing: '-0.02em',
          lineHeight: 1.5,
          color: inverted ? '#fff' : '#0f172a',
        }}
      >
        Fiscus
      </span>
    </span>
  );
}
