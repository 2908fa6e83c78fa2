import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { GalleryItem } from '#web/pages/public/gallery-items.ts';

type Props = { items: GalleryItem[]; label: string };

const EAGER_TILES = 4;

const hostOf = (src: string) => {
  try {
    return new URL(src).hostname.replace(/^www\./, '');
  } catch {
    return 'another site';
  }
};

function Tile({
  item,
  index,
  onOpen,
}: {
  item: GalleryItem;
  index: number;
  onOpen: (i: number, e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  if (item.external) {
    return (
      <a className="gallery-link gallery-video" href={item.src} rel="noopener noreferrer">
        <span className="gallery-play" aria-hidden="true" />
        <span className="gallery-video-title">{item.title || 'Video'}</span>
        <span className="visually-hidden">{` (video on ${hostOf(item.src)})`}</span>
      </a>
    );
  }
  if (item.kind === 'video') {
    // With a poster the tile looks like a picture (its title is the caption below); without one it names itself.
    return (
      <a
        className={`gallery-link gallery-video${item.poster ? ' gallery-video-poster' : ''}`}
        href={item.src}
        onClick={(e) => onOpen(index, e)}
      >
        {item.poster && (
          <img
            src={item.poster}
            alt=""
            width={item.width}
            height={item.height}
            loading={index < EAGER_TILES ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
        <span className="gallery-play" aria-hidden="true" />
        <span className={item.poster ? 'visually-hidden' : 'gallery-video-title'}>{item.title || 'Video'}</span>
        <span className="visually-hidden"> (play video)</span>
      </a>
    );
  }
  // The first two rows on a phone (one on a wide screen) are on screen, the largest paint among them: the rest load lazily.
  const eager = index < EAGER_TILES;
  return (
    <a className="gallery-link" href={item.src} onClick={(e) => onOpen(index, e)}>
      <img
        src={item.src}
        alt={item.alt}
        width={item.width}
        height={item.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={index === 0 ? 'high' : undefined}
        decoding="async"
      />
    </a>
  );
}

/** The visitor opened the video, so it starts by itself, unless they asked for less motion (then the controls start it). */
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The gallery grid. Without JavaScript every tile is a plain link to its file; once hydrated, images
 * and uploaded videos open in a modal viewer: arrow keys move, Esc closes, Tab stays inside, and
 * focus goes back to the tile that opened it.
 */
export default function GalleryLightbox({ items, label }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const viewable = items.map((it, i) => (it.external ? -1 : i)).filter((i) => i >= 0);

  useEffect(() => setReady(true), []);
  const isOpen = open !== null;
  useEffect(() => {
    if (!isOpen) return;
    dialog.current?.querySelector<HTMLElement>('.lightbox-close')?.focus();
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, [isOpen]);

  const onOpen = (index: number, e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    opener.current = e.currentTarget;
    setOpen(index);
  };
  const close = () => {
    setOpen(null);
    const back = opener.current;
    requestAnimationFrame(() => back?.focus());
  };
  const move = (step: number) => {
    if (open === null) return;
    const at = viewable.indexOf(open);
    setOpen(viewable[(at + step + viewable.length) % viewable.length] ?? open);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'Tab') {
      const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>('button, a[href], video[controls]') ?? []);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || !dialog.current?.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const current = open === null ? null : items[open];
  const position = open === null ? 0 : viewable.indexOf(open) + 1;
  return (
    <div className="gallery" data-ready={ready ? '' : undefined}>
      <ul className="gallery-grid" aria-label={label}>
        {items.map((item, i) => (
          <li key={item.id} className="gallery-item">
            <Tile item={item} index={i} onOpen={onOpen} />
            {item.title && (item.kind === 'image' || item.poster) && (
              <p className="gallery-caption" aria-hidden={item.kind === 'video' ? true : undefined}>
                {item.title}
              </p>
            )}
          </li>
        ))}
      </ul>
      {current && (
        <div className="lightbox" role="dialog" aria-modal="true" aria-labelledby="lightbox-title" ref={dialog} onKeyDown={onKeyDown}>
          <div className="lightbox-backdrop" onClick={close} aria-hidden="true" />
          <figure className="lightbox-figure">
            {current.kind === 'video' ? (
              <video
                key={current.id}
                src={current.src}
                poster={current.poster ?? undefined}
                width={current.width}
                height={current.height}
                controls
                autoPlay={!reducedMotion()}
                playsInline
                preload="metadata"
                className="lightbox-media"
                aria-label={current.alt}
              />
            ) : (
              <img
                key={current.id}
                src={current.src}
                alt={current.alt}
                width={current.width}
                height={current.height}
                className="lightbox-media"
              />
            )}
            <figcaption>
              <span id="lightbox-title">{current.title || current.alt}</span>

              <span className="lightbox-count">{`${position} of ${viewable.length}`}</span>
            </figcaption>
          </figure>
          <button type="button" className="lightbox-close" onClick={close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
          {viewable.length > 1 && (
            <>
              <button type="button" className="lightbox-prev" onClick={() => move(-1)} aria-label="Previous">
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className="lightbox-next" onClick={() => move(1)} aria-label="Next">
                <span aria-hidden="true">›</span>
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
