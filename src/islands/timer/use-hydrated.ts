/** False during SSR and the hydrating render, true after the island mounted in the browser. */
import { useEffect, useState } from 'react';

/** Whether the component has mounted in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
