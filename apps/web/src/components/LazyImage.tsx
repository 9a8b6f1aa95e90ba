import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { LAZY_IMAGE_MARGIN_PX } from '@portal/contracts/constants';

/**
 * An image that loads once it comes within 150 px of the viewport (spec 01 §9). The box keeps
 * its size before loading so nothing jumps.
 */
export function LazyImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return <img ref={ref} src={near ? src : undefined} data-src={src} alt={alt} decoding="async" {...rest} />;
}
