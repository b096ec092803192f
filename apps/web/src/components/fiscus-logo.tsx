import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface FiscusLogoProps {
  /** Height of the mark in px; the word scales with it. */
  size?: number;
  /** Light text for dark backgrounds. */
  inverted?: boolean;
}

/** The product mark: a stamped "F" tile and the word Fiscus (the product name is not translated). */
export function FiscusLogo({ size = 32, inverted = false }: FiscusLogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        role="img"
        aria-label="Fiscus"
        sx={{ width: size, height: size, flexShrink: 0 }}
      >
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M10 8h13v3.6h-9v3.2h7.6v3.5H14V24h-4z" fill="#fff" />
        <circle cx="24" cy="22" r="2.6" fill="#38bdf8" />
      </Box>
      <Typography
        component="span"
        aria-hidden
        sx={{
          fontWeight: 700,
          fontSize: size * 0.62,
          letterSpacing: '-0.02em',
          color: inverted ? 'common.white' : 'text.primary',
        }}
      >
        Fiscus
      </Typography>
    </Box>
  );
}
