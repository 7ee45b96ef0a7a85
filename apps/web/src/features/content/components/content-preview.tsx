import { useEffect, useRef, useState } from 'react';
import { CONTENT_PATHS } from '@agency/shared';

const WIDTHS = [
  { name: 'phone', width: 375, height: 720 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The draft as the public renderer draws it, at a phone's width and a desktop's, each scaled down to the room it has
 * (a 1280 px page shown whole in a column). `revision` reloads both after a save.
 */
export function ContentPreview({ id, title, revision }: { id: number; title: string; revision: number }) {
  return (
    <div className="content-preview">
      {WIDTHS.map((frame) => (
        <ScaledFrame
          key={`${frame.name}-${revision}`}
          src={`${CONTENT_PATHS.preview(id)}?version=draft`}
          title={`Preview of "${title}" at ${frame.name} width (${frame.width} px)`}
          caption={`${frame.name === 'phone' ? 'Phone' : 'Desktop'}, ${frame.width} px`}
          width={frame.width}
          height={frame.height}
        />
      ))}
    </div>
  );
}

function ScaledFrame({
  src,
  title,
  caption,
  width,
  height,
}: {
  src: string;
  title: string;
  caption: string;
  width: number;
  height: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(width);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setRoom(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = Math.min(1, room / width);
  return (
    <figure className="content-preview__frame">
      <figcaption className="content-preview__caption">
        {caption}
        {scale < 1 ? `, shown at ${Math.round(scale * 100)}%` : ''}
      </figcaption>
      <div ref={box} className="content-preview__room">
        <div className="content-preview__box" style={{ width: width * scale, height: height * scale }}>
          <iframe
            src={src}
            title={title}
            width={width}
            height={height}
            style={{ transform: `scale(${scale})` }}
            className="content-preview__iframe"
          />
        </div>
      </div>
    </figure>
  );
}
