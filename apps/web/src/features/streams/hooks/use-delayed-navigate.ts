import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/** Navigates after a delay (SPEC section 4's redirects); a page left before then is not navigated away from. */
export function useDelayedNavigate(): (path: string, delayMs: number) => void {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (path: string, delayMs: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(path), delayMs);
    },
    [navigate],
  );
}
