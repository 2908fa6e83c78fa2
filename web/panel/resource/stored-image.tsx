import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { privateImageUrl } from '#web/lib/private-image.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & { src: string };

/** An <img> of a stored file that, when refused (a hidden post's image), is fetched again with the admin's token. */
export function StoredImage({ src, alt = '', ...rest }: Props) {
  const [fallback, setFallback] = useState<{ src: string; url: string } | null>(null);
  useEffect(
    () => () => {
      if (fallback) URL.revokeObjectURL(fallback.url);
    },
    [fallback],
  );
  const shown = fallback?.src === src ? fallback.url : src;
  const onError = () => {
    if (shown === src) void privateImageUrl(src).then((url) => url && setFallback({ src, url }));
  };
  return <img {...rest} src={shown} alt={alt} onError={onError} />;
}
