// The theme's logo in a header (public and admin): a fixed height and at most
// HEADER_LOGO_MAX_WIDTH_PX wide, so an SVG that gives only a viewBox (no width or height)
// is drawn at the header's size from its aspect ratio rather than at 0 or 300×150; when
// it fails to load, `fallback` (the title) shows instead.
import { HEADER_LOGO_HEIGHT_PX, HEADER_LOGO_MAX_WIDTH_PX } from '@acende/shared/constants';
import { type ReactNode, useState } from 'react';

export function HeaderLogo({
  src,
  alt,
  fallback,
  className,
}: {
  src: string | undefined;
  alt: string;
  fallback: ReactNode;
  /** Narrower on a phone, beside other controls: an important class (`max-sm:max-w-24!`), as the style below outranks a plain one. */
  className?: string;
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) return <>{fallback}</>;
  return (
    <img
      src={src}
      alt={alt}
      height={HEADER_LOGO_HEIGHT_PX}
      data-testid="header-logo"
      className={className}
      style={{
        height: HEADER_LOGO_HEIGHT_PX,
        width: 'auto',
        maxWidth: HEADER_LOGO_MAX_WIDTH_PX,
        objectFit: 'contain',
        objectPosition: 'left center',
      }}
      onError={() => setFailed(src)}
    />
  );
}
