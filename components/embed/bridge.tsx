'use client';

import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';

/*
 * The embedded page's side of the conversation with the partner's page (public/embed.js on the other
 * side): it says when it is ready, how tall its content is whenever that changes, and what the traveller
 * did (a quote, a sent inquiry). Messages go only to the host origin the server checked against
 * EMBED_ALLOWED_ORIGINS; without one, nothing is posted.
 */

type Send = (
  type: 'ready' | 'resize' | 'quote' | 'inquiry-submitted',
  detail?: Record<string, unknown>,
) => void;
const EmbedContext = createContext<Send>(() => {});

export function EmbedBridge({ host, children }: { host: string | null; children: ReactNode }) {
  const send = useCallback<Send>(
    (type, detail = {}) => {
      if (host && window.parent !== window)
        window.parent.postMessage({ source: 'rental-embed', type, detail }, host);
    },
    [host],
  );
  useEffect(() => {
    // The whole body (the test-mode banner included); the embed layout keeps its height to its content.
    const el = document.body;
    let last = 0;
    const report = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        send('resize', { height });
      }
    };
    const observer = new ResizeObserver(report);
    observer.observe(el);
    report();
    send('ready', { path: window.location.pathname });
    return () => observer.disconnect();
  }, [send]);
  return (
    <EmbedContext.Provider value={send}>
      <div className="flow-root">{children}</div>
    </EmbedContext.Provider>
  );
}

export const useEmbedEvents = () => useContext(EmbedContext);
