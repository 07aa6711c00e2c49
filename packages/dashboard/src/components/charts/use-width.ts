import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width in CSS pixels of the element `ref` is put on, followed as it changes: charts draw at
 * that width, so that their text keeps its size on a phone instead of shrinking with a scaled SVG.
 */
export function useWidth<T extends Element>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => setWidth(Math.max(200, Math.round(element.getBoundingClientRect().width)) || fallback);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}
