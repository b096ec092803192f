import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';

/**
 * A step's title. The page moves the focus to it when the step changes (not on first paint), so
 * a screen reader announces the new step and the keyboard goes on from there.
 */
export function StepHeading({ children, focus }: { children: string; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <Typography
      ref={ref}
      variant="h6"
      component="h2"
      tabIndex={-1}
      gutterBottom
      sx={{ outline: 'none' }}
    >
      {children}
    </Typography>
  );
}
