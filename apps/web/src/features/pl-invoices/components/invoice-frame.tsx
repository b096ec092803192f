/**
 * The invoice's HTML visualisation inside the page (spec 2 "Invoice page"): a whole HTML
 * document in an iframe's `srcdoc`, sandboxed without `allow-scripts`, so nothing in it ever
 * runs. `allow-same-origin` only lets the page read the document's height (the frame grows to
 * its content, no second scrollbar) and open its links in a new tab; without scripts the
 * document itself can do nothing with that origin.
 */
import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, useState } from 'react';

const MIN_HEIGHT = 320;

export function InvoiceFrame({ html, title }: { html: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(MIN_HEIGHT);
  const observer = useRef<ResizeObserver | null>(null);

  const measure = useCallback(() => {
    const document = frame.current?.contentDocument;
    if (!document?.documentElement) return;
    const content = Math.max(
      document.documentElement.scrollHeight,
      document.body?.scrollHeight ?? 0,
    );
    setHeight(Math.max(MIN_HEIGHT, content));
  }, []);

  const onLoad = useCallback(() => {
    const document = frame.current?.contentDocument;
    if (!document) return;
    // Links of the invoice (KSeF's verification page) open beside the console, not inside it.
    if (document.head && !document.querySelector('base')) {
      const base = document.createElement('base');
      base.target = '_blank';
      document.head.prepend(base);
    }
    measure();
    observer.current?.disconnect();
    if (typeof ResizeObserver !== 'undefined' && document.body) {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(document.body);
    }
  }, [measure]);

  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <Box
      component="iframe"
      ref={frame}
      title={title}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={html}
      onLoad={onLoad}
      sx={{
        display: 'block',
        width: '100%',
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'common.white',
      }}
    />
  );
}
